// The statistics of one or more owners (a member's card, a brand page and its members' cards)
// over a range of Vietnam days, read from the daily rollups only (decision 0910).
import { sql, type SQL } from 'drizzle-orm';
import {
  addDaysToDay,
  daysBetween,
  saveAction,
  viewActions,
  type BrandMemberStats,
  type BrandPointsDay,
  type StatsBucket,
  type StatsCount,
  type StatsGranularity,
  type StatsLinkClicks,
  type StatsQuery,
  type StatsReport,
  type StatsTotals,
} from '../../contract/statistics';
import { vietnamDayAfter, vietnamDayStart } from '../../contract/vietnam-time';
import { queryRows, type Queryable } from '../db/client';
import { activeMembershipSql } from '../domain/membership';

const listLimit = 20;

function ownerIn(ids: readonly string[]): SQL {
  return sql`owner_id IN (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

interface TotalsRow {
  views: number | null;
  visitors: number | null;
  saves: number | null;
  clicks: number | null;
}

function totalsOf(row: TotalsRow | undefined): StatsTotals {
  return {
    views: Number(row?.views ?? 0),
    visitors: Number(row?.visitors ?? 0),
    saves: Number(row?.saves ?? 0),
    clicks: Number(row?.clicks ?? 0),
  };
}

async function rangeTotals(
  db: Queryable,
  owners: readonly string[],
  from: string,
  to: string,
): Promise<StatsTotals> {
  const rows = await queryRows<TotalsRow>(
    db,
    sql`SELECT sum(views)::int AS views, sum(visitors)::int AS visitors,
          sum(saves)::int AS saves, sum(clicks)::int AS clicks
        FROM tracking_daily_totals
        WHERE ${ownerIn(owners)} AND day BETWEEN ${from}::date AND ${to}::date`,
  );
  return totalsOf(rows[0]);
}

/** First day of the bucket a day falls in: the day, its ISO week's Monday, its month's 1st. */
export function bucketStart(day: string, granularity: StatsGranularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDaysToDay(day, -((weekday + 6) % 7));
}

/** Every bucket of the range, empty ones included, so a chart has no gaps. */
export function bucketStarts(from: string, to: string, granularity: StatsGranularity): string[] {
  const starts: string[] = [];
  let day = bucketStart(from, granularity);
  while (day <= to) {
    starts.push(day);
    if (granularity === 'day') day = addDaysToDay(day, 1);
    else if (granularity === 'week') day = addDaysToDay(day, 7);
    else {
      const [y = 0, m = 1] = day.split('-').map(Number);
      day = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
  }
  return starts;
}

async function series(
  db: Queryable,
  owners: readonly string[],
  query: StatsQuery,
): Promise<StatsBucket[]> {
  const bucket =
    query.granularity === 'day'
      ? sql`day`
      : sql`date_trunc(${query.granularity}, day::timestamp)::date`;
  const rows = await queryRows<TotalsRow & { start: string }>(
    db,
    sql`SELECT to_char(${bucket}, 'YYYY-MM-DD') AS start, sum(views)::int AS views,
          sum(visitors)::int AS visitors, sum(saves)::int AS saves, sum(clicks)::int AS clicks
        FROM tracking_daily_totals
        WHERE ${ownerIn(owners)} AND day BETWEEN ${query.from}::date AND ${query.to}::date
        GROUP BY 1`,
  );
  const byStart = new Map(rows.map((r) => [r.start, r]));
  return bucketStarts(query.from, query.to, query.granularity).map((start) => ({
    start,
    ...totalsOf(byStart.get(start)),
  }));
}

async function links(
  db: Queryable,
  owners: readonly string[],
  query: StatsQuery,
): Promise<StatsLinkClicks[]> {
  const notClicks = [...viewActions, saveAction];
  const rows = await queryRows<StatsLinkClicks>(
    db,
    sql`SELECT action, value, sum(events)::int AS clicks
        FROM tracking_daily_actions
        WHERE ${ownerIn(owners)} AND day BETWEEN ${query.from}::date AND ${query.to}::date
          AND action NOT IN (${sql.join(
            notClicks.map((a) => sql`${a}`),
            sql`, `,
          )})
        GROUP BY action, value
        ORDER BY clicks DESC, action, value
        LIMIT ${listLimit}`,
  );
  return rows.map((r) => ({ ...r, clicks: Number(r.clicks) }));
}

async function sources(
  db: Queryable,
  owners: readonly string[],
  query: StatsQuery,
): Promise<Record<'referrer' | 'utm' | 'device', StatsCount[]>> {
  const rows = await queryRows<{ dimension: string; name: string; count: number }>(
    db,
    sql`SELECT dimension, name, sum(views)::int AS count
        FROM tracking_daily_sources
        WHERE ${ownerIn(owners)} AND day BETWEEN ${query.from}::date AND ${query.to}::date
        GROUP BY dimension, name
        ORDER BY count DESC, name`,
  );
  const out: Record<'referrer' | 'utm' | 'device', StatsCount[]> = {
    referrer: [],
    utm: [],
    device: [],
  };
  for (const row of rows) {
    const list = out[row.dimension as keyof typeof out] as StatsCount[] | undefined;
    if (list && list.length < listLimit) list.push({ name: row.name, count: Number(row.count) });
  }
  return out;
}

/** The figures of the owners over the range, with the period of the same length before it. */
export async function readStatistics(
  db: Queryable,
  owners: readonly string[],
  query: StatsQuery,
): Promise<StatsReport> {
  const length = daysBetween(query.from, query.to) + 1;
  const previousFrom = addDaysToDay(query.from, -length);
  const previousTo = addDaysToDay(query.from, -1);
  const [totals, previous, buckets, clicks, from] = await Promise.all([
    rangeTotals(db, owners, query.from, query.to),
    rangeTotals(db, owners, previousFrom, previousTo),
    series(db, owners, query),
    links(db, owners, query),
    sources(db, owners, query),
  ]);
  return {
    from: query.from,
    to: query.to,
    granularity: query.granularity,
    totals,
    previous: { ...previous, from: previousFrom, to: previousTo },
    series: buckets,
    links: clicks,
    referrers: from.referrer,
    utmSources: from.utm,
    devices: from.device,
  };
}

/** Active members of a brand (every role). */
export async function brandMemberIds(db: Queryable, groupId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT DISTINCT member_id AS id FROM group_members
        WHERE group_id = ${groupId} AND ${activeMembershipSql('group_members')}`,
  );
  return rows.map((r) => r.id);
}

/** Each member card's totals over the range, most viewed first. */
export async function rankedMembers(
  db: Queryable,
  groupId: string,
  query: StatsQuery,
): Promise<BrandMemberStats[]> {
  const rows = await queryRows<TotalsRow & { id: string; name: string; url_minify: string | null }>(
    db,
    sql`SELECT m.id, m.name, m.url_minify,
          coalesce(sum(t.views), 0)::int AS views, coalesce(sum(t.visitors), 0)::int AS visitors,
          coalesce(sum(t.saves), 0)::int AS saves, coalesce(sum(t.clicks), 0)::int AS clicks
        FROM (SELECT DISTINCT member_id FROM group_members
              WHERE group_id = ${groupId} AND ${activeMembershipSql('group_members')}) gm
        JOIN members m ON m.id = gm.member_id
        LEFT JOIN tracking_daily_totals t ON t.owner_id = m.id
          AND t.day BETWEEN ${query.from}::date AND ${query.to}::date
        GROUP BY m.id, m.name, m.url_minify
        ORDER BY views DESC, clicks DESC, m.name`,
  );
  return rows.map((r) => ({
    memberId: r.id,
    name: r.name,
    urlMinify: r.url_minify,
    ...totalsOf(r),
  }));
}

/** Points issued and redeemed and check-ins per Vietnam day of the range (days with any). */
export async function brandPointsPerDay(
  db: Queryable,
  groupId: string,
  query: StatsQuery,
): Promise<BrandPointsDay[]> {
  const start = vietnamDayStart(query.from);
  const end = vietnamDayAfter(query.to);
  const rows = await queryRows<{
    day: string;
    issued: number;
    redeemed: number;
    check_ins: number;
  }>(
    db,
    sql`SELECT day, sum(issued)::bigint AS issued, sum(redeemed)::bigint AS redeemed,
          sum(check_ins)::int AS check_ins
        FROM (
          SELECT to_char(recorded_at AT TIME ZONE 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD') AS day,
            accumulated_points AS issued, deducted_points AS redeemed, 0 AS check_ins
          FROM point_entries
          WHERE seller_group_id = ${groupId} AND deleted_at IS NULL
            AND recorded_at >= ${start} AND recorded_at < ${end}
          UNION ALL
          SELECT to_char(checked_in_at AT TIME ZONE 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD'), 0, 0, 1
          FROM check_ins
          WHERE group_id = ${groupId} AND deleted_at IS NULL AND duplicate_of IS NULL
            AND checked_in_at >= ${start} AND checked_in_at < ${end}
        ) AS d
        GROUP BY day
        ORDER BY day`,
  );
  return rows.map((r) => ({
    day: r.day,
    issued: Number(r.issued),
    redeemed: Number(r.redeemed),
    checkIns: Number(r.check_ins),
  }));
}
