// A booth's own entries (decision 0208): the push's answer is the server's row, written over the
// device's optimistic one, and the booth's pulls leave out the rows it wrote, until its mirror
// is emptied (another member, a resync): then the pull carries them again.
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../server/test-server';
import { createDevice, demoMemberId, type Device } from './support/sync-harness';
import { readSyncState } from '../../src/sync/sync-state';
import { queueMutationIn } from '../../src/sync/mutate';
import { adoptMember } from '../../src/sync/local-apply';
import type { PointEntry } from '../../contract/points';

const server = await startTestServer({ demo: true });
const staffId = await demoMemberId(server, 'staff@mecards.vn');
const buyerId = await demoMemberId(server, 'demo@mecards.vn');

/** Logs an entry as the app does, with what a device may not know right (names, times). */
async function logEntry(device: Device, groupId: string, invoiceNumber: string): Promise<string> {
  const at = new Date(Date.now() - 3_600_000).toISOString();
  const row: PointEntry = {
    id: crypto.randomUUID(),
    sellerGroupId: groupId,
    sellerGroupName: 'tên cũ',
    buyerMemberId: buyerId,
    buyerName: 'gõ tay',
    staffMemberId: staffId,
    staffName: '',
    orderGroupId: null,
    invoiceNumber,
    invoiceValue: 120_000,
    accumulatedPoints: 999,
    deductedPoints: 0,
    paymentAmount: 120_000,
    note: null,
    recordedAt: at,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
  };
  await queueMutationIn(
    device.db,
    {
      name: 'point.create',
      payload: {
        id: row.id,
        sellerGroupId: groupId,
        buyerMemberId: buyerId,
        invoiceNumber,
        invoiceValue: row.invoiceValue,
        deductedPoints: 0,
        recordedAt: at,
      },
      table: 'pointEntries',
      rowId: row.id,
      apply: (db) => db.pointEntries.add(row),
    },
    staffId,
  );
  return row.id;
}

/** The ledger as a device that never saw anything pulls it. */
async function serverLedger(): Promise<Map<string, PointEntry>> {
  const fresh = await createDevice(server, staffId);
  expect((await fresh.engine.syncNow()).status).toBe('synced');
  return new Map((await fresh.db.pointEntries.toArray()).map((row) => [row.id, row]));
}

const pullQueries = (device: Device) =>
  device.log
    .filter((l) => l.path.startsWith('/api/sync/pull'))
    .map((l) => new URL(l.path, 'http://x').searchParams);

describe('a booth’s own rows', () => {
  it('come from the push’s answer, not a second download, and back with an emptied mirror', async () => {
    const booth = await createDevice(server, staffId);
    expect((await booth.engine.syncNow()).status).toBe('synced');
    // The first pull carried everything, the device's own rows included.
    expect(pullQueries(booth).every((q) => !q.has('clientId'))).toBe(true);
    expect(await readSyncState(booth.db, 'holdsOwnRows')).toBe(true);
    const [group] = await booth.db.staffGroups.toArray();
    const ids = [
      await logEntry(booth, group!.groupId, 'OWN-1'),
      await logEntry(booth, group!.groupId, 'OWN-2'),
    ];
    // The first answer is lost after the server applied it: the second delivery is a replay.
    booth.faults.next = (path) => (path === '/api/sync/push' ? { kind: 'drop-after' } : undefined);
    expect((await booth.engine.syncNow()).status).toBe('offline');
    booth.faults.next = () => undefined;
    booth.goOnline();
    booth.log.length = 0;
    const outcome = await booth.engine.syncNow({ force: true });
    expect(outcome).toMatchObject({ status: 'synced', pushed: 2, pulled: 0 });
    const device = (await readSyncState(booth.db, 'clientId'))!;
    expect(pullQueries(booth).map((q) => q.get('clientId'))).toEqual([device]);

    const onServer = await serverLedger();
    for (const id of ids) {
      // The server's names, points and times, not the device's guesses.
      expect(await booth.db.pointEntries.get(id)).toEqual(onServer.get(id));
      expect(onServer.get(id)?.staffName).not.toBe('');
      expect(onServer.get(id)?.accumulatedPoints).not.toBe(999);
    }

    // Another member on this device, then this one again: the mirror was emptied, so the pull
    // carries the booth's own rows again.
    booth.goOnline();
    await adoptMember(booth.db, buyerId);
    await adoptMember(booth.db, staffId);
    expect(await booth.db.pointEntries.count()).toBe(0);
    booth.log.length = 0;
    expect((await booth.engine.syncNow()).status).toBe('synced');
    expect(pullQueries(booth).every((q) => !q.has('clientId'))).toBe(true);
    for (const id of ids) expect(await booth.db.pointEntries.get(id)).toEqual(onServer.get(id));
    expect(await readSyncState(booth.db, 'holdsOwnRows')).toBe(true);
  });
});
