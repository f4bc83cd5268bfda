// Spec §7 Order group: orders of a buyer at a seller group with their totals, the balance,
// per-day statistics, the ledger log and the CSV exports.
import { Hono } from 'hono';
import * as v from 'valibot';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/env';
import { runMutationRoute } from '../sync/run-mutation';
import { requireMember } from '../http/auth';
import { ApiError, requestLang } from '../http/errors';
import { rawBody, readQuery } from '../http/input';
import { queryRows, type Queryable } from '../db/client';
import { groups, members, orderGroups, pointEntries } from '../db/schema';
import {
  groupQuerySchema,
  ledgerQuerySchema,
  type DayTotals,
  type GroupBalance,
  type OrderGroupTotals,
  type Page,
} from '../../contract/points';
import { uuidSchema } from '../../contract/common';
import type { Lang } from '../../contract/messages';
import { requireStaff, staffGroupIds } from '../domain/points/staff';
import { orderGroupToClient } from '../domain/points/to-client';
import {
  csvResponse,
  entriesCsv,
  entryConditions,
  minusPointsCsv,
  pageSize,
  pagedEntries,
} from './order-point';
import { vietnamDateTime, vietnamDayAfter, vietnamDayStart } from '../../contract/vietnam-time';
import { formatNumber } from '../../contract/format';

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

const getPointQuery = v.object({
  memberId: v.optional(uuidSchema),
  groupId: v.optional(uuidSchema),
});

const orderGroupQuery = v.object({
  ...ledgerQuerySchema.entries,
  id: v.optional(uuidSchema),
});

async function orderGroupTotals(
  db: Queryable,
  where: SQL[],
  page: number,
): Promise<Page<OrderGroupTotals>> {
  const condition = and(...where);
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

const orderGroupHeaders: Record<Lang, string[]> = {
  vi: [
    'Ngày tạo',
    'Đơn hàng',
    'Thành viên',
    'Số hoá đơn',
    'Giá trị hoá đơn (VNĐ)',
    'Điểm tích luỹ',
    'Điểm trừ',
    'Thanh toán (VNĐ)',
  ],
  en: [
    'Created',
    'Order',
    'Member',
    'Invoices',
    'Invoice value (VND)',
    'Points earned',
    'Points deducted',
    'Payment (VND)',
  ],
};

export function orderGroupRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  // Online: saved at once. Offline clients queue `orderGroup.upsert` and push it.
  app.post('/orderGroup', async (c) =>
    runMutationRoute(c, deps, 'orderGroup.upsert', await rawBody(c)),
  );
  app.put('/orderGroup', async (c) =>
    runMutationRoute(c, deps, 'orderGroup.upsert', await rawBody(c)),
  );
  // The path names the order group; a body naming another one is refused.
  app.put('/orderGroup/:id', async (c) => {
    const body = await rawBody(c);
    const named = (body as { id?: unknown } | null)?.id;
    if (typeof named !== 'string' || named.toLowerCase() !== c.req.param('id').toLowerCase()) {
      throw new ApiError(400, 'invalid_id', { id: 'invalid_id' });
    }
    return runMutationRoute(c, deps, 'orderGroup.upsert', body);
  });

  // Balance of a member per group: their own, or at a group the asker staffs.
  app.get('/orderGroup/getPoint', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, getPointQuery);
    const memberId = q.memberId ?? me.memberId;
    if (memberId === me.memberId) {
      return c.json(await balancesOf(db, memberId, { groupId: q.groupId }));
    }
    if (!q.groupId) throw new ApiError(403, 'forbidden');
    await requireStaff(db, me.memberId, q.groupId);
    return c.json(await balancesOf(db, memberId, { groupId: q.groupId }));
  });

  // Totals per day (Vietnam time) of a group's ledger, for its admins and sellers.
  app.get('/orderGroup/statistical', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, groupQuerySchema);
    await requireStaff(db, me.memberId, q.groupId);
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
    const days: DayTotals[] = rows.map((r) => ({
      day: r.day,
      entries: Number(r.n),
      invoiceValue: Number(r.inv),
      accumulatedPoints: Number(r.acc),
      deductedPoints: Number(r.ded),
      paymentAmount: Number(r.pay),
    }));
    return c.json(days);
  });

  app.get('/orderGroup/exportPoint', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, groupQuerySchema);
    await requireStaff(db, me.memberId, q.groupId);
    return entriesCsv(c, deps, 'points.csv', entryConditions(q));
  });

  // Order groups with totals: of a group (its staff) or of the asking buyer.
  app.get('/orderGroup/getOrderGroup', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, orderGroupQuery);
    const where: SQL[] = [isNull(orderGroups.deletedAt)];
    if (q.id) where.push(eq(orderGroups.id, q.id));
    if (q.groupId) {
      await requireStaff(db, me.memberId, q.groupId);
      where.push(eq(orderGroups.sellerGroupId, q.groupId));
      if (q.memberId) where.push(eq(orderGroups.buyerMemberId, q.memberId));
    } else if (q.memberId === me.memberId || (!q.memberId && !q.id)) {
      where.push(eq(orderGroups.buyerMemberId, me.memberId));
    } else {
      // One order group by id: its buyer or its group's staff.
      where.push(
        sql`(${orderGroups.buyerMemberId} = ${me.memberId}
          OR ${orderGroups.sellerGroupId} IN (${staffGroupIds(me.memberId)}))`,
      );
      if (q.memberId) where.push(eq(orderGroups.buyerMemberId, q.memberId));
    }
    return c.json(await orderGroupTotals(db, where, q.page));
  });

  app.get('/orderGroup/exportOrderGroup', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, groupQuerySchema);
    await requireStaff(db, me.memberId, q.groupId);
    return csvResponse(
      c,
      'order-groups.csv',
      orderGroupHeaders[requestLang(c)],
      async function* () {
        for (let page = 1; ; page++) {
          const { items } = await orderGroupTotals(
            db,
            [isNull(orderGroups.deletedAt), eq(orderGroups.sellerGroupId, q.groupId)],
            page,
          );
          for (const o of items) {
            yield [
              vietnamDateTime(o.createdAt).date,
              o.title,
              o.buyerName,
              formatNumber(o.entries),
              formatNumber(o.invoiceValue),
              formatNumber(o.accumulatedPoints),
              formatNumber(o.deductedPoints),
              formatNumber(o.paymentAmount),
            ];
          }
          if (items.length < pageSize) return;
        }
      },
    );
  });

  app.get('/orderGroup/exports-csv-minus-points', (c) => minusPointsCsv(c, deps));

  // The ledger log, newest first: a group's (its staff) or the asking member's own.
  app.get('/orderGroup/logsOrder', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, ledgerQuerySchema);
    if (q.groupId) {
      await requireStaff(db, me.memberId, q.groupId);
      return c.json(await pagedEntries(db, entryConditions(q), q.page));
    }
    if (q.memberId && q.memberId !== me.memberId) throw new ApiError(403, 'forbidden');
    return c.json(await pagedEntries(db, entryConditions({ ...q, memberId: me.memberId }), q.page));
  });

  return app;
}
