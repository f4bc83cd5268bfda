// One-time codes (decision 0102): 6 digits, valid 10 minutes, 5 tries; a new code for the same
// purpose and destination replaces the previous one. Only an HMAC of the code is stored.
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { authOtps } from '../db/schema-auth';
import { hmacCode, newOtpCode, sameText } from './tokens';

export const otpLifetimeSeconds = 10 * 60;
export const otpMaxAttempts = 5;

export type OtpPurpose = 'register' | 'reset_password';
export type OtpFailure = 'otp_invalid' | 'otp_expired' | 'otp_exhausted';

export async function issueOtp(
  db: Queryable,
  secret: string,
  input: { purpose: OtpPurpose; channel: 'email' | 'sms'; destination: string },
  now: Date,
): Promise<string> {
  await db
    .update(authOtps)
    .set({ consumedAt: now.toISOString() })
    .where(
      and(
        eq(authOtps.purpose, input.purpose),
        eq(authOtps.destination, input.destination),
        isNull(authOtps.consumedAt),
      ),
    );
  const id = crypto.randomUUID();
  const code = newOtpCode();
  await db.insert(authOtps).values({
    id,
    purpose: input.purpose,
    channel: input.channel,
    destination: input.destination,
    codeHash: hmacCode(secret, id, code),
    maxAttempts: otpMaxAttempts,
    expiresAt: new Date(now.getTime() + otpLifetimeSeconds * 1000).toISOString(),
    createdAt: now.toISOString(),
  });
  return code;
}

/**
 * Checks a code against the latest one sent for this purpose and destination. A wrong try is
 * counted (and committed) even though the caller then refuses the request.
 */
export async function checkOtp(
  db: Queryable,
  secret: string,
  input: { purpose: OtpPurpose; destination: string; code: string },
  now: Date,
): Promise<{ ok: true } | { ok: false; code: OtpFailure }> {
  const [row] = await db
    .select()
    .from(authOtps)
    .where(and(eq(authOtps.purpose, input.purpose), eq(authOtps.destination, input.destination)))
    .orderBy(desc(authOtps.createdAt))
    .limit(1)
    .for('update');
  if (!row || row.consumedAt) return { ok: false, code: 'otp_invalid' };
  if (now.getTime() >= new Date(row.expiresAt).getTime()) return { ok: false, code: 'otp_expired' };
  if (row.attempts >= row.maxAttempts) return { ok: false, code: 'otp_exhausted' };
  if (!sameText(hmacCode(secret, row.id, input.code), row.codeHash)) {
    await db
      .update(authOtps)
      .set({ attempts: row.attempts + 1 })
      .where(eq(authOtps.id, row.id));
    return {
      ok: false,
      code: row.attempts + 1 >= row.maxAttempts ? 'otp_exhausted' : 'otp_invalid',
    };
  }
  await db.update(authOtps).set({ consumedAt: now.toISOString() }).where(eq(authOtps.id, row.id));
  return { ok: true };
}
