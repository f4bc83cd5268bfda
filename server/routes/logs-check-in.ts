// Spec §7 Check-in: logs of members' visits at a group, their history and CSV exports.
import { Hono } from 'hono';
import { and, asc, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/env';
import { runMutationRoute } from '../sync/run-mutation';
import { requireMember } from '../http/auth';
import { ApiError, requestLang } from '../http/errors';
import { rawBody, readQuery } from '../http/input';
import { queryRows, type Queryable } from '../db/client';
import { checkIns, members } from '../db/schema';
import {
  groupQuerySchema,
  ledgerQuerySchema,
  type LedgerQuery,
  type Page,
} from '../../contract/points';
import type { CheckIn } from '../../contract/checkin';
import type { Lang } from '../../contract/messages';
import { requireStaff } from '../domain/points/staff';
import { checkInsToClient } from '../domain/points/to-client';
import { csvResponse, pageSize } from './order-point';
import { vietnamDateTime, vietnamDayAfter, vietnamDayStart } from '../../contract/vietnam-time';
import { formatNumber } from '../../contract/format';

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

async function pagedCheckIns(db: Queryable, where: SQL[], page: number): Promise<Page<CheckIn>> {
  const condition = and(...where);
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

async function* allCheckIns(db: Queryable, where: SQL[]): AsyncIterable<CheckIn> {
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
      return c.json(await pagedCheckIns(db, checkInConditions(q), q.page));
    }
    if (q.memberId && q.memberId !== me.memberId) throw new ApiError(403, 'forbidden');
    return c.json(
      await pagedCheckIns(db, checkInConditions({ ...q, memberId: me.memberId }), q.page),
    );
  });

  app.get('/logsCheckIn', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, groupQuerySchema);
    await requireStaff(db, me.memberId, q.groupId);
    return c.json(await pagedCheckIns(db, checkInConditions(q), q.page));
  });

  // One row per member: how often and when they came (admins and sellers).
  app.get('/logsCheckIn/exportCSV', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, groupQuerySchema);
    await requireStaff(db, me.memberId, q.groupId);
    const where = and(...checkInConditions(q), sql`${checkIns.duplicateOf} IS NULL`);
    return csvResponse(
      c,
      'check-in-summary.csv',
      summaryHeaders[requestLang(c)],
      async function* () {
        const rows = await db
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
      for await (const row of allCheckIns(db, checkInConditions(q))) {
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
