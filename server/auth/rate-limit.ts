// Fixed-window counters in the database, so every server copy shares them (decision 0103).
// Exceeding a rule answers 429 with Retry-After (seconds to the end of the window).
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rateLimits } from '../db/schema-auth';
import { ApiError } from '../http/errors';

export interface LimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

const minutes = 60;
const hour = 60 * minutes;

/** Per IP limits are generous: Vietnamese mobile carriers put many people behind one address. */
export const authLimits = {
  loginIp: { name: 'login-ip', limit: 100, windowSeconds: 10 * minutes },
  /** Failed logins per account. */
  loginAccount: { name: 'login-account', limit: 10, windowSeconds: 15 * minutes },
  registerIp: { name: 'register-ip', limit: 30, windowSeconds: hour },
  registerAccount: { name: 'register-account', limit: 10, windowSeconds: hour },
  /** Codes sent (e-mail or SMS). */
  otpIp: { name: 'otp-ip', limit: 30, windowSeconds: hour },
  otpDestination: { name: 'otp-destination', limit: 5, windowSeconds: hour },
  /** Code checks (each code also allows only 5 tries). */
  otpCheckIp: { name: 'otp-check-ip', limit: 60, windowSeconds: hour },
  forgotIp: { name: 'forgot-ip', limit: 30, windowSeconds: hour },
  forgotAccount: { name: 'forgot-account', limit: 5, windowSeconds: hour },
  /** Password changes and card activation by a logged-in member. */
  memberSecret: { name: 'member-secret', limit: 10, windowSeconds: 15 * minutes },
  checkExistIp: { name: 'check-exist-ip', limit: 120, windowSeconds: 10 * minutes },
} as const satisfies Record<string, LimitRule>;

/** Card views and taps per address (public, unauthenticated). */
export const trackingLimit = {
  name: 'tracking-ip',
  limit: 60,
  windowSeconds: minutes,
} as const satisfies LimitRule;

/** Bucket key; account names are hashed so the table holds no e-mail or phone in clear. */
export function bucketKey(rule: LimitRule, key: string): string {
  return `${rule.name}:${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`;
}

function windowOf(rule: LimitRule, now: Date): { start: Date; retryAfter: number } {
  const size = rule.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / size) * size;
  return {
    start: new Date(start),
    retryAfter: Math.max(1, Math.ceil((start + size - now.getTime()) / 1000)),
  };
}

/** The 429 of a full window, with Retry-After. */
export function limited(retryAfter: number): ApiError {
  return new ApiError(429, 'rate_limited', undefined, { 'Retry-After': String(retryAfter) });
}

/** The row a hit of `key` under `rule` counts in now, for callers that count in their own SQL. */
export function limitWindow(
  rule: LimitRule,
  key: string,
  now: Date,
): { bucket: string; start: Date; limit: number; retryAfter: number } {
  return { bucket: bucketKey(rule, key), limit: rule.limit, ...windowOf(rule, now) };
}

/** Old windows are swept now and then by whoever passes by (one call in a hundred). */
export async function sweepOldWindowsSometimes(db: Queryable, now: Date): Promise<void> {
  if (Math.random() >= 0.01) return;
  await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - 24 * hour * 1000).toISOString()));
}

/** Counts one hit; throws 429 once the rule's limit is passed in this window. */
export async function hitLimit(
  db: Queryable,
  rule: LimitRule,
  key: string,
  now: Date,
): Promise<void> {
  const { start, retryAfter } = windowOf(rule, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket: bucketKey(rule, key), windowStart: start.toISOString(), hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  await sweepOldWindowsSometimes(db, now);
  if ((row?.hits ?? 0) > rule.limit) throw limited(retryAfter);
}

/** Refuses when the window is already full, without counting (failures are counted later). */
export async function checkLimit(
  db: Queryable,
  rule: LimitRule,
  key: string,
  now: Date,
): Promise<void> {
  const { start, retryAfter } = windowOf(rule, now);
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.bucket, bucketKey(rule, key)),
        eq(rateLimits.windowStart, start.toISOString()),
      ),
    );
  if ((row?.hits ?? 0) >= rule.limit) throw limited(retryAfter);
}

/** Counts a failure without refusing (the next attempt is refused by checkLimit). */
export async function countFailure(
  db: Queryable,
  rule: LimitRule,
  key: string,
  now: Date,
): Promise<void> {
  const { start } = windowOf(rule, now);
  await db
    .insert(rateLimits)
    .values({ bucket: bucketKey(rule, key), windowStart: start.toISOString(), hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    });
}

/** The caller's address: the socket's, or the last X-Forwarded-For hop when behind a proxy. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
