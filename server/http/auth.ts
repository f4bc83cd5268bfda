import type { Context, MiddlewareHandler } from 'hono';
import { verifyAccessToken, type AccessClaims } from '../auth/access-token';
import { sessionStands } from '../auth/sessions';
import { ApiError } from './errors';
import type { AppDeps, AppEnv } from './env';

/**
 * Reads the bearer token when there is one. A request without a token is a visitor; a
 * request with a bad or expired token, or one whose session has ended (logout, password
 * change or reset, refresh-token reuse; decision 0107), is refused, so the client refreshes
 * or asks for a new login.
 */
export function authenticate(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    c.set('auth', undefined);
    if (header) {
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw new ApiError(401, 'token_invalid');
      const result = await verifyAccessToken(
        deps.config.authSecret,
        match[1],
        deps.now().getTime(),
      );
      if (!result.ok) throw new ApiError(401, result.reason);
      if (!(await sessionStands(deps.database.db, result.claims, deps.now()))) {
        throw new ApiError(401, 'session_expired');
      }
      c.set('auth', result.claims);
    }
    await next();
  };
}

/** The logged-in member of this request, or a 401. */
export function requireMember(c: Context<AppEnv>): AccessClaims {
  const auth = c.get('auth');
  if (!auth) throw new ApiError(401, 'unauthorized');
  return auth;
}

/** The logged-in member, if any (public pages that show more to friends and owners). */
export function optionalMember(c: Context<AppEnv>): AccessClaims | undefined {
  return c.get('auth');
}
