// Spec §7 Auth: login, refresh, logout, profile, register with OTP, passwords, cards and the
// Facebook login. Decisions 0100–0104 explain lifetimes, cookies, OTP, outbox and limits.
import { Hono, type Context } from 'hono';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { facebookAuth } from '@hono/oauth-providers/facebook';
import {
  changePasswordSchema,
  checkOtpForgotPasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  otpResetPasswordSchema,
  parseIdentifier,
  passwordResetSchema,
  registerOtpEmailSchema,
  registerOtpPhoneSchema,
  registerSchema,
  signupSchema,
  type AuthProviders,
  type LoginAnswer,
  type LoginIdentifier,
  type RegisterAnswer,
  type SessionFacts,
} from '../../contract/auth';
import { activationHash, cardInfo, cardMaxFailedAttempts } from '../auth/cards';
import { checkOtp, issueOtp, otpLifetimeSeconds, type OtpPurpose } from '../auth/otp';
import {
  consumeResetToken,
  createResetToken,
  peekResetToken,
  resetLinkMinutes,
} from '../auth/password-reset';
import { sameText } from '../auth/tokens';
import { cards, mailOutbox, memberIdentities } from '../db/schema-auth';
import { deliverMessages, queueMessage, type Couriers } from '../mail/outbox';
import { createMailTransport, createSmsProvider } from '../mail/transports';
import {
  accountExistsMail,
  accountExistsSms,
  registerCodeMail,
  registerCodeSms,
  resetCodeSms,
  resetLinkMail,
} from '../mail/templates';
import { requestLang } from '../http/errors';
import { accessTokenSeconds, signAccessToken } from '../auth/access-token';
import { loadAuthConfig, type AuthConfig } from '../auth/auth-config';
import { clearSessionCookies, readRefreshCookie, setSessionCookies } from '../auth/cookies';
import { ownProfile } from '../auth/member-profile';
import { hashPassword, verifyPassword } from '../auth/password';
import { authLimits, checkLimit, clientIp, countFailure, hitLimit } from '../auth/rate-limit';
import { findLiveMember, sessionFacts, type MemberRow } from '../auth/session-facts';
import {
  endOtherSessions,
  endSessionByToken,
  rotateSession,
  startSession,
  type IssuedSession,
} from '../auth/sessions';
import type { Queryable } from '../db/client';
import { authSessions, members } from '../db/schema';
import { requireMember } from '../http/auth';
import { ApiError, errorResponse } from '../http/errors';
import { slugForName } from '../auth/url-minify';
import type { AppDeps, AppEnv } from '../http/env';
import { readBody } from '../http/input';

/** A hash to check wrong logins against, so an unknown account costs the same time. */
let dummyHash: Promise<string> | undefined;
function timingDummy(): Promise<string> {
  dummyHash ??= hashPassword('no such account, same cost');
  return dummyHash;
}

export async function findMemberByIdentifier(
  db: Queryable,
  id: LoginIdentifier,
): Promise<MemberRow | null> {
  const column = id.kind === 'email' ? members.email : members.phone;
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(column, id.value), isNull(members.deletedAt)));
  return row ?? null;
}

/**
 * Cookie-authenticated calls (refresh, logout) refuse other sites: the SameSite=Strict cookie
 * already stays home, this is the second lock. Our own origin is the request's host or
 * PUBLIC_ORIGIN (a proxy in front may rewrite Host).
 */
function assertSameOrigin(c: Context, publicOrigin: string): void {
  const origin = c.req.header('origin');
  if (!origin) return;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new ApiError(403, 'origin_mismatch');
  }
  const own = [
    c.req.header('x-forwarded-host'),
    c.req.header('host'),
    new URL(c.req.url).host,
    new URL(publicOrigin).host,
  ];
  if (!own.includes(originHost)) throw new ApiError(403, 'origin_mismatch');
}

export function authRoutes(deps: AppDeps, authConfig: AuthConfig = loadAuthConfig()) {
  const app = new Hono<AppEnv>();
  const { db } = deps.database;
  const secure = deps.config.secureCookies;

  const meta = (c: Context) => ({
    userAgent: c.req.header('user-agent'),
    ip: clientIp(c, authConfig.trustProxy),
  });

  async function answerWithSession(
    c: Context,
    member: MemberRow,
    session: IssuedSession,
  ): Promise<LoginAnswer> {
    const now = deps.now();
    const facts = await sessionFacts(db, member);
    setSessionCookies(c, session.refreshToken, facts, session.expiresAt, now, secure);
    const accessToken = await signAccessToken(
      deps.config.authSecret,
      { memberId: member.id, sessionId: session.sessionId },
      now.getTime(),
    );
    return { accessToken, expiresIn: accessTokenSeconds, ...facts };
  }

  /** Logs a member in: a new session family, cookies and the login answer. */
  async function logIn(c: Context, member: MemberRow): Promise<LoginAnswer> {
    const session = await startSession(db, member.id, deps.now(), meta(c));
    return answerWithSession(c, member, session);
  }

  app.post('/auth/login', async (c) => {
    const input = await readBody(c, loginSchema);
    const now = deps.now();
    await hitLimit(db, authLimits.loginIp, meta(c).ip, now);
    const id = parseIdentifier(input.email ?? input.phone ?? '');
    if (!id) throw new ApiError(400, 'validation_failed', { email: 'invalid_email' });
    const accountKey = `${id.kind}:${id.value}`;
    await checkLimit(db, authLimits.loginAccount, accountKey, now);
    const member = await findMemberByIdentifier(db, id);
    let valid = false;
    if (member?.passwordHash) valid = await verifyPassword(input.password, member.passwordHash);
    else await verifyPassword(input.password, await timingDummy());
    if (!member || !valid) {
      await countFailure(db, authLimits.loginAccount, accountKey, now);
      throw new ApiError(401, 'invalid_credentials');
    }
    if (member.status === 'locked') throw new ApiError(403, 'account_locked');
    return c.json(await logIn(c, member));
  });

  app.post('/auth/refresh', async (c) => {
    assertSameOrigin(c, deps.config.publicOrigin);
    const token = readRefreshCookie(c);
    const refuse = (
      code:
        | 'refresh_missing'
        | 'session_revoked'
        | 'refresh_invalid'
        | 'refresh_reused'
        | 'session_expired',
    ) => {
      clearSessionCookies(c, secure);
      return errorResponse(c, new ApiError(401, code));
    };
    if (!token) return refuse('refresh_missing');
    const result = await rotateSession(db, token, deps.now(), meta(c));
    if (!result.ok) {
      deps.logger.info('refresh refused', { requestId: c.get('requestId'), code: result.code });
      return refuse(result.code);
    }
    const member = await findLiveMember(db, result.session.memberId);
    if (!member || member.status === 'locked') {
      await endOtherSessions(db, result.session.memberId, null, deps.now());
      return refuse('session_revoked');
    }
    return c.json(await answerWithSession(c, member, result.session));
  });

  app.post('/auth/logout', async (c) => {
    assertSameOrigin(c, deps.config.publicOrigin);
    const now = deps.now();
    const token = readRefreshCookie(c);
    if (token) await endSessionByToken(db, token, now);
    const auth = c.get('auth');
    if (auth) {
      await db
        .update(authSessions)
        .set({ revokedAt: now.toISOString() })
        .where(and(eq(authSessions.familyId, auth.sessionId), isNull(authSessions.revokedAt)));
    }
    clearSessionCookies(c, secure);
    return c.json({ ok: true });
  });

  app.get('/auth/profile', async (c) => {
    const auth = requireMember(c);
    const member = await findLiveMember(db, auth.memberId);
    if (!member) throw new ApiError(404, 'not_found');
    const facts: SessionFacts = await sessionFacts(db, member);
    return c.json({ ...facts, member: ownProfile(member) });
  });

  /** Spec §7: GET /auth/authenticating with the bearer header answers who it is. */
  app.get('/auth/authenticating', async (c) => {
    const auth = requireMember(c);
    const member = await findLiveMember(db, auth.memberId);
    if (!member || member.status === 'locked') throw new ApiError(401, 'session_revoked');
    return c.json(await sessionFacts(db, member));
  });

  app.post('/auth/changePassword', async (c) => {
    const auth = requireMember(c);
    const input = await readBody(c, changePasswordSchema);
    const now = deps.now();
    await hitLimit(db, authLimits.memberSecret, auth.memberId, now);
    const member = await findLiveMember(db, auth.memberId);
    if (!member) throw new ApiError(401, 'session_revoked');
    if (
      !member.passwordHash ||
      !(await verifyPassword(input.currentPassword, member.passwordHash))
    ) {
      throw new ApiError(400, 'validation_failed', { currentPassword: 'wrong_password' });
    }
    const passwordHash = await hashPassword(input.password);
    // Spec §5: the change also renews the refresh token. Every session of the member ends,
    // this device continues in a new one (its cookies and access token come back here).
    const session = await db.transaction(async (tx) => {
      await tx.update(members).set({ passwordHash }).where(eq(members.id, member.id));
      await endOtherSessions(tx, member.id, null, now);
      return startSession(tx, member.id, now, meta(c));
    });
    return c.json(await answerWithSession(c, member, session));
  });

  // --- outbox -----------------------------------------------------------------------------

  const print = (text: string) => {
    if (deps.config.logLevel !== 'silent') process.stdout.write(`${text}\n`);
  };
  const couriers: Couriers = {
    mail: createMailTransport(authConfig, print),
    sms: createSmsProvider(authConfig, print),
    logger: deps.logger,
  };
  /** Delivery happens after the answer, so a slow mail server changes nothing the caller sees. */
  const deliverLater = (ids: string[]) => {
    void deliverMessages(db, ids, couriers).catch((error: unknown) =>
      deps.logger.error('outbox delivery failed', { error: String(error) }),
    );
  };
  const origin = deps.config.publicOrigin;

  app.get('/auth/providers', (c) => {
    const providers: AuthProviders = { facebook: Boolean(authConfig.facebook) };
    return c.json(providers);
  });

  /** Refuses a wrong, expired or used-up code next to the otp field; the try is still counted. */
  async function requireOtp(purpose: OtpPurpose, destination: string, code: string): Promise<void> {
    const result = await db.transaction((tx) =>
      checkOtp(tx, deps.config.authSecret, { purpose, destination, code }, deps.now()),
    );
    if (!result.ok) throw new ApiError(400, result.code, { otp: result.code });
  }

  // --- register ---------------------------------------------------------------------------

  app.post('/auth/registerOTPEmail', async (c) => {
    const { email } = await readBody(c, registerOtpEmailSchema);
    const now = deps.now();
    const lang = requestLang(c);
    await hitLimit(db, authLimits.otpIp, meta(c).ip, now);
    await hitLimit(db, authLimits.otpDestination, `email:${email}`, now);
    const existing = await findMemberByIdentifier(db, { kind: 'email', value: email });
    // The answer is the same either way; only the mailbox's owner learns the account exists.
    const id = await db.transaction(async (tx) => {
      if (existing) {
        const text = accountExistsMail(`${origin}/login`, `${origin}/forgot-password`, lang);
        return queueMessage(
          tx,
          { channel: 'email', recipient: email, kind: 'register_exists', ...text },
          now,
        );
      }
      const code = await issueOtp(
        tx,
        deps.config.authSecret,
        { purpose: 'register', channel: 'email', destination: email },
        now,
      );
      const text = registerCodeMail(code, lang);
      return queueMessage(
        tx,
        { channel: 'email', recipient: email, kind: 'register_otp', ...text, payload: { code } },
        now,
      );
    });
    deliverLater([id]);
    return c.json({ ok: true, expiresIn: otpLifetimeSeconds });
  });

  app.post('/auth/registerOTP', async (c) => {
    const { phone } = await readBody(c, registerOtpPhoneSchema);
    const now = deps.now();
    const lang = requestLang(c);
    await hitLimit(db, authLimits.otpIp, meta(c).ip, now);
    await hitLimit(db, authLimits.otpDestination, `phone:${phone}`, now);
    const existing = await findMemberByIdentifier(db, { kind: 'phone', value: phone });
    const id = await db.transaction(async (tx) => {
      if (existing) {
        return queueMessage(
          tx,
          {
            channel: 'sms',
            recipient: phone,
            kind: 'register_exists',
            body: accountExistsSms(lang),
          },
          now,
        );
      }
      const code = await issueOtp(
        tx,
        deps.config.authSecret,
        { purpose: 'register', channel: 'sms', destination: phone },
        now,
      );
      return queueMessage(
        tx,
        {
          channel: 'sms',
          recipient: phone,
          kind: 'register_otp',
          body: registerCodeSms(code, lang),
          payload: { code },
        },
        now,
      );
    });
    deliverLater([id]);
    return c.json({ ok: true, expiresIn: otpLifetimeSeconds });
  });

  app.post('/auth/register', async (c) => {
    const input = await readBody(c, registerSchema);
    const now = deps.now();
    const destination = input.type === 'tbMail' ? input.email : input.phone;
    await hitLimit(db, authLimits.registerIp, meta(c).ip, now);
    await hitLimit(db, authLimits.registerAccount, `${input.type}:${destination}`, now);
    await requireOtp('register', destination, input.otp);
    const id: LoginIdentifier =
      input.type === 'tbMail'
        ? { kind: 'email', value: input.email }
        : { kind: 'phone', value: input.phone };
    if (await findMemberByIdentifier(db, id)) throw new ApiError(409, 'account_exists');
    const passwordHash = await hashPassword(input.password);
    let created: { id: string; urlMinify: string } | undefined;
    try {
      [created] = await db
        .insert(members)
        .values({
          type: 'personal',
          name: input.name,
          email: input.type === 'tbMail' ? input.email : null,
          phone: input.type === 'tbPhone' ? input.phone : null,
          contactEmail: input.type === 'tbMail' ? input.email : null,
          contactPhone: input.type === 'tbPhone' ? input.phone : null,
          passwordHash,
          urlMinify: slugForName(input.name),
          language: requestLang(c) === 'en' ? 'EN' : 'VN',
          theme: 'lightmode',
        })
        .returning({ id: members.id, urlMinify: members.urlMinify });
    } catch (error) {
      // Two registrations of the same address raced: the unique index decides.
      if (
        String((error as { code?: string }).code ?? (error as Error).message).match(/23505|unique/i)
      ) {
        throw new ApiError(409, 'account_exists');
      }
      throw error;
    }
    if (!created) throw new Error('member not created');
    const answer: RegisterAnswer = { memberId: created.id, urlMinify: created.urlMinify };
    return c.json(answer, 201);
  });

  // --- forgotten passwords ------------------------------------------------------------------

  app.post('/auth/forgotPassword', async (c) => {
    const { email } = await readBody(c, forgotPasswordSchema);
    const now = deps.now();
    await hitLimit(db, authLimits.forgotIp, meta(c).ip, now);
    await hitLimit(db, authLimits.forgotAccount, `email:${email}`, now);
    const member = await findMemberByIdentifier(db, { kind: 'email', value: email });
    if (member && member.status !== 'locked') {
      const lang = requestLang(c);
      const id = await db.transaction(async (tx) => {
        const token = await createResetToken(tx, member.id, now);
        const link = `${origin}/password-reset/${token}`;
        const text = resetLinkMail(link, resetLinkMinutes, lang);
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
      deliverLater([id]);
    }
    // Same answer whether the account exists or not.
    return c.json({ ok: true });
  });

  app.post('/auth/getOTPResetPassword', async (c) => {
    const { phone } = await readBody(c, otpResetPasswordSchema);
    const now = deps.now();
    await hitLimit(db, authLimits.otpIp, meta(c).ip, now);
    await hitLimit(db, authLimits.otpDestination, `phone:${phone}`, now);
    const member = await findMemberByIdentifier(db, { kind: 'phone', value: phone });
    if (member && member.status !== 'locked') {
      const lang = requestLang(c);
      const id = await db.transaction(async (tx) => {
        const code = await issueOtp(
          tx,
          deps.config.authSecret,
          { purpose: 'reset_password', channel: 'sms', destination: phone },
          now,
        );
        return queueMessage(
          tx,
          {
            channel: 'sms',
            recipient: phone,
            kind: 'reset_otp',
            body: resetCodeSms(code, lang),
            payload: { code },
          },
          now,
        );
      });
      deliverLater([id]);
    }
    return c.json({ ok: true, expiresIn: otpLifetimeSeconds });
  });

  app.post('/auth/checkOTPForgotPassword', async (c) => {
    const { phone, otp } = await readBody(c, checkOtpForgotPasswordSchema);
    const now = deps.now();
    await hitLimit(db, authLimits.otpCheckIp, meta(c).ip, now);
    await requireOtp('reset_password', phone, otp);
    const member = await findMemberByIdentifier(db, { kind: 'phone', value: phone });
    if (!member) throw new ApiError(400, 'otp_invalid', { otp: 'otp_invalid' });
    return c.json({ token: await createResetToken(db, member.id, now) });
  });

  app.post('/auth/passwordReset/:token', async (c) => {
    const input = await readBody(c, passwordResetSchema);
    const now = deps.now();
    await hitLimit(db, authLimits.forgotIp, meta(c).ip, now);
    const token = c.req.param('token');
    const usable = await peekResetToken(db, token, now);
    if (!usable.ok)
      throw new ApiError(usable.code === 'reset_token_invalid' ? 400 : 410, usable.code);
    const passwordHash = await hashPassword(input.password);
    const result = await db.transaction(async (tx) => {
      const claimed = await consumeResetToken(tx, token, now);
      if (!claimed.ok) return claimed;
      await tx.update(members).set({ passwordHash }).where(eq(members.id, claimed.memberId));
      await endOtherSessions(tx, claimed.memberId, null, now);
      return claimed;
    });
    if (!result.ok)
      throw new ApiError(result.code === 'reset_token_invalid' ? 400 : 410, result.code);
    return c.json({ ok: true });
  });

  // --- cards and existence checks -------------------------------------------------------------

  /** Whether a short link or a card id is taken (never e-mails or phones: no enumeration). */
  app.get('/users/checkExist/:id', async (c) => {
    const id = c.req.param('id').trim();
    await hitLimit(db, authLimits.checkExistIp, meta(c).ip, deps.now());
    if (!id || id.length > 100) return c.json({ exists: false });
    const [member] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(sql`lower(${members.urlMinify})`, id.toLowerCase()), isNull(members.deletedAt)))
      .limit(1);
    const [card] = member
      ? []
      : await db
          .select({ id: cards.id })
          .from(cards)
          .where(eq(cards.id, id.toUpperCase()))
          .limit(1);
    return c.json({ exists: Boolean(member ?? card) });
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
    const outcome = await db.transaction(async (tx) => {
      const [card] = await tx.select().from(cards).where(eq(cards.id, cardId)).for('update');
      if (!card) return 'card_not_found' as const;
      if (card.memberId) return 'card_already_active' as const;
      if (card.failedAttempts >= cardMaxFailedAttempts) return 'rate_limited' as const;
      if (
        !sameText(
          activationHash(deps.config.authSecret, cardId, input.activationCode),
          card.activationCodeHash,
        )
      ) {
        await tx
          .update(cards)
          .set({ failedAttempts: card.failedAttempts + 1 })
          .where(eq(cards.id, cardId));
        return 'activation_code_invalid' as const;
      }
      await tx
        .update(cards)
        .set({ memberId: auth.memberId, activatedAt: now.toISOString() })
        .where(eq(cards.id, cardId));
      return 'ok' as const;
    });
    if (outcome === 'card_not_found') throw new ApiError(404, outcome);
    if (outcome === 'card_already_active') throw new ApiError(409, outcome);
    if (outcome === 'rate_limited') throw new ApiError(429, outcome);
    if (outcome === 'activation_code_invalid') {
      throw new ApiError(400, outcome, { activationCode: outcome });
    }
    return c.json(await cardInfo(db, cardId));
  });

  // --- Facebook ------------------------------------------------------------------------------

  const facebook = authConfig.facebook;
  if (facebook) {
    app.get(
      '/passport/auth/facebook',
      facebookAuth({
        client_id: facebook.clientId,
        client_secret: facebook.clientSecret,
        redirect_uri: `${origin}/api/passport/auth/facebook`,
        scope: ['public_profile', 'email'],
        fields: ['id', 'name', 'email'],
      }),
      async (c) => {
        const user = c.get('user-facebook');
        if (!user?.id) throw new ApiError(401, 'unauthorized');
        const member = await memberForFacebook(user.id, user.name ?? 'Facebook', user.email);
        if (member.status === 'locked') return c.redirect('/login?error=account_locked');
        await logIn(c, member);
        return c.redirect('/authenticating');
      },
    );
  } else {
    app.get('/passport/auth/facebook', () => {
      throw new ApiError(404, 'provider_disabled');
    });
  }

  /** The member of a Facebook account: linked before, else by the same e-mail, else new. */
  async function memberForFacebook(
    subject: string,
    name: string,
    email: string | undefined,
  ): Promise<MemberRow> {
    const [linked] = await db
      .select({ memberId: memberIdentities.memberId })
      .from(memberIdentities)
      .where(and(eq(memberIdentities.provider, 'facebook'), eq(memberIdentities.subject, subject)));
    if (linked) {
      const member = await findLiveMember(db, linked.memberId);
      if (member) return member;
    }
    const normalized = email?.trim().toLowerCase();
    return db.transaction(async (tx) => {
      let member = normalized
        ? await findMemberByIdentifier(tx, { kind: 'email', value: normalized })
        : null;
      if (!member) {
        const [created] = await tx
          .insert(members)
          .values({
            type: 'personal',
            name,
            email: normalized ?? null,
            contactEmail: normalized ?? null,
            urlMinify: slugForName(name),
            theme: 'lightmode',
          })
          .returning();
        member = created ?? null;
      }
      if (!member) throw new Error('member not created');
      await tx
        .insert(memberIdentities)
        .values({ provider: 'facebook', subject, memberId: member.id })
        .onConflictDoNothing();
      return member;
    });
  }

  // --- test support ----------------------------------------------------------------------------

  /**
   * MAIL_TRANSPORT=outbox only (tests; decision 0102): the latest messages sent to an address,
   * so an end-to-end test can follow a code or a reset link. Never enabled otherwise.
   */
  if (authConfig.mailTransport === 'outbox') {
    deps.logger.warn('MAIL_TRANSPORT=outbox: codes and links are readable at /api/test/outbox');
    app.get('/test/outbox', async (c) => {
      const recipient = c.req.query('recipient') ?? '';
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(
          or(
            eq(mailOutbox.recipient, recipient.trim().toLowerCase()),
            eq(mailOutbox.recipient, recipient.trim()),
          ),
        )
        .orderBy(sql`${mailOutbox.createdAt} DESC`)
        .limit(10);
      return c.json({
        messages: rows.map((r) => ({
          kind: r.kind,
          subject: r.subject,
          body: r.body,
          payload: r.payload,
          createdAt: r.createdAt,
        })),
      });
    });
  }

  return app;
}
