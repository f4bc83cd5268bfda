// The tracking write path (decision 0910): one SQL statement stores the raw event and adds it to
// the day's rollups (totals, per action and value, sources, the visitor set), so reading a year
// never scans raw events. Card pages, short links and bio links all record through here.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { sql, type SQL } from 'drizzle-orm';
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

/**
 * The statement that stores an event and adds it to its day's rollups. `gate` is a CTE named
 * `ev` with the columns member_id, group_id and owner_id: no row stores nothing; an owner_id of
 * null stores the raw event only (no card to roll it up for).
 */
function eventStatement(event: TrackingEventInput, gate: SQL, result: SQL): SQL {
  const category = trackingCategory(event.action);
  const day = vietnamDay(event.at);
  const isView = category === 'view';
  // Views are one row per day; clicks are per value (which link, which number).
  const actionValue = isView ? '' : event.value;
  return sql`
    WITH ${gate}, raw AS (
      INSERT INTO tracking_events
        (member_id, group_id, action, value, visitor_id, referrer_host, utm_source, device, created_at)
      SELECT ev.member_id, ev.group_id, ${event.action}, ${event.value}, ${event.visitorId},
        ${event.referrerHost}, ${event.utmSource}, ${event.device}, ${event.at.toISOString()}
      FROM ev
      RETURNING 1
    ), visitor AS (
      INSERT INTO tracking_daily_visitors (owner_id, day, visitor_id)
      SELECT ev.owner_id, ${day}::date, ${event.visitorId} FROM ev WHERE ev.owner_id IS NOT NULL
      ON CONFLICT DO NOTHING
      RETURNING 1
    ), per_action AS (
      INSERT INTO tracking_daily_actions (owner_id, day, action, value, events)
      SELECT ev.owner_id, ${day}::date, ${event.action}, ${actionValue}, 1
      FROM ev WHERE ev.owner_id IS NOT NULL
      ON CONFLICT (owner_id, day, action, value)
      DO UPDATE SET events = tracking_daily_actions.events + 1
      RETURNING 1
    ), per_source AS (
      INSERT INTO tracking_daily_sources (owner_id, day, dimension, name, views)
      SELECT ev.owner_id, ${day}::date, s.dimension, s.name, 1
      FROM ev, (VALUES ('referrer', ${event.referrerHost ?? ''}::text), ('utm', ${event.utmSource}::text),
        ('device', ${event.device}::text)) AS s (dimension, name)
      WHERE ev.owner_id IS NOT NULL AND ${isView} AND s.name IS NOT NULL
      ON CONFLICT (owner_id, day, dimension, name)
      DO UPDATE SET views = tracking_daily_sources.views + 1
      RETURNING 1
    ), totals AS (
      INSERT INTO tracking_daily_totals AS t (owner_id, day, views, visitors, saves, clicks)
      SELECT ev.owner_id, ${day}::date, ${isView ? 1 : 0}, (SELECT count(*) FROM visitor),
        ${category === 'save' ? 1 : 0}, ${category === 'click' ? 1 : 0}
      FROM ev WHERE ev.owner_id IS NOT NULL
      ON CONFLICT (owner_id, day) DO UPDATE SET
        views = t.views + excluded.views,
        visitors = t.visitors + excluded.visitors,
        saves = t.saves + excluded.saves,
        clicks = t.clicks + excluded.clicks
      RETURNING 1
    )
    ${result}`;
}

/** Stores one event and adds it to its day's rollups, in one statement (one round trip). */
export async function recordTrackingEvent(db: Queryable, event: TrackingEventInput): Promise<void> {
  const owner = event.memberId ?? event.groupId;
  const gate = sql`ev AS (SELECT ${event.memberId}::uuid AS member_id,
    ${event.groupId}::uuid AS group_id, ${owner}::uuid AS owner_id)`;
  await db.execute(eventStatement(event, gate, sql`SELECT 1`));
}

export interface PublicTrackingOutcome {
  /** The address's hits in this window, this one included. */
  hits: number;
  /** Every card the event names exists (and a member card is not locked). */
  found: boolean;
}

/**
 * POST /tracking/action in one round trip (decision 0910): counts the address's hit in the
 * shared rate-limit window, checks that the named cards exist, and only when the hit is within
 * the limit and the cards exist stores the event and its rollups. Three round trips per event
 * before; this is what a crowd scanning one card at an event costs the database.
 */
export async function recordPublicTrackingEvent(
  db: Queryable,
  event: TrackingEventInput,
  window: { bucket: string; start: Date; limit: number },
): Promise<PublicTrackingOutcome> {
  const memberId = event.memberId;
  const groupId = event.groupId;
  const named = sql`(${memberId}::uuid IS NULL OR EXISTS (SELECT 1 FROM member))
    AND (${groupId}::uuid IS NULL OR EXISTS (SELECT 1 FROM grp))`;
  const gate = sql`hit AS (
      INSERT INTO rate_limits (bucket, window_start, hits)
      VALUES (${window.bucket}, ${window.start.toISOString()}, 1)
      ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1
      RETURNING hits
    ), member AS (
      SELECT id FROM members
      WHERE id = ${memberId}::uuid AND deleted_at IS NULL AND status <> 'locked'
    ), grp AS (
      SELECT id FROM groups WHERE id = ${groupId}::uuid AND deleted_at IS NULL
    ), ev AS (
      SELECT (SELECT id FROM member) AS member_id, (SELECT id FROM grp) AS group_id,
        coalesce((SELECT id FROM member), (SELECT id FROM grp)) AS owner_id
      FROM hit WHERE hit.hits <= ${window.limit} AND ${named}
    )`;
  const [row] = await queryRows<{ hits: number; found: boolean }>(
    db,
    eventStatement(
      event,
      gate,
      sql`SELECT (SELECT hits FROM hit)::int AS hits, (${named}) AS found`,
    ),
  );
  return { hits: Number(row?.hits ?? 0), found: row?.found === true };
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
