// Time-ordered outbox ids (src/sync/time-ordered-id.ts, decision 0203): they grow with the queue,
// and a batch the server applied whole is written off by key range without touching what it
// did not send, nor the rows a later entry still waits to change.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createAppDb, type AppDb, type OutboxEntry } from '../../src/db/app-db';
import { queueMutationIn } from '../../src/sync/mutate';
import { applyPushResults } from '../../src/sync/local-apply';
import { nextSendable, readOutboxEntries } from '../../src/sync/batching';
import { timeOrderedId, timeOrderedIdAfter } from '../../src/sync/time-ordered-id';
import type { PointEntry } from '../../contract/points';
import type { PushResult } from '../../contract/sync';

const uuidV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const at = Date.parse('2026-11-28T08:00:00Z');

describe('time-ordered ids', () => {
  it('grow one after another within one millisecond, as UUIDv7', () => {
    const ids: string[] = [];
    for (let i = 0; i < 1_000; i += 1) ids.push(timeOrderedIdAfter(ids.at(-1), at));
    expect(ids.every((id) => uuidV7.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('still grow when the clock went back, and start afresh after a random id', () => {
    const future = timeOrderedId(at + 86_400_000);
    const next = timeOrderedIdAfter(future, at);
    expect(next > future).toBe(true);
    expect(uuidV7.test(next)).toBe(true);
    const afterRandom = timeOrderedIdAfter(crypto.randomUUID(), at);
    expect(afterRandom.slice(0, 13)).toBe(timeOrderedId(at).slice(0, 13));
  });

  it('move to the next millisecond when the random bits are used up', () => {
    // The greatest id of the millisecond: nothing made in it can follow.
    const full = `${timeOrderedId(at).slice(0, 14)}7fff-bfff-ffffffffffff`;
    const next = timeOrderedIdAfter(full, at);
    expect(next > full).toBe(true);
    expect(uuidV7.test(next)).toBe(true);
    expect(next.slice(0, 13)).toBe(timeOrderedId(at + 1).slice(0, 13));
  });
});

function freshDb(): AppDb {
  return createAppDb(`mecards-ordered-outbox-${crypto.randomUUID()}`);
}

/** A point entry as the booth logs it: the device's guess of points (999), a time-ordered id. */
async function logEntry(db: AppDb, id = timeOrderedId()): Promise<OutboxEntry> {
  const row: PointEntry = {
    id,
    sellerGroupId: 'group-1',
    sellerGroupName: 'Cà Phê Sương Mai',
    buyerMemberId: 'buyer-1',
    buyerName: 'Nguyễn Thị Minh Anh',
    staffMemberId: 'staff-1',
    staffName: '',
    orderGroupId: null,
    invoiceNumber: `HD-${id.slice(-6)}`,
    invoiceValue: 120_000,
    accumulatedPoints: 999,
    deductedPoints: 0,
    paymentAmount: 120_000,
    note: null,
    recordedAt: new Date(at).toISOString(),
    createdAt: new Date(at).toISOString(),
    updatedAt: new Date(at).toISOString(),
    deletedAt: null,
  };
  return queueMutationIn(
    db,
    {
      name: 'point.create',
      payload: {
        id,
        sellerGroupId: row.sellerGroupId,
        buyerMemberId: row.buyerMemberId,
        invoiceNumber: row.invoiceNumber,
        invoiceValue: row.invoiceValue,
        deductedPoints: 0,
        recordedAt: row.recordedAt,
      },
      table: 'pointEntries',
      rowId: id,
      apply: (d) => d.pointEntries.put(row),
    },
    'staff-1',
  );
}

/** The server's answer to `batch`: every entry applied, its row with the server's 42 points. */
function appliedAll(db: AppDb, batch: readonly OutboxEntry[]): Promise<PushResult[]> {
  return Promise.all(
    batch.map(async (entry) => ({
      id: entry.id,
      status: 'applied' as const,
      result: { ...(await db.pointEntries.get(entry.rowKey)), accumulatedPoints: 42 },
    })),
  );
}

describe('an ordered outbox', () => {
  it('queues entries whose ids follow the queue order, from two connections alike', async () => {
    const name = `mecards-ordered-outbox-${crypto.randomUUID()}`;
    const tab = createAppDb(name);
    const worker = createAppDb(name);
    for (let i = 0; i < 20; i += 1) await logEntry(i % 2 === 0 ? tab : worker);
    const queue = await tab.outbox.orderBy('seq').toArray();
    expect(queue.map((e) => e.id)).toEqual(queue.map((e) => e.id).sort());
    tab.close();
    worker.close();
  });

  it('writes off an applied batch and keeps the entry held in its middle, with its data', async () => {
    const db = freshDb();
    const queued: OutboxEntry[] = [];
    for (let i = 0; i < 12; i += 1) queued.push(await logEntry(db));
    // The seventh waits under a fair-use limit: the batch goes around it.
    const held = queued[6]!;
    await db.outbox.update(held.id, { notBefore: at + 3_600_000 });
    const batch = await nextSendable(db, 'staff-1', at, 500);
    expect(batch.map((e) => e.id)).toEqual(queued.filter((e) => e !== held).map((e) => e.id));
    await applyPushResults(db, batch, await appliedAll(db, batch), at);
    expect(await db.outbox.toArray()).toEqual([{ ...held, notBefore: at + 3_600_000 }]);
    for (const entry of batch) {
      expect((await db.pointEntries.get(entry.rowKey))?.accumulatedPoints).toBe(42);
    }
    expect((await db.pointEntries.get(held.rowKey))?.accumulatedPoints).toBe(999);
  });

  it('writes off a batch by range and leaves the entries after it', async () => {
    const db = freshDb();
    const queued: OutboxEntry[] = [];
    for (let i = 0; i < 30; i += 1) queued.push(await logEntry(db));
    const batch = await nextSendable(db, 'staff-1', at, 20);
    await applyPushResults(db, batch, await appliedAll(db, batch), at);
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.id)).toEqual(
      queued.slice(20).map((e) => e.id),
    );
  });

  it('keeps the device’s row, not the answer, while a later entry on it still waits', async () => {
    const db = freshDb();
    const queued: OutboxEntry[] = [];
    for (let i = 0; i < 6; i += 1) queued.push(await logEntry(db));
    // A later entry on the third row (sent again under a new key), and a refused one on the
    // fifth: only the pending one keeps its row from the answer.
    const again = await logEntry(db, queued[2]!.rowKey);
    const refused = await logEntry(db, queued[4]!.rowKey);
    await db.outbox.update(refused.id, { state: 'rejected' });
    const batch = queued.slice(0, 5);
    await applyPushResults(db, batch, await appliedAll(db, batch), at);
    const points = async (entry: OutboxEntry) =>
      (await db.pointEntries.get(entry.rowKey))?.accumulatedPoints;
    expect(await points(queued[2]!)).toBe(999);
    expect((await db.serverShadows.get(`pointEntries|${queued[2]!.rowKey}`))?.row).toMatchObject({
      accumulatedPoints: 42,
    });
    for (const i of [0, 1, 3, 4]) expect(await points(queued[i]!)).toBe(42);
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.id)).toEqual([
      queued[5]!.id,
      again.id,
      refused.id,
    ]);
  });

  it('reads entries by range, and by key when the range holds many others', async () => {
    const db = freshDb();
    const ordered: OutboxEntry[] = [];
    for (let i = 0; i < 10; i += 1) ordered.push(await logEntry(db));
    const wanted = [ordered[7]!.id, ordered[2]!.id, 'missing', ordered[3]!.id];
    expect((await readOutboxEntries(db, wanted)).map((e) => e?.id)).toEqual([
      ordered[7]!.id,
      ordered[2]!.id,
      undefined,
      ordered[3]!.id,
    ]);
    // Random ids (made before ids grew): a range of two of them holds most of the queue.
    const random = freshDb();
    const ids: string[] = [];
    for (let i = 0; i < 200; i += 1) {
      const entry = await logEntry(random);
      const id = crypto.randomUUID();
      await random.outbox.delete(entry.id);
      await random.outbox.add({ ...entry, id });
      ids.push(id);
    }
    const sorted = [...ids].sort();
    const pair = [sorted[199]!, sorted[0]!];
    expect((await readOutboxEntries(random, pair)).map((e) => e?.id)).toEqual(pair);
  });
});
