// Spec §7 GET and POST /associationReport (decision 0810): a group's admins file one report per
// month (a second one for the same month is refused with 409; sending the report's id edits
// it); the group's admins read their group's reports, the agency's admins every group's, with
// totals per month and a CSV export.
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { readBody, readQuery } from '../http/input';
import {
  associationReportFileSchema,
  associationReportQuerySchema,
  monthTotals,
  type AssociationReport,
} from '../../contract/association-report';
import { formatMonth, formatNumber } from '../../contract/format';
import { requireAgencyAdmin, requireGroupManager } from '../agency-access';
import { csvResponse } from './order-point';
import { agencyGroupIds, fileAssociationReport, reportsOf } from '../domain/association-reports';
import { groupsAdministeredBy } from '../domain/membership';

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
      groupIds = await agencyGroupIds(db, agencyId);
    } else {
      // The groups the caller is an admin of.
      groupIds = await groupsAdministeredBy(db, me.memberId);
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
    const result = await fileAssociationReport(db, me.memberId, input);
    const [report] = (await reportsOf(db, [input.groupId])).filter((r) => r.id === result.id);
    return c.json(report, result.status);
  });

  return app;
}
