// Association reports (spec §3, §7 GET/POST /associationReport; decision 0810): a group files
// one report per month; its agency reads every group's reports, totals per month and a CSV.
import * as v from 'valibot';
import { idSchema } from './points';

/** Largest amount accepted (10^15 VND): sums stay far inside safe integers. */
export const maxReportAmount = 1_000_000_000_000_000;

/**
 * A whole VND amount as typed: 1234567, "1234567", "1.234.567" (dot thousands, spec §9) or
 * "1 234 567". A minus sign → negative_number; anything else → not_a_number.
 */
export function reportAmountSchema() {
  return v.pipe(
    v.union([v.number('not_a_number'), v.string('not_a_number')], 'not_a_number'),
    v.transform((value) => (typeof value === 'number' ? value : amountOfText(value))),
    v.check((n) => !Number.isNaN(n), 'not_a_number'),
    v.finite('not_a_number'),
    v.minValue(0, 'negative_number'),
    v.integer('not_whole_number'),
    v.maxValue(maxReportAmount, 'invalid_number'),
  );
}

/** "1.234.567", "1234567", "-1.000" → numbers; anything else → NaN. */
export function amountOfText(text: string): number {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!/^-?(\d{1,3}(\.\d{3})+|\d+)$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replaceAll('.', ''));
}

/**
 * The spec's MM/YYYY (a single-digit month too: "3/2026") → YYYY-MM-01 (the database keeps the
 * month's first day).
 */
export const reportMonthSchema = v.pipe(
  v.string('month_required'),
  v.trim(),
  v.nonEmpty('month_required'),
  v.regex(/^(0?[1-9]|1[0-2])\/(19|20)\d{2}$/, 'invalid_month'),
  v.transform((text) => {
    const [month = '', year = ''] = text.split('/');
    return `${year}-${month.padStart(2, '0')}-01`;
  }),
);

/** Export markets: a list, or one text of names separated by commas or new lines. */
const marketsSchema = v.optional(
  v.pipe(
    v.union([
      v.array(v.string('not_text'), 'not_a_list'),
      v.pipe(
        v.string('not_text'),
        v.transform((text) => text.split(/[,\n;]/)),
      ),
    ]),
    v.transform((list) => [...new Set(list.map((m) => m.trim()).filter((m) => m !== ''))]),
    v.maxLength(50, 'too_many_items'),
    v.check((list) => list.every((m) => m.length <= 80), 'too_long'),
  ),
  [],
);

/**
 * POST /associationReport. Without `id` it files a new month (409 when that month already has
 * a report); with the id of the month's report it updates it (decision 0810).
 */
export const associationReportFileSchema = v.pipe(
  v.object({
    id: v.optional(idSchema),
    groupId: idSchema,
    month: reportMonthSchema,
    turnover: reportAmountSchema(),
    domesticRevenue: reportAmountSchema(),
    exportRevenue: reportAmountSchema(),
    exportMarkets: marketsSchema,
    /** The spec's singular name of the same list; kept, never dropped (issue 23). */
    exportMarket: marketsSchema,
  }),
  v.transform(({ exportMarket, ...report }) => ({
    ...report,
    exportMarkets: [...new Set([...report.exportMarkets, ...exportMarket])],
  })),
  v.check((report) => report.exportMarkets.length <= 50, 'too_many_items'),
);
export type AssociationReportFileInput = v.InferInput<typeof associationReportFileSchema>;
export type AssociationReportFile = v.InferOutput<typeof associationReportFileSchema>;

/** GET /associationReport: one group's reports, or every group of an agency. */
export const associationReportQuerySchema = v.object({
  groupId: v.optional(idSchema),
  agencyId: v.optional(idSchema),
  format: v.optional(v.picklist(['json', 'csv'], 'not_allowed_value'), 'json'),
});

export interface AssociationReport {
  id: string;
  groupId: string;
  groupName: string;
  /** YYYY-MM-01 */
  month: string;
  turnover: number;
  domesticRevenue: number;
  exportRevenue: number;
  exportMarkets: string[];
  updatedAt: string;
}

export interface MonthTotals {
  /** YYYY-MM-01 */
  month: string;
  groups: number;
  turnover: number;
  domesticRevenue: number;
  exportRevenue: number;
}

export interface AssociationReportAnswer {
  reports: AssociationReport[];
  totals: MonthTotals[];
}

/** Sums per month, oldest month first. */
export function monthTotals(reports: readonly AssociationReport[]): MonthTotals[] {
  const byMonth = new Map<string, MonthTotals>();
  for (const r of reports) {
    const t = byMonth.get(r.month) ?? {
      month: r.month,
      groups: 0,
      turnover: 0,
      domesticRevenue: 0,
      exportRevenue: 0,
    };
    t.groups += 1;
    t.turnover += r.turnover;
    t.domesticRevenue += r.domesticRevenue;
    t.exportRevenue += r.exportRevenue;
    byMonth.set(r.month, t);
  }
  return [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
}
