// Rules of the sync engine: backoff delays, push batch limits and which queued entries go next.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { backoffBaseMs, backoffCapMs, backoffDelayMs } from '../../src/sync/backoff';
import { nextSendable, preparePush, wireEntry } from '../../src/sync/batching';
import { createAppDb, type OutboxEntry } from '../../src/db/app-db';

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
    const first = preparePush(queue, 'device-1', 200).batch;
    expect(first.map((e) => e.seq)).toEqual(queue.slice(0, 200).map((e) => e.seq));
  });

  it('stop at the byte limit but always carry at least one entry', () => {
    const big = 'x'.repeat(1000);
    const queue = Array.from({ length: 10 }, (_, i) => entry(i + 1, { big }));
    expect(preparePush(queue, 'device-1', 200, 3500).batch).toHaveLength(3);
    expect(preparePush(queue, 'device-1', 200, 10).batch).toHaveLength(1);
  });

  it('are written out ahead as the request body the server reads', () => {
    const queue = [
      entry(1, { name: 'Nguyễn Thị Minh Anh', note: 'dòng "một"\nhai' }),
      { ...entry(2, undefined), name: 'contact.delete' },
      ...Array.from({ length: 8 }, (_, i) => entry(i + 3, { big: 'x'.repeat(1000) })),
    ];
    const prepared = preparePush(queue, 'device-1', 200, 3500);
    expect(prepared.batch).toHaveLength(5);
    expect(prepared.body).toBe(
      JSON.stringify({ mutations: prepared.batch.map(wireEntry), clientId: 'device-1' }),
    );
  });
});

describe('the next sendable entries', () => {
  it('pass over the entries on their way, keep queue order, and hold what follows a held one', async () => {
    const db = createAppDb(`mecards-sendable-${crypto.randomUUID()}`);
    const now = Date.parse('2026-11-27T10:00:00Z');
    const queue = Array.from({ length: 260 }, (_, i) => entry(i + 1, { i }));
    // Entry 150 waits under a fair-use limit: 151 is on its row and waits behind it.
    queue[149] = { ...queue[149]!, notBefore: now + 60_000 };
    queue[150] = { ...queue[150]!, rowKey: queue[149].rowKey };
    // Another member's entry and a refused one are never sent here.
    queue[199] = { ...queue[199]!, memberId: 'someone else' };
    queue[200] = { ...queue[200]!, state: 'rejected' };
    await db.outbox.bulkAdd(queue);
    const onTheirWay = new Map(queue.slice(0, 120).map((e) => [e.id, e.seq]));
    const seqs = async (max: number, skip = onTheirWay) =>
      (await nextSendable(db, 'm', now, max, skip)).map((e) => e.seq);
    const expected = queue
      .map((e) => e.seq)
      .filter((seq) => seq > 120 && ![150, 151, 200, 201].includes(seq));
    // Chunks of max + 120 ids: small maxima cross several chunks, each entry still comes once.
    expect(await seqs(500)).toEqual(expected);
    expect(await seqs(30)).toEqual(expected.slice(0, 30));
    expect(await seqs(100)).toEqual(expected.slice(0, 100));
    expect(await seqs(500, new Map())).toEqual([
      ...queue.slice(0, 120).map((e) => e.seq),
      ...expected,
    ]);
    db.close();
  });
});
