// Spec §7 Auth: login, refresh, logout, profile, register with OTP, passwords, cards and the
// Facebook login. Decisions 0100–0104 explain lifetimes, cookies, OTP, outbox and limits.
import { Hono, type Context } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import {
  changePasswordSchema,
  loginSchema,
  parseIdentifier,
  type LoginAnswer,
  type LoginIdentifier,
  type SessionFacts,
} from '../../contract/auth';
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
 * already stays home, this is the second lock.
 */
function assertSameOrigin(c: Context): void {
  const origin = c.req.header('origin');
  if (!origin) return;
  const host = c.req.header('x-forwarded-host') ?? c.req.header('host') ?? new URL(c.req.url).host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new ApiError(403, 'origin_mismatch');
  }
  if (originHost !== host) throw new ApiError(403, 'origin_mismatch');
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
    assertSameOrigin(c);
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
    assertSameOrigin(c);
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
    await db.transaction(async (tx) => {
      await tx.update(members).set({ passwordHash }).where(eq(members.id, member.id));
      await endOtherSessions(tx, member.id, auth.sessionId, now);
    });
    return c.json({ ok: true });
  });

  return app;
}
