// Spec §7 Auth, passwords: change (signed in), forgotten by e-mail link or SMS code, reset.
import { Hono } from 'hono';
import {
  changePasswordSchema,
  checkOtpForgotPasswordSchema,
  forgotPasswordSchema,
  otpResetPasswordSchema,
  passwordResetSchema,
} from '../../contract/auth';
import type { AuthKit } from '../auth/auth-kit';
import { findMemberByIdentifier } from '../auth/member-lookup';
import { otpLifetimeSeconds } from '../auth/otp';
import {
  changePassword,
  queueResetCode,
  requestResetLink,
  resetPasswordWithToken,
} from '../auth/password-recovery';
import { createResetToken } from '../auth/password-reset';
import { authLimits, hitLimit } from '../auth/rate-limit';
import { findLiveMember } from '../auth/session-facts';
import { requireMember } from '../http/auth';
import type { AppEnv } from '../http/env';
import { ApiError, requestLang } from '../http/errors';
import { readBody } from '../http/input';

export function passwordRoutes(kit: AuthKit) {
  const app = new Hono<AppEnv>();
  const { db, deps } = kit;

  app.post('/auth/changePassword', async (c) => {
    const auth = requireMember(c);
    const input = await readBody(c, changePasswordSchema);
    const now = deps.now();
    await hitLimit(db, authLimits.memberSecret, auth.memberId, now);
    const member = await findLiveMember(db, auth.memberId);
    if (!member) throw new ApiError(401, 'session_revoked');
    const session = await changePassword(db, member, input, now, kit.meta(c));
    return c.json(await kit.answerWithSession(c, member, session));
  });

  app.post('/auth/forgotPassword', async (c) => {
    const { email } = await readBody(c, forgotPasswordSchema);
    const now = deps.now();
    await hitLimit(db, authLimits.forgotIp, kit.ip(c), now);
    await hitLimit(db, authLimits.forgotAccount, `email:${email}`, now);
    const id = await requestResetLink(db, {
      email,
      origin: kit.origin,
      lang: requestLang(c),
      now,
    });
    if (id) kit.deliverLater([id]);
    // Same answer, after the same work, whether the account exists or not.
    return c.json({ ok: true });
  });

  app.post('/auth/getOTPResetPassword', async (c) => {
    const { phone } = await readBody(c, otpResetPasswordSchema);
    const now = deps.now();
    await hitLimit(db, authLimits.otpIp, kit.ip(c), now);
    await hitLimit(db, authLimits.otpDestination, `phone:${phone}`, now);
    const member = await findMemberByIdentifier(db, { kind: 'phone', value: phone });
    if (member && member.status !== 'locked') {
      const id = await queueResetCode(db, {
        phone,
        secret: deps.config.authSecret,
        lang: requestLang(c),
        now,
      });
      kit.deliverLater([id]);
    }
    return c.json({ ok: true, expiresIn: otpLifetimeSeconds });
  });

  app.post('/auth/checkOTPForgotPassword', async (c) => {
    const { phone, otp } = await readBody(c, checkOtpForgotPasswordSchema);
    const now = deps.now();
    await hitLimit(db, authLimits.otpCheckIp, kit.ip(c), now);
    await kit.requireOtp('reset_password', phone, otp);
    const member = await findMemberByIdentifier(db, { kind: 'phone', value: phone });
    if (!member) throw new ApiError(400, 'otp_invalid', { otp: 'otp_invalid' });
    return c.json({ token: await createResetToken(db, member.id, now) });
  });

  app.post('/auth/passwordReset/:token', async (c) => {
    const input = await readBody(c, passwordResetSchema);
    const now = deps.now();
    await hitLimit(db, authLimits.forgotIp, kit.ip(c), now);
    await resetPasswordWithToken(db, c.req.param('token'), input.password, now);
    return c.json({ ok: true });
  });

  return app;
}
