// Card and brand statistics (spec §1, §7; decision 0910): what the tracking events mean, the
// range a dashboard asks for, and the answer both the server and the dashboards read.
import * as v from 'valibot';

/** Page views: the card or brand page, and the bio-link page (issue 17). */
export const viewActions: readonly string[] = ['view', 'biolink-view'];
/** The vCard saved from the card. */
export const saveAction = 'save_contact';

export type TrackingCategory = 'view' | 'save' | 'shown' | 'click';

/**
 * A code that scrolled into view (`vietqr_shown`, `qr_shown`) is listed per value but is not a
 * click; every other action (taps on phone, Zalo, e-mail, links, share, short-link and bio-link
 * clicks) is a click.
 */
export function trackingCategory(action: string): TrackingCategory {
  if (viewActions.includes(action)) return 'view';
  if (action === saveAction) return 'save';
  if (action.endsWith('_shown')) return 'shown';
  return 'click';
}

export const statsGranularities = ['day', 'week', 'month'] as const;
export type StatsGranularity = (typeof statsGranularities)[number];

/** Longest range one request may cover: two years (decision 0910). */
export const maxStatsRangeDays = 731;

/** 'DD/MM/YYYY' (as people type it) or 'YYYY-MM-DD' → 'YYYY-MM-DD' when it is a real day. */
export function parseDayInput(text: string): string | null {
  const trimmed = text.trim();
  const vn = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const [year, month, day] = vn
    ? [Number(vn[3]), Number(vn[2]), Number(vn[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [Number.NaN, Number.NaN, Number.NaN];
  if (!Number.isInteger(year) || year < 2000 || year > 2200) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Days from one 'YYYY-MM-DD' to another (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A 'YYYY-MM-DD' moved by a number of days. */
export function addDaysToDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const dayField = v.pipe(
  v.string('date_required'),
  v.trim(),
  v.nonEmpty('date_required'),
  v.check((text) => parseDayInput(text) !== null, 'invalid_date'),
  v.transform((text) => parseDayInput(text) ?? text),
);

/** Body of POST /dashboard/member/{id} and /dashboard/brand/{id}: the days are Vietnam days. */
export const statsQuerySchema = v.pipe(
  v.object({
    from: dayField,
    to: dayField,
    granularity: v.optional(v.picklist(statsGranularities, 'invalid_value'), 'day'),
  }),
  v.forward(
    v.check((input) => input.from <= input.to, 'date_range_reversed'),
    ['to'],
  ),
  v.forward(
    v.check(
      (input) => daysBetween(input.from, input.to) < maxStatsRangeDays,
      'date_range_too_long',
    ),
    ['to'],
  ),
);
export type StatsQueryInput = v.InferInput<typeof statsQuerySchema>;
export type StatsQuery = v.InferOutput<typeof statsQuerySchema>;

export interface StatsTotals {
  views: number;
  /** Visitors counted once per day; a longer range adds the days up (decision 0910). */
  visitors: number;
  saves: number;
  clicks: number;
}

export interface StatsBucket extends StatsTotals {
  /** First day of the bucket (the day, the Monday of the week, the first of the month). */
  start: string;
}

export interface StatsCount {
  name: string;
  count: number;
}

export interface StatsLinkClicks {
  action: string;
  value: string;
  clicks: number;
}

export interface StatsReport {
  from: string;
  to: string;
  granularity: StatsGranularity;
  totals: StatsTotals;
  /** The period of the same length just before `from`. */
  previous: StatsTotals & { from: string; to: string };
  series: StatsBucket[];
  links: StatsLinkClicks[];
  referrers: StatsCount[];
  utmSources: StatsCount[];
  devices: StatsCount[];
}

export interface BrandMemberStats extends StatsTotals {
  memberId: string;
  name: string;
  urlMinify: string | null;
}

export interface BrandPointsDay {
  day: string;
  issued: number;
  redeemed: number;
  checkIns: number;
}

/** A brand's dashboard: its own page, its members' cards summed and ranked, points per day. */
export interface BrandStatsReport extends StatsReport {
  brand: { id: string; name: string };
  membersTotals: StatsTotals;
  members: BrandMemberStats[];
  points: BrandPointsDay[];
}

export interface MemberStatsReport extends StatsReport {
  member: { id: string; name: string; urlMinify: string | null };
}

/** Clicks per views; 0 when there were no views. */
export function clickThroughRate(totals: Pick<StatsTotals, 'views' | 'clicks'>): number {
  return totals.views > 0 ? totals.clicks / totals.views : 0;
}

/** Change from the previous period, as a fraction, or null when there was nothing before. */
export function periodChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / previous;
}
