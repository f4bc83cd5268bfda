// Spec §7 Order group: orders of a buyer at a seller group with their totals, the balance,
// per-day statistics, the ledger log and the CSV exports.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/env';
import { runMutationRoute } from '../sync/run-mutation';
import { requireMember } from '../http/auth';
import { ApiError, requestLang } from '../http/errors';
import { rawBody, readQuery } from '../http/input';
import { groupQuerySchema, ledgerQuerySchema } from '../../contract/points';
import { uuidSchema } from '../../contract/common';
import type { Lang } from '../../contract/messages';
import { requireStaff } from '../domain/points/staff';
import {
  balancesOf,
  dayTotals,
  orderGroupTotals,
  pageSize,
  pagedEntries,
  type OrderGroupFilter,
} from '../domain/points/ledger-reads';
import { csvResponse, entriesCsv, minusPointsCsv } from './order-point';
import { vietnamDateTime } from '../../contract/vietnam-time';
import { formatNumber } from '../../contract/format';

const getPointQuery = v.object({
  memberId: v.optional(uuidSchema),
  groupId: v.optional(uuidSchema),
});

const orderGroupQuery = v.object({
  ...ledgerQuerySchema.entries,
  id: v.optional(uuidSchema),
});

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
    const days = await dayTotals(db, q);
    return c.json(days);
  });

  app.get('/orderGroup/exportPoint', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, groupQuerySchema);
    await requireStaff(db, me.memberId, q.groupId);
    return entriesCsv(c, deps, 'points.csv', q);
  });

  // Order groups with totals: of a group (its staff) or of the asking buyer.
  app.get('/orderGroup/getOrderGroup', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, orderGroupQuery);
    let filter: OrderGroupFilter;
    if (q.groupId) {
      await requireStaff(db, me.memberId, q.groupId);
      filter = { id: q.id, sellerGroupId: q.groupId, buyerMemberId: q.memberId };
    } else if (q.memberId === me.memberId || (!q.memberId && !q.id)) {
      filter = { id: q.id, buyerMemberId: me.memberId };
    } else {
      // One order group by id: its buyer or its group's staff.
      filter = { id: q.id, visibleTo: me.memberId, buyerMemberId: q.memberId };
    }
    return c.json(await orderGroupTotals(db, filter, q.page));
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
          const { items } = await orderGroupTotals(db, { sellerGroupId: q.groupId }, page);
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
      return c.json(await pagedEntries(db, q, q.page));
    }
    if (q.memberId && q.memberId !== me.memberId) throw new ApiError(403, 'forbidden');
    return c.json(await pagedEntries(db, { ...q, memberId: me.memberId }, q.page));
  });

  return app;
}
