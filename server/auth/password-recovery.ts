// Forgotten and changed passwords (spec §7 forgotPassword, getOTPResetPassword,
// checkOTPForgotPassword, passwordReset, changePassword). Decision 0102: codes and links are
// queued in the outbox in the transaction that makes them.
import { eq } from 'drizzle-orm';
import type { Lang } from '../../contract/messages';
import type { Database } from '../db/client';
import { members } from '../db/schema';
import { mailOutbox } from '../db/schema-auth';
import { ApiError } from '../http/errors';
import { queueMessage } from '../mail/outbox';
import { resetCodeSms, resetLinkMail } from '../mail/templates';
import { findMemberByIdentifier } from './member-lookup';
import { issueOtp } from './otp';
import { hashPassword, verifyPassword } from './password';
import {
  consumeResetToken,
  createResetToken,
  peekResetToken,
  resetLinkMinutes,
  type ResetFailure,
} from './password-reset';
import type { MemberRow } from './session-facts';
import { hashToken, newOpaqueToken } from './tokens';
import { endOtherSessions, startSession, type IssuedSession, type SessionMeta } from './sessions';

/**
 * Forgot-password by e-mail. A usable account gets a reset link. An unknown or locked one gets
 * the same work — a token made and hashed, the link mail written to the outbox, one committed
 * write transaction of as many statements — with the mail withdrawn before commit, so the time
 * of the answer does not tell whether the account exists. Returns the message to deliver.
 */
export async function requestResetLink(
  db: Database,
  request: { email: string; origin: string; lang: Lang; now: Date },
): Promise<string | null> {
  const member = await findMemberByIdentifier(db, { kind: 'email', value: request.email });
  if (member && member.status !== 'locked') {
    return queueResetLink(db, { ...request, memberId: member.id });
  }
  await db.transaction(async (tx) => {
    const token = newOpaqueToken();
    hashToken(token);
    const link = `${request.origin}/password-reset/${token}`;
    const text = resetLinkMail(link, resetLinkMinutes, request.lang);
    const id = await queueMessage(
      tx,
      { channel: 'email', recipient: request.email, kind: 'password_reset', ...text },
      request.now,
    );
    // Stands for the reset token row the real path writes; nothing is left behind.
    await tx.delete(mailOutbox).where(eq(mailOutbox.id, id));
  });
  return null;
}

/** Queues the e-mail with a single-use reset link; returns the outbox message id. */
export async function queueResetLink(
  db: Database,
  request: { memberId: string; email: string; origin: string; lang: Lang; now: Date },
): Promise<string> {
  const { email, now } = request;
  return db.transaction(async (tx) => {
    const token = await createResetToken(tx, request.memberId, now);
    const link = `${request.origin}/password-reset/${token}`;
    const text = resetLinkMail(link, resetLinkMinutes, request.lang);
    return queueMessage(
      tx,
      {
        channel: 'email',
        recipient: email,
        kind: 'password_reset',
        ...text,
        payload: { link, token },
      },
      now,
    );
  });
}

/** Queues the SMS with a reset code; returns the outbox message id. */
export async function queueResetCode(
  db: Database,
  request: { phone: string; secret: string; lang: Lang; now: Date },
): Promise<string> {
  const { phone, now } = request;
  return db.transaction(async (tx) => {
    const code = await issueOtp(
      tx,
      request.secret,
      { purpose: 'reset_password', channel: 'sms', destination: phone },
      now,
    );
    return queueMessage(
      tx,
      {
        channel: 'sms',
        recipient: phone,
        kind: 'reset_otp',
        body: resetCodeSms(code, request.lang),
        payload: { code },
      },
      now,
    );
  });
}

function refusal(code: ResetFailure): ApiError {
  return new ApiError(code === 'reset_token_invalid' ? 400 : 410, code);
}

/**
 * Sets a new password with a reset token: the token is checked before the (slow) hashing and
 * claimed after it, so only one caller wins; every session of the member ends.
 */
export async function resetPasswordWithToken(
  db: Database,
  token: string,
  password: string,
  now: Date,
): Promise<void> {
  const usable = await peekResetToken(db, token, now);
  if (!usable.ok) throw refusal(usable.code);
  const passwordHash = await hashPassword(password);
  const result = await db.transaction(async (tx) => {
    const claimed = await consumeResetToken(tx, token, now);
    if (!claimed.ok) return claimed;
    await tx.update(members).set({ passwordHash }).where(eq(members.id, claimed.memberId));
    await endOtherSessions(tx, claimed.memberId, null, now);
    return claimed;
  });
  if (!result.ok) throw refusal(result.code);
}

/**
 * Changes a member's password after checking the current one. Spec §5: the change also renews
 * the refresh token — every session of the member ends and this device continues in the new
 * session returned here.
 */
export async function changePassword(
  db: Database,
  member: MemberRow,
  passwords: { currentPassword: string; password: string },
  now: Date,
  meta: SessionMeta,
): Promise<IssuedSession> {
  if (
    !member.passwordHash ||
    !(await verifyPassword(passwords.currentPassword, member.passwordHash))
  ) {
    throw new ApiError(400, 'validation_failed', { currentPassword: 'wrong_password' });
  }
  const passwordHash = await hashPassword(passwords.password);
  return db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash }).where(eq(members.id, member.id));
    await endOtherSessions(tx, member.id, null, now);
    return startSession(tx, member.id, now, meta);
  });
}
