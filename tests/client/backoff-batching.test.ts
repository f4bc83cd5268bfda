// Pure rules of the sync engine: backoff delays and push batch limits.
import { describe, expect, it } from 'vitest';
import { backoffBaseMs, backoffCapMs, backoffDelayMs } from '../../src/sync/backoff';
import { takeBatch } from '../../src/sync/batching';
import type { OutboxEntry } from '../../src/db/app-db';

describe('backoff', () => {
  it('doubles per failure between half and all of the step, up to the cap', () => {
    for (let failures = 1; failures <= 12; failures += 1) {
      const step = Math.min(backoffCapMs, backoffBaseMs * 2 ** (failures - 1));
      expect(backoffDelayMs(failures, () => 0)).toBe(step / 2);
      expect(backoffDelayMs(failures, () => 1)).toBe(step);
    }
    expect(backoffDelayMs(30, () => 1)).toBe(backoffCapMs);
  });

  it('never waits less than Retry-After', () => {
    expect(backoffDelayMs(1, () => 0, 90)).toBe(90_000);
    expect(backoffDelayMs(12, () => 1, 1)).toBe(backoffCapMs);
  });
});

function entry(seq: number, payload: unknown): OutboxEntry {
  return {
    id: `e${seq}`,
    seq,
    name: 'contact.upsert',
    payload,
    table: 'contacts',
    rowKey: `r${seq}`,
    snapshot: null,
    after: null,
    memberId: 'm',
    state: 'pending',
    createdAt: '',
    attempts: 0,
    lastAttemptAt: null,
    error: null,
    durability: 'default',
    payloadVersion: 1,
  };
}

describe('push batches', () => {
  it('take the queue in order up to the count limit', () => {
    const queue = Array.from({ length: 450 }, (_, i) => entry(i + 1, { i }));
    const first = takeBatch(queue, 200);
    expect(first.map((e) => e.seq)).toEqual(queue.slice(0, 200).map((e) => e.seq));
  });

  it('stop at the byte limit but always carry at least one entry', () => {
    const big = 'x'.repeat(1000);
    const queue = Array.from({ length: 10 }, (_, i) => entry(i + 1, { big }));
    expect(takeBatch(queue, 200, 3500)).toHaveLength(3);
    expect(takeBatch(queue, 200, 10)).toHaveLength(1);
  });
});
