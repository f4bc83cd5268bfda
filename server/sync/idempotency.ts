import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { isUniqueViolation } from '../db/sql-state';
import { insertRows } from '../db/insert-rows';
import { ApiError } from '../http/errors';

export interface StoredResult {
  status: number;
  body: unknown;
  /** True when this answer was stored by an earlier delivery of the same key. */
  replayed: boolean;
}

export function requestHash(name: string, payload: unknown): string {
  return createHash('sha256')
    .update(name)
    .update('\n')
    .update(JSON.stringify(payload ?? null))
    .digest('base64url');
}

/**
 * Runs a write once per (member, key). The key is stored in the same transaction as the
 * effect, so a replay, days later or twice at once, returns the first answer and changes
 * nothing. Without a key the write simply runs.
 */
export async function runIdempotent(
  db: Database,
  memberId: string,
  key: string | undefined,
  hash: string,
  effect: (tx: Transaction) => Promise<{ status: number; body: unknown }>,
): Promise<StoredResult> {
  if (!key) {
    const result = await db.transaction(effect);
    return { ...result, replayed: false };
  }
  if (key.length > 200) throw new ApiError(400, 'invalid_value');
  const previous = async (tx: Database | Transaction) =>
    (
      await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)))
    )[0];
  const replay = (row: NonNullable<Awaited<ReturnType<typeof previous>>>): StoredResult => {
    if (row.requestHash !== hash) throw new ApiError(422, 'idempotency_mismatch');
    return { status: row.status, body: (row.response as { body?: unknown }).body, replayed: true };
  };
  const earlier = await previous(db);
  if (earlier) return replay(earlier);
  try {
    return await db.transaction(async (tx) => {
      // Claim the key first: a concurrent delivery of the same key waits here, then fails
      // on the primary key and reads the stored answer below.
      await tx.insert(idempotencyKeys).values({
        memberId,
        key,
        requestHash: hash,
        status: 0,
        response: {},
      });
      const result = await effect(tx);
      await tx
        .update(idempotencyKeys)
        .set({ status: result.status, response: { body: result.body } })
        .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
      return { ...result, replayed: false };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const stored = await previous(db);
      if (stored) return replay(stored);
    }
    throw error;
  }
}

/**
 * Runs several keyed writes in one transaction (the batch push's fast path): the effect and
 * every key are stored together. Returns null, having changed nothing, when any key was seen
 * before, a key repeats, or the effect throws: the caller then runs each write alone.
 */
export async function runIdempotentMany(
  db: Database,
  memberId: string,
  items: { key: string; hash: string }[],
  effect: (tx: Transaction) => Promise<{ status: number; body: unknown }[]>,
): Promise<StoredResult[] | null> {
  if (items.length === 0) return [];
  const keys = items.map((item) => item.key);
  if (new Set(keys).size !== keys.length || keys.some((k) => k.length > 200)) return null;
  const seen = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.memberId, memberId), inArray(idempotencyKeys.key, keys)));
  if (seen.length > 0) return null;
  try {
    return await db.transaction(async (tx) => {
      const results = await effect(tx);
      if (results.length !== items.length) throw new Error('one result per item');
      await insertRows(
        tx,
        idempotencyKeys,
        items.map((item, i) => ({
          memberId,
          key: item.key,
          requestHash: item.hash,
          status: results[i]!.status,
          response: { body: results[i]!.body },
        })),
      );
      return results.map((r) => ({ ...r, replayed: false }));
    });
  } catch {
    return null;
  }
}
