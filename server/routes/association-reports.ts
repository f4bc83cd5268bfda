// Spec §7 GET and POST /associationReport (decision 0810): a group's admins file one report per
// month (a second one for the same month is refused with 409; sending the report's id edits
// it); the group's admins read their group's reports, the agency's admins every group's, with
// totals per month and a CSV export.
import { Hono } from 'hono';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { readBody, readQuery } from '../http/input';
import type { Queryable } from '../db/client';
import { groupMembers, groups } from '../db/schema';
import { associationReports } from '../db/schema-agency';
import {
  associationReportFileSchema,
  associationReportQuerySchema,
  monthTotals,
  type AssociationReport,
} from '../../contract/association-report';
import { formatMonth, formatNumber } from '../../contract/format';
import { requireAgencyAdmin, requireGroupManager } from '../agency-access';
import { csvResponse } from './order-point';

async function reportsOf(db: Queryable, groupIds: string[]): Promise<AssociationReport[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({
      id: associationReports.id,
      groupId: associationReports.groupId,
      groupName: groups.name,
      month: associationReports.month,
      turnover: associationReports.turnover,
      domesticRevenue: associationReports.domesticRevenue,
      exportRevenue: associationReports.exportRevenue,
      exportMarkets: associationReports.exportMarkets,
      updatedAt: associationReports.updatedAt,
    })
    .from(associationReports)
    .innerJoin(groups, eq(groups.id, associationReports.groupId))
    .where(inArray(associationReports.groupId, groupIds))
    .orderBy(asc(associationReports.month), asc(groups.name));
  return rows.map((r) => ({
    ...r,
    turnover: Number(r.turnover),
    domesticRevenue: Number(r.domesticRevenue),
    exportRevenue: Number(r.exportRevenue),
    updatedAt: new Date(r.updatedAt).toISOString(),
  }));
}

/** The CSV's rows: every report, then one total row per month. */
function* csvRows(reports: AssociationReport[]): Generator<string[]> {
  for (const r of reports) {
    yield [
      formatMonth(r.month),
      r.groupName,
      formatNumber(r.turnover),
      formatNumber(r.domesticRevenue),
      formatNumber(r.exportRevenue),
      r.exportMarkets.join(', '),
    ];
  }
  for (const t of monthTotals(reports)) {
    yield [
      formatMonth(t.month),
      `Tổng (${t.groups})`,
      formatNumber(t.turnover),
      formatNumber(t.domesticRevenue),
      formatNumber(t.exportRevenue),
      '',
    ];
  }
}

export function associationReportRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  app.get('/associationReport', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, associationReportQuerySchema);
    let groupIds: string[];
    if (q.groupId) {
      await requireGroupManager(db, me.memberId, q.groupId);
      groupIds = [q.groupId];
    } else if (q.agencyId) {
      const agencyId = await requireAgencyAdmin(db, me.memberId, q.agencyId);
      const rows = await db
        .select({ id: groups.id })
        .from(groups)
        .where(and(eq(groups.agencyId, agencyId), isNull(groups.deletedAt)));
      groupIds = rows.map((r) => r.id);
    } else {
      // The groups the caller is an admin of.
      const rows = await db
        .select({ id: groupMembers.groupId })
        .from(groupMembers)
        .where(
          and(
            eq(groupMembers.memberId, me.memberId),
            eq(groupMembers.role, 'admin'),
            eq(groupMembers.status, 'active'),
            isNull(groupMembers.deletedAt),
          ),
        );
      groupIds = rows.map((r) => r.id);
    }
    const reports = await reportsOf(db, groupIds);
    if (q.format === 'csv') {
      return csvResponse(
        c,
        'bao-cao-hiep-hoi.csv',
        [
          'Tháng',
          'Nhóm',
          'Doanh thu',
          'Doanh thu nội địa',
          'Doanh thu xuất khẩu',
          'Thị trường xuất khẩu',
        ],
        async function* () {
          // The rows are in memory already; the stream takes them one at a time.
          for (const row of csvRows(reports)) yield await Promise.resolve(row);
        },
      );
    }
    return c.json({ reports, totals: monthTotals(reports) });
  });

  app.post('/associationReport', async (c) => {
    const me = requireMember(c);
    const input = await readBody(c, associationReportFileSchema);
    await requireGroupManager(db, me.memberId, input.groupId);
    const values = {
      month: input.month,
      turnover: input.turnover,
      domesticRevenue: input.domesticRevenue,
      exportRevenue: input.exportRevenue,
      exportMarkets: input.exportMarkets,
      filedBy: me.memberId,
    };
    const result = await db.transaction(async (tx) => {
      // One writer per group at a time, so two filings of one month cannot both pass the check.
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`report:${input.groupId}`}, 0))`,
      );
      const sameMonth = await tx
        .select({ id: associationReports.id })
        .from(associationReports)
        .where(
          and(
            eq(associationReports.groupId, input.groupId),
            eq(associationReports.month, input.month),
            input.id ? ne(associationReports.id, input.id) : undefined,
          ),
        );
      if (sameMonth[0]) {
        throw new ApiError(409, 'report_month_exists', { month: 'report_month_exists' });
      }
      if (input.id) {
        const [updated] = await tx
          .update(associationReports)
          .set({ ...values, updatedAt: sql`now()` })
          .where(
            and(eq(associationReports.id, input.id), eq(associationReports.groupId, input.groupId)),
          )
          .returning({ id: associationReports.id });
        if (!updated) throw new ApiError(404, 'not_found');
        return { id: updated.id, status: 200 as const };
      }
      const [created] = await tx
        .insert(associationReports)
        .values({ groupId: input.groupId, ...values })
        .returning({ id: associationReports.id });
      return { id: created!.id, status: 201 as const };
    });
    const [report] = (await reportsOf(db, [input.groupId])).filter((r) => r.id === result.id);
    return c.json(report, result.status);
  });

  return app;
}
