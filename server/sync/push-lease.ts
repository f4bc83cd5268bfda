// At most one push per member in flight across every server copy (decision 0206): ten pushes
// at once from one account would only queue up on the same rows and starve every other request.
// A lease row rather than an advisory lock: a session lock would pin a pooled connection for
// the whole push (and PGlite's single connection re-enters its own locks).
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { syncPushLeases } from '../db/schema-sync';
import { ApiError } from '../http/errors';

/** A lease outlives its push only when the copy holding it died; then it frees itself. */
export const pushLeaseMs = 120_000;
/** What a refused push is told to wait: about one push of a full batch. */
export const pushBusyRetryAfterSeconds = 2;

/**
 * Runs the push while holding the member's lease, or throws 429 `push_in_progress` with
 * Retry-After when another push of the member holds it.
 */
export async function withPushLease<T>(
  db: Database,
  memberId: string,
  now: Date,
  push: () => Promise<T>,
): Promise<T> {
  const holder = randomUUID();
  const expiresAt = new Date(now.getTime() + pushLeaseMs).toISOString();
  const taken = await db
    .insert(syncPushLeases)
    .values({ memberId, holder, expiresAt })
    .onConflictDoUpdate({
      target: syncPushLeases.memberId,
      set: { holder, expiresAt },
      // Only an expired lease is taken over.
      setWhere: sql`${syncPushLeases.expiresAt} < ${now.toISOString()}`,
    })
    .returning({ holder: syncPushLeases.holder });
  if (taken[0]?.holder !== holder) {
    throw new ApiError(429, 'push_in_progress', undefined, {
      'Retry-After': String(pushBusyRetryAfterSeconds),
    });
  }
  try {
    return await push();
  } finally {
    await db
      .delete(syncPushLeases)
      .where(and(eq(syncPushLeases.memberId, memberId), eq(syncPushLeases.holder, holder)));
  }
}
