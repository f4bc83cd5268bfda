// Spec §7 Order points: the ledger of one seller group or one buyer, and CSV exports.
// Also the CSV streaming shared by orderGroup, logsCheckIn and associationReport.
import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { Hono, type Context } from 'hono';
import { stringify } from 'csv-stringify';
import { csvStringifyOptions } from '../../contract/csv';
import type { AppDeps, AppEnv } from '../http/env';
import { runMutationRoute } from '../sync/run-mutation';
import { requireMember } from '../http/auth';
import { ApiError, requestLang } from '../http/errors';
import { rawBody, readQuery, uuidParam } from '../http/input';
import { groupQuerySchema, ledgerQuerySchema, type PointEntry } from '../../contract/points';
import type { Lang } from '../../contract/messages';
import { requireStaff } from '../domain/points/staff';
import { allEntries, pagedEntries, type EntryFilter } from '../domain/points/ledger-reads';
import { vietnamDateTime } from '../../contract/vietnam-time';
import { formatNumber } from '../../contract/format';

/**
 * Streams a CSV file: UTF-8 with a byte-order mark so that Excel shows Vietnamese, rows
 * written as the database hands them over.
 */
export function csvResponse(
  c: Context<AppEnv>,
  fileName: string,
  header: string[],
  rows: () => AsyncIterable<string[]>,
): Response {
  const stringifier = stringify(csvStringifyOptions);
  void (async () => {
    try {
      stringifier.write(header);
      for await (const row of rows()) {
        if (!stringifier.write(row)) await once(stringifier, 'drain');
      }
      stringifier.end();
    } catch (error) {
      stringifier.destroy(error as Error);
    }
  })();
  const body = Readable.toWeb(
    stringifier,
  ) as NodeWebStream<Uint8Array> as unknown as ReadableStream;
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${fileName}"`);
  c.header('Cache-Control', 'no-store');
  return c.body(body);
}

const entryHeaders: Record<Lang, string[]> = {
  vi: [
    'Ngày',
    'Giờ',
    'Số hoá đơn',
    'Thành viên',
    'Giá trị hoá đơn (VNĐ)',
    'Điểm tích luỹ',
    'Điểm trừ',
    'Thanh toán (VNĐ)',
    'Nhân viên',
    'Ghi chú',
  ],
  en: [
    'Date',
    'Time',
    'Invoice number',
    'Member',
    'Invoice value (VND)',
    'Points earned',
    'Points deducted',
    'Payment (VND)',
    'Staff',
    'Note',
  ],
};

export function entryCsvRow(e: PointEntry): string[] {
  const { date, time } = vietnamDateTime(e.recordedAt);
  return [
    date,
    time,
    e.invoiceNumber,
    e.buyerName,
    formatNumber(e.invoiceValue),
    formatNumber(e.accumulatedPoints),
    formatNumber(e.deductedPoints),
    formatNumber(e.paymentAmount),
    e.staffName,
    e.note ?? '',
  ];
}

/** CSV of a group's entries (all, or deductions only), permission-checked by the caller. */
export function entriesCsv(
  c: Context<AppEnv>,
  deps: AppDeps,
  fileName: string,
  filter: EntryFilter,
): Response {
  const db = deps.database.db;
  return csvResponse(c, fileName, entryHeaders[requestLang(c)], async function* () {
    for await (const entry of allEntries(db, filter)) yield entryCsvRow(entry);
  });
}

/** GET …/exports-csv-minus-points?groupId — the deductions of a group (admins and sellers). */
export async function minusPointsCsv(c: Context<AppEnv>, deps: AppDeps): Promise<Response> {
  const me = requireMember(c);
  const q = readQuery(c, groupQuerySchema);
  await requireStaff(deps.database.db, me.memberId, q.groupId);
  return entriesCsv(c, deps, 'minus-points.csv', { ...q, only: 'deducted' });
}

export function orderPointRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  // Deductions logged at a seller group, newest first (its admins and sellers).
  app.get('/orderPoint/get-minus-points/:sellerGroupId', async (c) => {
    const me = requireMember(c);
    const groupId = uuidParam(c, 'sellerGroupId');
    const q = readQuery(c, ledgerQuerySchema);
    await requireStaff(db, me.memberId, groupId);
    return c.json(await pagedEntries(db, { ...q, groupId, only: 'deducted' }, q.page));
  });

  // Points a buyer earned: the buyer sees all theirs; staff see those at their group.
  app.get('/orderPoint/get-add-points/:buyerId', async (c) => {
    const me = requireMember(c);
    const buyerId = uuidParam(c, 'buyerId');
    const q = readQuery(c, ledgerQuerySchema);
    if (buyerId !== me.memberId) {
      if (!q.groupId) throw new ApiError(403, 'forbidden');
      await requireStaff(db, me.memberId, q.groupId);
    }
    return c.json(await pagedEntries(db, { ...q, memberId: buyerId, only: 'earned' }, q.page));
  });

  app.get('/orderPoint/exports-csv-minus-points', (c) => minusPointsCsv(c, deps));

  // Online: appended at once. Offline clients queue the same `point.create` and push it.
  app.post('/orderPoint', async (c) => runMutationRoute(c, deps, 'point.create', await rawBody(c)));

  return app;
}
