// Points and check-ins on a device against the real server in-process: queued offline, sent
// once through the batch push, balances right on both sides, a late over-deduction refused and
// kept visible with the server's reason, pulls bringing the staffer's group and ledger.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { queueMutationIn } from '../../src/sync/mutate';
import type { AppDb, PointEntryRow } from '../../src/db/app-db';
import { paymentAmount, pointsEarned } from '../../contract/points';
import { balanceView } from '../../src/lib/points-math';
import { startTestServer } from '../server/test-server';
import { createDevice, demoMemberId } from '../client/support/sync-harness';

const server = await startTestServer({ demo: true });
const staffId = await demoMemberId(server, 'staff@mecards.vn');
const buyerId = await demoMemberId(server, 'demo@mecards.vn');

async function queueEntry(db: AppDb, groupId: string, value: number, deducted = 0) {
  const now = new Date().toISOString();
  const row: PointEntryRow = {
    id: crypto.randomUUID(),
    sellerGroupId: groupId,
    sellerGroupName: 'Cà Phê Sương Mai',
    buyerMemberId: buyerId,
    buyerName: 'Nguyễn Thị Minh Anh',
    staffMemberId: staffId,
    staffName: 'Trần Văn Bình',
    orderGroupId: null,
    invoiceNumber: `T-${value}-${deducted}`,
    invoiceValue: value,
    accumulatedPoints: pointsEarned({ invoiceValue: value, deductedPoints: deducted }),
    deductedPoints: deducted,
    paymentAmount: paymentAmount(value, deducted),
    note: null,
    recordedAt: now,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  await queueMutationIn(
    db,
    {
      name: 'point.create',
      payload: {
        id: row.id,
        sellerGroupId: groupId,
        buyerMemberId: buyerId,
        invoiceNumber: row.invoiceNumber,
        invoiceValue: value,
        deductedPoints: deducted,
        recordedAt: now,
      },
      table: 'pointEntries',
      rowId: row.id,
      durability: 'strict',
      apply: (d) => d.pointEntries.add(row),
    },
    staffId,
  );
  return row.id;
}

async function serverBalance(groupId: string): Promise<number> {
  const [row] = await queryRows<{ b: string }>(
    server.database.db,
    sql`SELECT COALESCE(SUM(accumulated_points - deducted_points), 0)::text AS b FROM point_entries
        WHERE buyer_member_id = ${buyerId} AND seller_group_id = ${groupId}`,
  );
  return Number(row?.b);
}

describe('points on a staffer device', () => {
  it('pulls the group, queues offline, sends each entry once and refuses a late over-deduction', async () => {
    const device = await createDevice(server, staffId);
    expect((await device.engine.syncNow()).status).toBe('synced');
    const [group] = await device.db.staffGroups.toArray();
    expect(group).toMatchObject({ groupName: 'Cà Phê Sương Mai', role: 'seller', deletedAt: null });
    const groupId = group!.groupId;
    const seeded = (await device.db.pointEntries.toArray()).filter(
      (e) => e.buyerMemberId === buyerId,
    );
    expect(balanceView(seeded, new Set(), buyerId, groupId).lastKnown).toBe(750);

    // Offline: 30 entries, one of them spending more than the member will have.
    device.faults.next = () => ({ kind: 'drop-before' });
    const ids: string[] = [];
    for (let i = 0; i < 29; i++) ids.push(await queueEntry(device.db, groupId, 10_000 + i * 100));
    const greedy = await queueEntry(device.db, groupId, 5_000_000, 5_000);
    expect((await device.engine.syncNow()).status).not.toBe('synced');
    expect(await device.db.outbox.count()).toBe(30);

    // Back online, and the same delivery arriving twice changes nothing.
    let duplicated = false;
    device.faults.next = (path) => {
      if (path === '/api/sync/push' && !duplicated) {
        duplicated = true;
        return { kind: 'duplicate' };
      }
      return undefined;
    };
    for (
      let i = 0;
      i < 5 && (await device.db.outbox.where('state').equals('pending').count()) > 0;
      i++
    ) {
      // Reconnecting does not wait for the offline backoff.
      await device.engine.syncNow({ force: true });
    }
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM point_entries WHERE invoice_number LIKE 'T-%'`,
    );
    expect(n).toBe(29);
    const earned = ids.reduce(
      (s, _, i) => s + pointsEarned({ invoiceValue: 10_000 + i * 100, deductedPoints: 0 }),
      0,
    );
    expect(await serverBalance(groupId)).toBe(750 + earned);

    // The refusal stays on the device with the server's reason; the optimistic row is undone.
    const refused = await device.db.outbox.where('state').equals('rejected').toArray();
    expect(refused).toHaveLength(1);
    expect(refused[0]?.rowKey).toBe(greedy);
    expect(refused[0]?.error?.code).toBe('points_insufficient');
    expect(refused[0]?.error?.message).toMatch(/chỉ còn [\d.]+ điểm/);
    expect(await device.db.pointEntries.get(greedy)).toBeUndefined();

    // The device's own figures agree with the server after the pull.
    const local = (await device.db.pointEntries.toArray()).filter(
      (e) => e.buyerMemberId === buyerId,
    );
    expect(balanceView(local, new Set(), buyerId, groupId).lastKnown).toBe(750 + earned);
  });
  it('a member who becomes a seller later receives the ledger the group wrote before', async () => {
    const [newcomer] = await queryRows<{ id: string }>(
      server.database.db,
      sql`SELECT id FROM members WHERE url_minify = 'le-hoang-nam'`,
    );
    const [group] = await queryRows<{ id: string }>(
      server.database.db,
      sql`SELECT id FROM groups WHERE url_minify = 'demo-brand'`,
    );
    const device = await createDevice(server, newcomer!.id);
    // A change of the newcomer's own moves their cursor past every entry the group has.
    await server.database.db.execute(
      sql`UPDATE friendships SET status = status
          WHERE from_member_id = ${newcomer!.id} OR to_member_id = ${newcomer!.id}`,
    );
    expect((await device.engine.syncNow()).status).toBe('synced');
    expect(await device.db.pointEntries.count()).toBe(0);
    const [{ top } = { top: '0' }] = await queryRows<{ top: string }>(
      server.database.db,
      sql`SELECT max(change_seq)::text AS top FROM point_entries`,
    );
    const cursor = await device.db.syncState.get('cursor');
    expect(Number(cursor?.value)).toBeGreaterThan(Number(top));

    await server.database.db.execute(
      sql`INSERT INTO group_members (group_id, member_id, role) VALUES (${group!.id}, ${newcomer!.id}, 'seller')`,
    );
    expect((await device.engine.syncNow()).status).toBe('synced');

    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM point_entries WHERE seller_group_id = ${group!.id}`,
    );
    expect(n).toBeGreaterThan(0);
    expect(
      (await device.db.pointEntries.toArray()).filter((e) => e.sellerGroupId === group!.id).length,
    ).toBe(n);
  });
});
