// Spec §7 Check-in: logs of members' visits at a group, their history and CSV exports.
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { runMutationRoute } from '../sync/run-mutation';
import { requireMember } from '../http/auth';
import { ApiError, requestLang } from '../http/errors';
import { rawBody, readQuery } from '../http/input';
import { groupQuerySchema, ledgerQuerySchema } from '../../contract/points';
import type { Lang } from '../../contract/messages';
import { requireStaff } from '../domain/points/staff';
import { allCheckIns, checkInSummary, pagedCheckIns } from '../domain/points/ledger-reads';
import { csvResponse } from './order-point';
import { vietnamDateTime } from '../../contract/vietnam-time';
import { formatNumber } from '../../contract/format';

const logHeaders: Record<Lang, string[]> = {
  vi: ['Ngày', 'Giờ', 'Thành viên', 'Nhân viên', 'Trùng lặp', 'Ghi chú'],
  en: ['Date', 'Time', 'Member', 'Staff', 'Duplicate', 'Note'],
};
const summaryHeaders: Record<Lang, string[]> = {
  vi: ['Thành viên', 'Số lần check-in', 'Lần đầu', 'Lần gần nhất'],
  en: ['Member', 'Check-ins', 'First', 'Last'],
};
const yesNo: Record<Lang, [string, string]> = { vi: ['Có', ''], en: ['Yes', ''] };

export function logsCheckInRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  // A member's own visits everywhere, or (staff, with groupId) the visits at their group.
  app.get('/logsCheckIn/getHistory', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, ledgerQuerySchema);
    if (q.groupId) {
      await requireStaff(db, me.memberId, q.groupId);
      return c.json(await pagedCheckIns(db, q, q.page));
    }
    if (q.memberId && q.memberId !== me.memberId) throw new ApiError(403, 'forbidden');
    return c.json(await pagedCheckIns(db, { ...q, memberId: me.memberId }, q.page));
  });

  app.get('/logsCheckIn', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, groupQuerySchema);
    await requireStaff(db, me.memberId, q.groupId);
    return c.json(await pagedCheckIns(db, q, q.page));
  });

  // One row per member: how often and when they came (admins and sellers).
  app.get('/logsCheckIn/exportCSV', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, groupQuerySchema);
    await requireStaff(db, me.memberId, q.groupId);
    return csvResponse(
      c,
      'check-in-summary.csv',
      summaryHeaders[requestLang(c)],
      async function* () {
        const rows = await checkInSummary(db, q);
        for (const r of rows) {
          yield [
            r.name,
            formatNumber(Number(r.visits)),
            vietnamDateTime(r.first).date,
            vietnamDateTime(r.last).date,
          ];
        }
      },
    );
  });

  // Every visit, oldest first, duplicates marked (admins and sellers).
  app.get('/logsCheckIn/exportLogsCSV', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, groupQuerySchema);
    await requireStaff(db, me.memberId, q.groupId);
    const lang = requestLang(c);
    return csvResponse(c, 'check-in-logs.csv', logHeaders[lang], async function* () {
      for await (const row of allCheckIns(db, q)) {
        const { date, time } = vietnamDateTime(row.checkedInAt);
        yield [
          date,
          time,
          row.memberName,
          row.staffName,
          row.duplicateOf ? yesNo[lang][0] : yesNo[lang][1],
          row.note ?? '',
        ];
      }
    });
  });

  // Online: saved at once. Offline clients queue the same `checkin.create` and push it.
  app.post('/logsCheckIn', async (c) =>
    runMutationRoute(c, deps, 'checkin.create', await rawBody(c)),
  );

  return app;
}
