// Demo loyalty points and check-ins: the demo member bought at Cà Phê Sương Mai, served by
// the demo staffer. Loaded once (fixed ids); a second call changes nothing.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { checkIns, groups, members, orderGroups, pointEntries } from '../db/schema';
import { paymentAmount, pointsEarned } from '../../contract/points';

const ids = {
  order: '00000000-0000-4000-8300-000000000001',
  entries: [
    '00000000-0000-4000-8300-000000000101',
    '00000000-0000-4000-8300-000000000102',
    '00000000-0000-4000-8300-000000000103',
  ],
  checkIns: [
    '00000000-0000-4000-8300-000000000201',
    '00000000-0000-4000-8300-000000000202',
    '00000000-0000-4000-8300-000000000203',
  ],
} as const;

const daysAgo = (now: Date, days: number, hour: number) => {
  const at = new Date(now.getTime() - days * 86_400_000);
  at.setUTCHours(hour - 7, 15, 0, 0);
  return at.toISOString();
};

export async function seedDemoPoints(db: Database, now = new Date()): Promise<boolean> {
  const done = await db
    .select({ id: pointEntries.id })
    .from(pointEntries)
    .where(eq(pointEntries.id, ids.entries[0]));
  if (done.length > 0) return false;
  const [buyer] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.email, 'demo@mecards.vn'));
  const [staff] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.email, 'staff@mecards.vn'));
  const [brand] = await db
    .select({ id: groups.id, rate: groups.pointsPerThousand })
    .from(groups)
    .where(eq(groups.urlMinify, 'demo-brand'));
  if (!buyer || !staff || !brand) return false;

  const entry = (
    id: string,
    invoiceNumber: string,
    invoiceValue: number,
    deducted: number,
    recordedAt: string,
    note: string | null,
    orderGroupId: string | null = null,
  ) => ({
    id,
    sellerGroupId: brand.id,
    buyerMemberId: buyer.id,
    staffMemberId: staff.id,
    orderGroupId,
    invoiceNumber,
    invoiceValue,
    accumulatedPoints: pointsEarned({ invoiceValue, deductedPoints: deducted }, brand.rate),
    deductedPoints: deducted,
    paymentAmount: paymentAmount(invoiceValue, deducted),
    note,
    recordedAt,
  });

  await db.transaction(async (tx) => {
    await tx.insert(orderGroups).values({
      id: ids.order,
      sellerGroupId: brand.id,
      buyerMemberId: buyer.id,
      staffMemberId: staff.id,
      title: 'Đơn quà Tết cho đối tác',
    });
    await tx
      .insert(pointEntries)
      .values([
        entry(ids.entries[0], 'HD-1001', 250_000, 0, daysAgo(now, 20, 9), 'Arabica Cầu Đất 500g'),
        entry(ids.entries[1], 'HD-1002', 480_000, 0, daysAgo(now, 9, 15), 'Hộp quà Tết', ids.order),
        entry(ids.entries[2], 'HD-1003', 220_000, 100, daysAgo(now, 2, 10), 'Dùng 100 điểm'),
      ]);
    await tx.insert(checkIns).values([
      {
        id: ids.checkIns[0],
        groupId: brand.id,
        memberId: buyer.id,
        staffMemberId: staff.id,
        checkedInAt: daysAgo(now, 20, 9),
      },
      {
        id: ids.checkIns[1],
        groupId: brand.id,
        memberId: buyer.id,
        staffMemberId: staff.id,
        checkedInAt: daysAgo(now, 9, 15),
      },
      {
        id: ids.checkIns[2],
        groupId: brand.id,
        memberId: buyer.id,
        staffMemberId: staff.id,
        checkedInAt: daysAgo(now, 2, 10),
        note: 'Workshop pha chế',
      },
    ]);
  });
  return true;
}
