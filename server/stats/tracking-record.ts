// The tracking write path (decision 0910): one SQL statement stores the raw event and adds it to
// the day's rollups (totals, per action and value, sources, the visitor set), so reading a year
// never scans raw events. Card pages, short links and bio links all record through here.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { sql } from 'drizzle-orm';
import { trackingCategory } from '../../contract/statistics';
import { vietnamDay, vietnamDayAfter } from '../../contract/vietnam-time';
import { queryRows, type Queryable } from '../db/client';

export type DeviceClass = 'mobile' | 'tablet' | 'desktop' | 'bot';

/** The kind of device a User-Agent names; the text itself is not kept. */
export function deviceClass(userAgent: string): DeviceClass {
  if (/bot|crawl|spider|slurp|facebookexternalhit|preview|lighthouse/i.test(userAgent))
    return 'bot';
  if (/ipad|tablet|playbook|silk|(android(?!.*mobile))/i.test(userAgent)) return 'tablet';
  if (/mobi|iphone|ipod|android|zalo|windows phone|opera mini/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The host of a referrer address, or null (none, not http(s), or our own pages). */
export function referrerHost(
  referrer: string | undefined,
  ownHost: string | undefined,
): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    if (
      !host ||
      (ownHost &&
        host ===
          ownHost
            .toLowerCase()
            .replace(/:\d+$/, '')
            .replace(/^www\./, ''))
    )
      return null;
    return host.slice(0, 200);
  } catch {
    return null;
  }
}

/** The visitor cookie: HttpOnly, made and signed by the server, gone at Vietnam midnight. */
export const visitorCookieName = 'mv';

function visitorSignature(authSecret: string, id: string): string {
  return createHmac('sha256', authSecret)
    .update(`tracking-visitor-cookie:${id}`)
    .digest('base64url')
    .slice(0, 22);
}

function signedVisitor(authSecret: string, cookie: string | undefined): string | null {
  const match = cookie ? /^([\w-]{22})\.([\w-]{22})$/.exec(cookie) : null;
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(visitorSignature(authSecret, match[1]));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
}

/**
 * The visitor id of this request: the signed cookie's id when it is valid, else an id keyed on
 * the day, the address and the browser (so requests a page sends together before its first
 * answer set the cookie are still one visitor), set as the cookie until the end of the Vietnam
 * day. The address itself is never stored. A client cannot choose its id: an id
 * without the server's signature is replaced. Visits count as one person within a day and
 * days cannot be linked together.
 */
export function trackingVisitorId(
  c: Context,
  authSecret: string,
  now: Date,
  secure: boolean,
  ip: string,
): string {
  const known = signedVisitor(authSecret, getCookie(c, visitorCookieName));
  if (known) return known;
  const id = createHmac('sha256', authSecret)
    .update(`visitor|${vietnamDay(now)}|${ip}|${c.req.header('user-agent') ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
  const untilMidnight = Math.ceil(
    (Date.parse(vietnamDayAfter(vietnamDay(now))) - now.getTime()) / 1000,
  );
  setCookie(c, visitorCookieName, `${id}.${visitorSignature(authSecret, id)}`, {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    maxAge: Math.max(60, untilMidnight),
  });
  return id;
}

export interface TrackingEventInput {
  memberId: string | null;
  groupId: string | null;
  action: string;
  value: string;
  visitorId: string;
  referrerHost: string | null;
  utmSource: string | null;
  device: DeviceClass;
  at: Date;
}

/** An event as the statements below read it (jsonb_to_recordset), with its derived columns. */
function eventColumns(event: TrackingEventInput) {
  const category = trackingCategory(event.action);
  return {
    member_key: event.memberId,
    group_key: event.groupId,
    action: event.action,
    value: event.value,
    // Views are one row per day; clicks are per value (which link, which number).
    action_value: category === 'view' ? '' : event.value,
    category,
    visitor_id: event.visitorId,
    referrer_host: event.referrerHost,
    utm_source: event.utmSource,
    device: event.device,
    created_at: event.at.toISOString(),
    day: vietnamDay(event.at),
  };
}

const eventRecordColumns = sql.raw(`member_key uuid, group_key uuid, action text, value text,
  action_value text, category text, visitor_id text, referrer_host text, utm_source text,
  device text, created_at timestamptz, day date`);

/**
 * The CTEs that store the events of `ev` (columns of eventColumns plus member_id, group_id,
 * owner_id) and add them to their days' rollups (totals, per action and value, sources, the
 * visitor set). Aggregated first, so the rollup rows of a busy card are touched once per
 * statement however many events it carries. An owner_id of null stores the raw event only.
 */
const storeEvents = sql`raw AS (
      INSERT INTO tracking_events
        (member_id, group_id, action, value, visitor_id, referrer_host, utm_source, device, created_at)
      SELECT member_id, group_id, action, value, visitor_id, referrer_host, utm_source, device,
        created_at
      FROM ev
      RETURNING 1
    ), owned AS (
      SELECT * FROM ev WHERE owner_id IS NOT NULL
    ), visitor AS (
      INSERT INTO tracking_daily_visitors (owner_id, day, visitor_id)
      SELECT DISTINCT owner_id, day, visitor_id FROM owned
      ON CONFLICT DO NOTHING
      RETURNING owner_id, day
    ), per_action AS (
      INSERT INTO tracking_daily_actions (owner_id, day, action, value, events)
      SELECT owner_id, day, action, action_value, count(*) FROM owned GROUP BY 1, 2, 3, 4
      ON CONFLICT (owner_id, day, action, value)
      DO UPDATE SET events = tracking_daily_actions.events + excluded.events
      RETURNING 1
    ), per_source AS (
      INSERT INTO tracking_daily_sources (owner_id, day, dimension, name, views)
      SELECT o.owner_id, o.day, s.dimension, s.name, count(*)
      FROM owned o, LATERAL (VALUES ('referrer', coalesce(o.referrer_host, '')),
        ('utm', o.utm_source), ('device', o.device)) AS s (dimension, name)
      WHERE o.category = 'view' AND s.name IS NOT NULL
      GROUP BY 1, 2, 3, 4
      ON CONFLICT (owner_id, day, dimension, name)
      DO UPDATE SET views = tracking_daily_sources.views + excluded.views
      RETURNING 1
    ), new_visitors AS (
      SELECT owner_id, day, count(*) AS n FROM visitor GROUP BY 1, 2
    ), totals AS (
      INSERT INTO tracking_daily_totals AS t (owner_id, day, views, visitors, saves, clicks)
      SELECT o.owner_id, o.day,
        count(*) FILTER (WHERE o.category = 'view'),
        coalesce((SELECT v.n FROM new_visitors v WHERE v.owner_id = o.owner_id AND v.day = o.day), 0),
        count(*) FILTER (WHERE o.category = 'save'),
        count(*) FILTER (WHERE o.category = 'click')
      FROM owned o GROUP BY 1, 2
      ON CONFLICT (owner_id, day) DO UPDATE SET
        views = t.views + excluded.views,
        visitors = t.visitors + excluded.visitors,
        saves = t.saves + excluded.saves,
        clicks = t.clicks + excluded.clicks
      RETURNING 1
    )`;

/** Stores events the server vouches for (ids already checked) with their rollups, in one statement. */
export async function recordTrackingEvents(
  db: Queryable,
  events: readonly TrackingEventInput[],
): Promise<void> {
  if (events.length === 0) return;
  await db.execute(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(events.map(eventColumns))}::jsonb)
        AS x (${eventRecordColumns})
    ), ev AS (
      SELECT *, member_key AS member_id, group_key AS group_id,
        coalesce(member_key, group_key) AS owner_id
      FROM input
    ), ${storeEvents}
    SELECT 1`);
}

/** Stores one event and adds it to its day's rollups (one round trip). */
export function recordTrackingEvent(db: Queryable, event: TrackingEventInput): Promise<void> {
  return recordTrackingEvents(db, [event]);
}

export interface PublicTrackingEvent {
  event: TrackingEventInput;
  /** The rate-limit row the sender's address counts in (limitWindow). */
  window: { bucket: string; start: Date; limit: number };
}

export interface PublicTrackingOutcome {
  /** The address's hits in its window, this one included. */
  hits: number;
  /** Every card the event names exists (a locked member's card counts as missing). */
  found: boolean;
}

/**
 * POST /tracking/action for many requests in one statement (decision 0910): counts each
 * address's hits in the shared rate-limit windows (in arrival order), checks that the named
 * cards exist, and stores only the events within their limit whose cards exist, with their
 * rollups. The answer per event says which way it went.
 */
export async function recordPublicTrackingEvents(
  db: Queryable,
  items: readonly PublicTrackingEvent[],
): Promise<PublicTrackingOutcome[]> {
  if (items.length === 0) return [];
  const rows = items.map((item, idx) => ({
    ...eventColumns(item.event),
    idx,
    bucket: item.window.bucket,
    window_start: item.window.start.toISOString(),
    hit_limit: item.window.limit,
  }));
  const answers = await queryRows<{ idx: number; hits: number; found: boolean }>(
    db,
    sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS x (idx int, bucket text, window_start timestamptz, hit_limit int, ${eventRecordColumns})
    ), counted AS (
      SELECT bucket, window_start, count(*) AS n FROM input GROUP BY 1, 2
    ), hit AS (
      INSERT INTO rate_limits (bucket, window_start, hits)
      SELECT bucket, window_start, n FROM counted
      ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + excluded.hits
      RETURNING bucket, window_start, hits
    ), checked AS (
      SELECT i.*, m.id AS member_id, g.id AS group_id,
        -- The k-th of n hits of a window in this statement: the window's total - n + k.
        h.hits - count(*) OVER (PARTITION BY i.bucket, i.window_start)
          + row_number() OVER (PARTITION BY i.bucket, i.window_start ORDER BY i.idx) AS hits_at,
        (i.member_key IS NULL OR m.id IS NOT NULL) AND (i.group_key IS NULL OR g.id IS NOT NULL)
          AS found
      FROM input i
      JOIN hit h ON h.bucket = i.bucket AND h.window_start = i.window_start
      LEFT JOIN members m ON m.id = i.member_key AND m.deleted_at IS NULL AND m.status <> 'locked'
      LEFT JOIN groups g ON g.id = i.group_key AND g.deleted_at IS NULL
    ), ev AS (
      SELECT *, coalesce(member_id, group_id) AS owner_id FROM checked
      WHERE found AND hits_at <= hit_limit
    ), ${storeEvents}
    SELECT idx, hits_at::int AS hits, found FROM checked`,
  );
  const byIndex = new Map(answers.map((answer) => [Number(answer.idx), answer]));
  return items.map((_, idx) => {
    const answer = byIndex.get(idx);
    return { hits: Number(answer?.hits ?? 0), found: answer?.found === true };
  });
}

/**
 * Runs the work of requests that arrive together as one statement: while one statement runs,
 * the next items wait and go together in the following one. Each request still waits for its
 * own answer (nothing is held past an answer, nothing is kept between requests), and a busy
 * card's rollup rows are written by one statement at a time instead of every request queueing
 * on them.
 */
export class StatementBatcher<Item, Answer> {
  private readonly waiting: {
    item: Item;
    settle: (answer: Answer | undefined, error?: Error) => void;
  }[] = [];
  private running = false;

  constructor(
    private readonly runBatch: (items: Item[]) => Promise<Answer[]>,
    private readonly maxBatch = 500,
  ) {}

  run(item: Item): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({
        item,
        settle: (answer, error) => (error ? reject(error) : resolve(answer as Answer)),
      });
      void this.runWaiting();
    });
  }

  /**
   * Waits while requests keep arriving (a turn of the event loop at a time, 2 ms at most): a
   * wave of requests reaches here over several turns, and without this its first one would run
   * alone and the rest wait for it.
   */
  private async gatherArrivals(): Promise<void> {
    const started = performance.now();
    for (;;) {
      const before = this.waiting.length;
      await new Promise((resolve) => setImmediate(resolve));
      if (this.waiting.length === before || this.waiting.length >= this.maxBatch) return;
      if (performance.now() - started >= 2) return;
    }
  }

  private async runWaiting(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        await this.gatherArrivals();
        const batch = this.waiting.splice(0, this.maxBatch);
        try {
          const answers = await this.runBatch(batch.map((entry) => entry.item));
          batch.forEach((entry, at) => entry.settle(answers[at]));
        } catch (error) {
          const failure = error instanceof Error ? error : new Error(String(error));
          for (const entry of batch) entry.settle(undefined, failure);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

/** Raw events are kept 90 days, the per-day visitor sets 25 months (decision 0910). */
export const rawEventRetentionDays = 90;
export const visitorSetRetentionDays = 25 * 31;

/**
 * Deletes raw events and visitor sets past retention. The rollups already hold every event
 * (they are written with it), so nothing is lost from the statistics.
 */
export async function purgeOldTracking(
  db: Queryable,
  now: Date,
): Promise<{ events: number; visitors: number }> {
  const eventsBefore = new Date(now.getTime() - rawEventRetentionDays * 86_400_000).toISOString();
  const visitorsBefore = vietnamDay(now.getTime() - visitorSetRetentionDays * 86_400_000);
  const events = await queryRows<{ n: number }>(
    db,
    sql`WITH gone AS (DELETE FROM tracking_events WHERE created_at < ${eventsBefore} RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  const visitors = await queryRows<{ n: number }>(
    db,
    sql`WITH gone AS (DELETE FROM tracking_daily_visitors WHERE day < ${visitorsBefore} RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  return { events: events[0]?.n ?? 0, visitors: visitors[0]?.n ?? 0 };
}
