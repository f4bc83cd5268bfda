import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';

/**
 * Answers that belong to one person never enter a shared or disk cache: those to a request
 * with a bearer token (including its 401), the auth calls (tokens, session facts) and any
 * answer that sets a cookie. Overrides what a route set (decision 0107).
 */
export function privateAnswers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const personal =
      c.req.header('authorization') !== undefined ||
      c.req.path.startsWith('/api/auth/') ||
      c.res.headers.has('set-cookie');
    if (personal) c.header('Cache-Control', 'private, no-store');
  };
}
