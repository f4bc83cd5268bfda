// Fair use per member (decision 1023): counted in the database like the login limits
// (rate_limits rows, a lease row per live stream), so several server processes on one
// PostgreSQL count together. A refusal is a 429 with Retry-After and a message naming the
// limit and when it frees up. Counts taken inside a mutation's transaction roll back with it,
// so a refused (or failed) write is never counted.
import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { fairUseLimits, type FairUseLimits } from '../../contract/fair-use';
import type { MessageCode } from '../../contract/messages';
import { vietnamDateTime } from '../../contract/vietnam-time';
import type { Database, Queryable } from '../db/client';
import { contacts, friendships } from '../db/schema';
import { rateLimits } from '../db/schema-auth';
import { liveStreamLeases } from '../db/schema-sync';
import { ApiError } from '../http/errors';
import { sweepOldWindowsSometimes } from '../auth/rate-limit';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
/** Daily windows start at midnight in Vietnam (UTC+7, no summer time). */
const vietnamOffsetMs = 7 * hourMs;

export function limitsOf(ctx: { fairUse?: FairUseLimits }): FairUseLimits {
  return ctx.fairUse ?? fairUseLimits;
}

function windowOf(kind: 'hour' | 'day', now: Date): { start: Date; end: Date } {
  const size = kind === 'hour' ? hourMs : dayMs;
  const offset = kind === 'day' ? vietnamOffsetMs : 0;
  const start = Math.floor((now.getTime() + offset) / size) * size - offset;
  return { start: new Date(start), end: new Date(start + size) };
}

/** The 429 of a limit: Retry-After in seconds, and the limit and free-up time for the message. */
export function fairUseRefusal(
  code: MessageCode,
  limit: number,
  freeAt: Date,
  now: Date,
): ApiError {
  const retryAfter = Math.max(1, Math.ceil((freeAt.getTime() - now.getTime()) / 1000));
  const { date, time } = vietnamDateTime(freeAt);
  return new ApiError(
    429,
    code,
    undefined,
    { 'Retry-After': String(retryAfter) },
    { limit, at: `${time} ${date.slice(0, 5)}` },
  );
}

/**
 * Adds `amount` to a member's counter of this window unless that would pass `limit`; answers
 * whether it was added. One statement, so concurrent requests of any process cannot both pass.
 */
async function take(
  db: Queryable,
  bucket: string,
  start: Date,
  amount: number,
  limit: number,
): Promise<boolean> {
  if (amount > limit) return false;
  const rows = await db
    .insert(rateLimits)
    .values({ bucket, windowStart: start.toISOString(), hits: amount })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + ${amount}` },
      setWhere: sql`${rateLimits.hits} + ${amount} <= ${limit}`,
    })
    .returning({ hits: rateLimits.hits });
  return rows.length > 0;
}

async function takeOrRefuse(
  db: Queryable,
  kind: 'hour' | 'day',
  bucket: string,
  amount: number,
  limit: number,
  code: MessageCode,
  now: Date,
  shownLimit = limit,
): Promise<void> {
  const { start, end } = windowOf(kind, now);
  if (!(await take(db, bucket, start, amount, limit))) {
    throw fairUseRefusal(code, shownLimit, end, now);
  }
}

/** Counts one upload of `bytes` (count and size per hour); 429 when either is spent. */
export async function countUpload(
  db: Database,
  memberId: string,
  bytes: number,
  now: Date,
  limits: FairUseLimits,
): Promise<void> {
  // Both counters or neither: a refused upload leaves the count as it was.
  await db.transaction(async (tx) => {
    await takeOrRefuse(
      tx,
      'hour',
      `fair-uploads:${memberId}`,
      1,
      limits.uploadsPerHour,
      'fair_use_uploads',
      now,
    );
    await takeOrRefuse(
      tx,
      'hour',
      `fair-upload-kib:${memberId}`,
      Math.ceil(bytes / 1024),
      limits.uploadMibPerHour * 1024,
      'fair_use_upload_bytes',
      now,
      limits.uploadMibPerHour,
    );
  });
  await sweepOldWindowsSometimes(db, now);
}

/** Which of `others` are the member's accepted friends. */
async function friendsAmong(
  db: Queryable,
  memberId: string,
  others: string[],
): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await db
    .select({ from: friendships.fromMemberId, to: friendships.toMemberId })
    .from(friendships)
    .where(
      and(
        eq(friendships.status, 'accepted'),
        isNull(friendships.deletedAt),
        or(
          and(eq(friendships.fromMemberId, memberId), inArray(friendships.toMemberId, others)),
          and(eq(friendships.toMemberId, memberId), inArray(friendships.fromMemberId, others)),
        ),
      ),
    );
  return new Set(rows.map((r) => (r.from === memberId ? r.to : r.from)));
}

/** Whether a message to these recipients reaches anyone who is not the sender's friend. */
export async function hasStrangers(
  db: Queryable,
  memberId: string,
  recipients: string[],
): Promise<boolean> {
  const friends = await friendsAmong(db, memberId, recipients);
  return recipients.some((id) => !friends.has(id));
}

/**
 * Counts a message in the sender's day when it reaches non-friends: one message, and each
 * non-friend not yet written to today as a new recipient. Call inside the send's transaction.
 */
export async function countStrangerMessage(
  tx: Queryable,
  memberId: string,
  recipients: string[],
  now: Date,
  limits: FairUseLimits,
): Promise<void> {
  const friends = await friendsAmong(tx, memberId, recipients);
  const strangers = recipients.filter((id) => !friends.has(id));
  if (strangers.length === 0) return;
  await takeOrRefuse(
    tx,
    'day',
    `fair-stranger-messages:${memberId}`,
    1,
    limits.strangerMessagesPerDay,
    'fair_use_stranger_messages',
    now,
  );
  const { start } = windowOf('day', now);
  // A marker row per (sender, stranger, day): only a first message today counts as new.
  const marked = await tx
    .insert(rateLimits)
    .values(
      strangers.map((id) => ({
        bucket: `fair-stranger-pair:${memberId}:${id}`,
        windowStart: start.toISOString(),
        hits: 1,
      })),
    )
    .onConflictDoNothing()
    .returning({ bucket: rateLimits.bucket });
  if (marked.length === 0) return;
  await takeOrRefuse(
    tx,
    'day',
    `fair-stranger-recipients:${memberId}`,
    marked.length,
    limits.strangerRecipientsPerDay,
    'fair_use_stranger_recipients',
    now,
  );
}

/** Counts a new friend request in the sender's day. Call inside the request's transaction. */
export async function countFriendRequest(
  tx: Queryable,
  memberId: string,
  now: Date,
  limits: FairUseLimits,
): Promise<void> {
  await takeOrRefuse(
    tx,
    'day',
    `fair-friend-requests:${memberId}`,
    1,
    limits.friendRequestsPerDay,
    'fair_use_friend_requests',
    now,
  );
}

/** How long a device waits before trying a contact again once the phonebook is full. */
const contactsRetryMs = hourMs;

/** Refuses when `adding` new contacts would pass the phonebook cap. */
export async function requireContactRoom(
  tx: Queryable,
  memberId: string,
  adding: number,
  now: Date,
  limits: FairUseLimits,
): Promise<void> {
  if (adding <= 0) return;
  const [row] = await tx
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.ownerMemberId, memberId), isNull(contacts.deletedAt)));
  if (Number(row?.n ?? 0) + adding > limits.contacts) {
    throw fairUseRefusal(
      'fair_use_contacts',
      limits.contacts,
      new Date(now.getTime() + contactsRetryMs),
      now,
    );
  }
}

/** What a refused stream is told to wait: about one heartbeat's worth of leases to lapse. */
const liveRetryMs = 60_000;

/**
 * Takes a lease for one live stream, or refuses with 429 when the member already has the
 * most open. Expired leases (of a process that died) are dropped first.
 */
export async function openLiveLease(
  db: Database,
  memberId: string,
  now: Date,
  leaseMs: number,
  limits: FairUseLimits,
): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    // One opener per member at a time, in every process: the count and the insert agree.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`live-leases:${memberId}`}))`);
    await tx
      .delete(liveStreamLeases)
      .where(
        and(
          eq(liveStreamLeases.memberId, memberId),
          lt(liveStreamLeases.expiresAt, now.toISOString()),
        ),
      );
    const [open] = await tx
      .select({ n: count() })
      .from(liveStreamLeases)
      .where(eq(liveStreamLeases.memberId, memberId));
    if (Number(open?.n ?? 0) >= limits.openLiveStreams) {
      throw fairUseRefusal(
        'fair_use_live_streams',
        limits.openLiveStreams,
        new Date(now.getTime() + liveRetryMs),
        now,
      );
    }
    await tx
      .insert(liveStreamLeases)
      .values({ id, memberId, expiresAt: new Date(now.getTime() + leaseMs).toISOString() });
  });
  return id;
}

export async function renewLiveLease(
  db: Database,
  id: string,
  now: Date,
  leaseMs: number,
): Promise<void> {
  await db
    .update(liveStreamLeases)
    .set({ expiresAt: new Date(now.getTime() + leaseMs).toISOString() })
    .where(eq(liveStreamLeases.id, id));
}

export async function closeLiveLease(db: Database, id: string): Promise<void> {
  await db.delete(liveStreamLeases).where(eq(liveStreamLeases.id, id));
}
