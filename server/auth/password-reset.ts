// Password reset tokens: 256-bit, stored hashed, single use, valid 60 minutes.
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { passwordResets } from '../db/schema-auth';
import { hashToken, newOpaqueToken } from './tokens';

export const resetLinkMinutes = 60;

export async function createResetToken(
  db: Queryable,
  memberId: string,
  now: Date,
): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(passwordResets).values({
    memberId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + resetLinkMinutes * 60 * 1000).toISOString(),
    createdAt: now.toISOString(),
  });
  return token;
}

export type ResetFailure = 'reset_token_invalid' | 'reset_token_used' | 'reset_token_expired';

/** Whether a token could be used now, without using it (cheap check before hashing). */
export async function peekResetToken(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ ok: true } | { ok: false; code: ResetFailure }> {
  if (!token || token.length > 100) return { ok: false, code: 'reset_token_invalid' };
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, hashToken(token)));
  if (!row) return { ok: false, code: 'reset_token_invalid' };
  if (row.usedAt) return { ok: false, code: 'reset_token_used' };
  if (now.getTime() >= new Date(row.expiresAt).getTime()) {
    return { ok: false, code: 'reset_token_expired' };
  }
  return { ok: true };
}

/** Marks the token used (only one caller can win) and returns whose password it resets. */
export async function consumeResetToken(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ ok: true; memberId: string } | { ok: false; code: ResetFailure }> {
  if (!token || token.length > 100) return { ok: false, code: 'reset_token_invalid' };
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, hashToken(token)));
  if (!row) return { ok: false, code: 'reset_token_invalid' };
  if (row.usedAt) return { ok: false, code: 'reset_token_used' };
  if (now.getTime() >= new Date(row.expiresAt).getTime())
    return { ok: false, code: 'reset_token_expired' };
  const claimed = await db
    .update(passwordResets)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  if (claimed.length === 0) return { ok: false, code: 'reset_token_used' };
  // Other links of the same member stop working too.
  await db
    .update(passwordResets)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(passwordResets.memberId, row.memberId), isNull(passwordResets.usedAt)));
  return { ok: true, memberId: row.memberId };
}
