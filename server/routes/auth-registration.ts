// Spec §7 Auth, registration: codes by e-mail and SMS, the account, and printed cards
// (existence check, card info, activation). Decisions 0102 (OTP, outbox) and 0105 (cards).
import { Hono, type Context } from 'hono';
import {
  registerOtpEmailSchema,
  registerOtpPhoneSchema,
  registerSchema,
  signupSchema,
  type RegisterAnswer,
} from '../../contract/auth';
import type { AuthKit } from '../auth/auth-kit';
import { activateCard, cardInfo, linkOrCardExists } from '../auth/cards';
import { otpLifetimeSeconds } from '../auth/otp';
import { authLimits, hitLimit } from '../auth/rate-limit';
import { createMember, queueRegisterCode } from '../auth/registration';
import { requireMember } from '../http/auth';
import type { AppEnv } from '../http/env';
import { ApiError, chosenLang, requestLang } from '../http/errors';
import { readBody } from '../http/input';

export function registrationRoutes(kit: AuthKit) {
  const app = new Hono<AppEnv>();
  const { db, deps } = kit;

  /** Limits per address and per destination, then the code (or the "already exists" note). */
  const sendCode = async (c: Context, channel: 'email' | 'sms', destination: string) => {
    const now = deps.now();
    await hitLimit(db, authLimits.otpIp, kit.ip(c), now);
    const limitKey = `${channel === 'email' ? 'email' : 'phone'}:${destination}`;
    await hitLimit(db, authLimits.otpDestination, limitKey, now);
    const id = await queueRegisterCode(db, {
      channel,
      destination,
      lang: requestLang(c),
      origin: kit.origin,
      secret: deps.config.authSecret,
      now,
    });
    kit.deliverLater([id]);
    return { ok: true, expiresIn: otpLifetimeSeconds };
  };

  app.post('/auth/registerOTPEmail', async (c) => {
    const { email } = await readBody(c, registerOtpEmailSchema);
    return c.json(await sendCode(c, 'email', email));
  });

  app.post('/auth/registerOTP', async (c) => {
    const { phone } = await readBody(c, registerOtpPhoneSchema);
    return c.json(await sendCode(c, 'sms', phone));
  });

  app.post('/auth/register', async (c) => {
    const input = await readBody(c, registerSchema);
    const now = deps.now();
    const destination = input.type === 'tbMail' ? input.email : input.phone;
    await hitLimit(db, authLimits.registerIp, kit.ip(c), now);
    await hitLimit(db, authLimits.registerAccount, `${input.type}:${destination}`, now);
    await kit.requireOtp('register', destination, input.otp);
    // The account's (and its card's) language is a choice, never the browser's setting.
    const created = await createMember(db, input, chosenLang(c) ?? 'vi');
    const answer: RegisterAnswer = { memberId: created.id, urlMinify: created.urlMinify };
    return c.json(answer, 201);
  });

  /** Whether a short link or a card id is taken (never e-mails or phones: no enumeration). */
  app.get('/users/checkExist/:id', async (c) => {
    const id = c.req.param('id').trim();
    await hitLimit(db, authLimits.checkExistIp, kit.ip(c), deps.now());
    if (!id || id.length > 100) return c.json({ exists: false });
    return c.json({ exists: await linkOrCardExists(db, id) });
  });

  app.get('/getRegisterCardInfo/:id', async (c) => {
    const info = await cardInfo(db, c.req.param('id').trim().toUpperCase());
    if (!info) throw new ApiError(404, 'card_not_found');
    return c.json(info);
  });

  app.post('/signup', async (c) => {
    const auth = requireMember(c);
    const input = await readBody(c, signupSchema);
    const now = deps.now();
    await hitLimit(db, authLimits.memberSecret, auth.memberId, now);
    const cardId = input.cardId.toUpperCase();
    const outcome = await activateCard(db, deps.config.authSecret, {
      cardId,
      activationCode: input.activationCode,
      memberId: auth.memberId,
      now,
    });
    if (outcome === 'card_not_found') throw new ApiError(404, outcome);
    if (outcome === 'card_already_active') throw new ApiError(409, outcome);
    if (outcome === 'rate_limited') throw new ApiError(429, outcome);
    if (outcome === 'activation_code_invalid') {
      throw new ApiError(400, outcome, { activationCode: outcome });
    }
    return c.json(await cardInfo(db, cardId));
  });

  return app;
}
