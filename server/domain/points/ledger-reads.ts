// Reads of the points ledger, order groups and check-ins: the filtered, paged lists and the
// batched reads behind the CSV exports, and a member's balances per group.
import { and, asc, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../db/client';
import { checkIns, groups, members, orderGroups, pointEntries } from '../../db/schema';
import type {
  DayTotals,
  GroupBalance,
  LedgerQuery,
  OrderGroupTotals,
  Page,
  PointEntry,
} from '../../../contract/points';
import type { CheckIn } from '../../../contract/checkin';
import { vietnamDayAfter, vietnamDayStart } from '../../../contract/vietnam-time';
import { staffGroupIds } from './staff';
import { checkInsToClient, orderGroupToClient, pointEntriesToClient } from './to-client';

/** Rows per page of the ledger, order-group and check-in lists. */
export const pageSize = 50;

/** A ledger filter; `only` keeps the entries that deducted, or that earned, points. */
export type EntryFilter = Partial<LedgerQuery> & { only?: 'deducted' | 'earned' };

/** Filters of the ledger lists: group, buyer, day range, invoice number or buyer name. */
export function entryConditions(q: EntryFilter): SQL[] {
  const where: SQL[] = [sql`${pointEntries.deletedAt} IS NULL`];
  if (q.groupId) where.push(eq(pointEntries.sellerGroupId, q.groupId));
  if (q.memberId) where.push(eq(pointEntries.buyerMemberId, q.memberId));
  if (q.from)
    where.push(sql`${pointEntries.recordedAt} >= ${vietnamDayStart(q.from)}::timestamptz`);
  if (q.to) where.push(sql`${pointEntries.recordedAt} < ${vietnamDayAfter(q.to)}::timestamptz`);
  if (q.filter) {
    const like = `%${q.filter.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(
      or(
        ilike(pointEntries.invoiceNumber, like),
        sql`${pointEntries.buyerMemberId} IN (SELECT id FROM ${members} WHERE name ILIKE ${like})`,
      )!,
    );
  }
  if (q.only === 'deducted') where.push(sql`${pointEntries.deductedPoints} > 0`);
  if (q.only === 'earned') where.push(sql`${pointEntries.accumulatedPoints} > 0`);
  return where;
}

/** One page of matching entries, newest first, with the number of all of them. */
export async function pagedEntries(
  db: Queryable,
  filter: EntryFilter,
  page: number,
): Promise<Page<PointEntry>> {
  const condition = and(...entryConditions(filter));
  const rows = await db
    .select()
    .from(pointEntries)
    .where(condition)
    .orderBy(desc(pointEntries.recordedAt), desc(pointEntries.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [countRow] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM ${pointEntries} WHERE ${condition}`,
  );
  return {
    items: await pointEntriesToClient(db, rows),
    page,
    total: Number(countRow?.n ?? 0),
  };
}

/** Every matching entry, oldest first, read in batches (exports). */
export async function* allEntries(db: Queryable, filter: EntryFilter): AsyncIterable<PointEntry> {
  const where = entryConditions(filter);
  let after: { recordedAt: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(pointEntries)
      .where(
        and(
          ...where,
          after
            ? or(
                gt(pointEntries.recordedAt, after.recordedAt),
                and(eq(pointEntries.recordedAt, after.recordedAt), gt(pointEntries.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(pointEntries.recordedAt), asc(pointEntries.id))
      .limit(500);
    if (rows.length === 0) return;
    yield* await pointEntriesToClient(db, rows);
    const last = rows[rows.length - 1]!;
    after = { recordedAt: last.recordedAt, id: last.id };
  }
}

/**
 * Balances of a member per group, summed from the ledger. `visibleTo` limits the groups to
 * those the asker staffs (undefined: the member themselves, every group).
 */
export async function balancesOf(
  db: Queryable,
  memberId: string,
  options: { groupId?: string | undefined; visibleTo?: string | undefined },
): Promise<GroupBalance[]> {
  const where: SQL[] = [sql`pe.buyer_member_id = ${memberId}`, sql`pe.deleted_at IS NULL`];
  if (options.groupId) where.push(sql`pe.seller_group_id = ${options.groupId}`);
  if (options.visibleTo)
    where.push(sql`pe.seller_group_id IN (${staffGroupIds(options.visibleTo)})`);
  const rows = await queryRows<{ group_id: string; name: string; acc: string; ded: string }>(
    db,
    sql`SELECT pe.seller_group_id AS group_id, g.name AS name,
               SUM(pe.accumulated_points) AS acc, SUM(pe.deducted_points) AS ded
        FROM point_entries pe JOIN groups g ON g.id = pe.seller_group_id
        WHERE ${sql.join(where, sql` AND `)}
        GROUP BY pe.seller_group_id, g.name ORDER BY g.name`,
  );
  const balances: GroupBalance[] = rows.map((r) => ({
    groupId: r.group_id,
    groupName: r.name,
    accumulatedPoints: Number(r.acc),
    deductedPoints: Number(r.ded),
    balance: Number(r.acc) - Number(r.ded),
  }));
  // A group asked for by id is answered even before the first entry.
  if (options.groupId && balances.length === 0) {
    const [group] = await db
      .select({ name: groups.name })
      .from(groups)
      .where(eq(groups.id, options.groupId));
    if (group) {
      balances.push({
        groupId: options.groupId,
        groupName: group.name,
        accumulatedPoints: 0,
        deductedPoints: 0,
        balance: 0,
      });
    }
  }
  return balances;
}

/** Totals per day (Vietnam time) of a group's ledger, newest day first. */
export async function dayTotals(
  db: Queryable,
  q: { groupId: string; from?: string | undefined; to?: string | undefined },
): Promise<DayTotals[]> {
  const where: SQL[] = [sql`seller_group_id = ${q.groupId}`, sql`deleted_at IS NULL`];
  if (q.from) where.push(sql`recorded_at >= ${vietnamDayStart(q.from)}::timestamptz`);
  if (q.to) where.push(sql`recorded_at < ${vietnamDayAfter(q.to)}::timestamptz`);
  const rows = await queryRows<{
    day: string;
    n: string;
    inv: string;
    acc: string;
    ded: string;
    pay: string;
  }>(
    db,
    sql`SELECT to_char((recorded_at AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM-DD') AS day,
               count(*) AS n, SUM(invoice_value) AS inv, SUM(accumulated_points) AS acc,
               SUM(deducted_points) AS ded, SUM(payment_amount) AS pay
        FROM point_entries WHERE ${sql.join(where, sql` AND `)}
        GROUP BY 1 ORDER BY 1 DESC`,
  );
  return rows.map((r) => ({
    day: r.day,
    entries: Number(r.n),
    invoiceValue: Number(r.inv),
    accumulatedPoints: Number(r.acc),
    deductedPoints: Number(r.ded),
    paymentAmount: Number(r.pay),
  }));
}

/**
 * Which order groups a list covers: by id, seller group, buyer, and (`visibleTo`) only those
 * the member bought or staffs.
 */
export interface OrderGroupFilter {
  id?: string | undefined;
  sellerGroupId?: string | undefined;
  buyerMemberId?: string | undefined;
  visibleTo?: string | undefined;
}

function orderGroupConditions(f: OrderGroupFilter): SQL[] {
  const where: SQL[] = [isNull(orderGroups.deletedAt)];
  if (f.id) where.push(eq(orderGroups.id, f.id));
  if (f.sellerGroupId) where.push(eq(orderGroups.sellerGroupId, f.sellerGroupId));
  if (f.visibleTo) {
    where.push(
      sql`(${orderGroups.buyerMemberId} = ${f.visibleTo}
          OR ${orderGroups.sellerGroupId} IN (${staffGroupIds(f.visibleTo)}))`,
    );
  }
  if (f.buyerMemberId) where.push(eq(orderGroups.buyerMemberId, f.buyerMemberId));
  return where;
}

/** One page of order groups with their ledger totals, newest first. */
export async function orderGroupTotals(
  db: Queryable,
  filter: OrderGroupFilter,
  page: number,
): Promise<Page<OrderGroupTotals>> {
  const condition = and(...orderGroupConditions(filter));
  const rows = await db
    .select({
      order: orderGroups,
      buyerName: members.name,
      entries: sql<string>`count(${pointEntries.id})`,
      invoiceValue: sql<string>`COALESCE(SUM(${pointEntries.invoiceValue}), 0)`,
      accumulatedPoints: sql<string>`COALESCE(SUM(${pointEntries.accumulatedPoints}), 0)`,
      deductedPoints: sql<string>`COALESCE(SUM(${pointEntries.deductedPoints}), 0)`,
      paymentAmount: sql<string>`COALESCE(SUM(${pointEntries.paymentAmount}), 0)`,
    })
    .from(orderGroups)
    .innerJoin(members, eq(members.id, orderGroups.buyerMemberId))
    .leftJoin(
      pointEntries,
      and(eq(pointEntries.orderGroupId, orderGroups.id), isNull(pointEntries.deletedAt)),
    )
    .where(condition)
    .groupBy(orderGroups.id, members.name)
    .orderBy(desc(orderGroups.createdAt), desc(orderGroups.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [countRow] = await queryRows<{ n: string }>(
    db,
    sql`SELECT count(*) AS n FROM ${orderGroups} WHERE ${condition}`,
  );
  return {
    items: rows.map((r) => ({
      ...orderGroupToClient(r.order),
      buyerName: r.buyerName,
      entries: Number(r.entries),
      invoiceValue: Number(r.invoiceValue),
      accumulatedPoints: Number(r.accumulatedPoints),
      deductedPoints: Number(r.deductedPoints),
      paymentAmount: Number(r.paymentAmount),
    })),
    page,
    total: Number(countRow?.n ?? 0),
  };
}

function checkInConditions(q: Partial<LedgerQuery>): SQL[] {
  const where: SQL[] = [sql`${checkIns.deletedAt} IS NULL`];
  if (q.groupId) where.push(eq(checkIns.groupId, q.groupId));
  if (q.memberId) where.push(eq(checkIns.memberId, q.memberId));
  if (q.from) where.push(sql`${checkIns.checkedInAt} >= ${vietnamDayStart(q.from)}::timestamptz`);
  if (q.to) where.push(sql`${checkIns.checkedInAt} < ${vietnamDayAfter(q.to)}::timestamptz`);
  if (q.filter) {
    const like = `%${q.filter.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(sql`${checkIns.memberId} IN (SELECT id FROM ${members} WHERE name ILIKE ${like})`);
  }
  return where;
}

/** One page of matching check-ins, newest first, with the number of all of them. */
export async function pagedCheckIns(
  db: Queryable,
  filter: Partial<LedgerQuery>,
  page: number,
): Promise<Page<CheckIn>> {
  const condition = and(...checkInConditions(filter));
  const rows = await db
    .select()
    .from(checkIns)
    .where(condition)
    .orderBy(desc(checkIns.checkedInAt), desc(checkIns.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [countRow] = await queryRows<{ n: string }>(
    db,
    sql`SELECT count(*) AS n FROM ${checkIns} WHERE ${condition}`,
  );
  return { items: await checkInsToClient(db, rows), page, total: Number(countRow?.n ?? 0) };
}

/** Every matching check-in, oldest first, read in batches (exports). */
export async function* allCheckIns(
  db: Queryable,
  filter: Partial<LedgerQuery>,
): AsyncIterable<CheckIn> {
  const where = checkInConditions(filter);
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(checkIns)
      .where(
        and(
          ...where,
          after
            ? or(
                gt(checkIns.checkedInAt, after.at),
                and(eq(checkIns.checkedInAt, after.at), gt(checkIns.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(checkIns.checkedInAt), asc(checkIns.id))
      .limit(500);
    if (rows.length === 0) return;
    yield* await checkInsToClient(db, rows);
    const last = rows[rows.length - 1]!;
    after = { at: last.checkedInAt, id: last.id };
  }
}

/** Per member of a group: how often (duplicates not counted) and when they came, by name. */
export function checkInSummary(db: Queryable, filter: Partial<LedgerQuery>) {
  const where = and(...checkInConditions(filter), sql`${checkIns.duplicateOf} IS NULL`);
  return db
    .select({
      name: members.name,
      visits: sql<string>`count(*)`,
      first: sql<string>`min(${checkIns.checkedInAt})`,
      last: sql<string>`max(${checkIns.checkedInAt})`,
    })
    .from(checkIns)
    .innerJoin(members, eq(members.id, checkIns.memberId))
    .where(where)
    .groupBy(checkIns.memberId, members.name)
    .orderBy(members.name);
}
