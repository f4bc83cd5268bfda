// Spec §7 Auth, sessions: login, refresh, logout, profile, authenticating (decisions 0100, 0101).
import { Hono } from 'hono';
import type { SessionFacts } from '../../contract/auth';
import { loginSchema } from '../../contract/login';
import type { AuthKit } from '../auth/auth-kit';
import { clearSessionCookies, readRefreshCookie } from '../auth/cookies';
import { authenticate } from '../auth/login';
import { ownProfile } from '../auth/member-profile';
import { cardAccountFields } from '../domain/account-links';
import { assertSameOrigin } from '../auth/same-origin';
import { findLiveMember, sessionFacts } from '../auth/session-facts';
import {
  endOtherSessions,
  endSessionByToken,
  revokeFamily,
  rotateSession,
  type RefreshFailure,
} from '../auth/sessions';
import { requireMember } from '../http/auth';
import type { AppEnv } from '../http/env';
import { ApiError, errorResponse } from '../http/errors';
import { readBody } from '../http/input';
import { refreshTokenOfLockedMember } from '../auth/group-roles';

export function sessionRoutes(kit: AuthKit) {
  const app = new Hono<AppEnv>();
  const { db, deps, secure } = kit;

  app.post('/auth/login', async (c) => {
    const input = await readBody(c, loginSchema);
    const member = await authenticate(db, input, kit.ip(c), deps.now());
    return c.json(await kit.logIn(c, member));
  });

  app.post('/auth/refresh', async (c) => {
    assertSameOrigin(c, deps.config);
    const token = readRefreshCookie(c);
    const refuse = (
      code: RefreshFailure | 'refresh_missing' | 'session_revoked' | 'account_locked',
    ) => {
      clearSessionCookies(c, secure);
      return errorResponse(c, new ApiError(401, code));
    };
    if (!token) return refuse('refresh_missing');
    const result = await rotateSession(db, token, deps.now(), kit.meta(c));
    if (!result.ok) {
      deps.logger.info('refresh refused', { requestId: c.get('requestId'), code: result.code });
      if (await refreshTokenOfLockedMember(db, token)) return refuse('account_locked');
      return refuse(result.code);
    }
    const member = await findLiveMember(db, result.session.memberId);
    if (!member || member.status === 'locked') {
      await endOtherSessions(db, result.session.memberId, null, deps.now());
      // A locked member is told why (decision 0801); the login form says the same.
      return refuse(member ? 'account_locked' : 'session_revoked');
    }
    return c.json(await kit.answerWithSession(c, member, result.session));
  });

  app.post('/auth/logout', async (c) => {
    assertSameOrigin(c, deps.config);
    const now = deps.now();
    const token = readRefreshCookie(c);
    if (token) await endSessionByToken(db, token, now);
    const auth = c.get('auth');
    if (auth) await revokeFamily(db, auth.sessionId, now);
    clearSessionCookies(c, secure);
    return c.json({ ok: true });
  });

  app.get('/auth/profile', async (c) => {
    const auth = requireMember(c);
    const member = await findLiveMember(db, auth.memberId);
    if (!member) throw new ApiError(404, 'not_found');
    const facts: SessionFacts = await sessionFacts(db, member);
    // Banks, links and videos are rows (decision 0630): the ones the card shows, in order.
    const accounts = await cardAccountFields(db, { kind: 'member', id: member.id });
    return c.json({ ...facts, member: { ...ownProfile(member), ...accounts } });
  });

  /** Spec §7: GET /auth/authenticating with the bearer header answers who it is. */
  app.get('/auth/authenticating', async (c) => {
    const auth = requireMember(c);
    const member = await findLiveMember(db, auth.memberId);
    if (!member || member.status === 'locked') throw new ApiError(401, 'session_revoked');
    return c.json(await sessionFacts(db, member));
  });

  return app;
}
