import type { Context } from 'hono';
import type { Config } from '../config';
import { ApiError } from '../http/errors';
import { forwardedHost } from '../http/forwarded';

/**
 * Cookie-authenticated calls (refresh, logout) refuse other sites: the SameSite=Strict cookie
 * already stays home, this is the second lock. Our own origin is the request's host or
 * PUBLIC_ORIGIN (a proxy in front may rewrite Host).
 */
export function assertSameOrigin(c: Context, config: Config): void {
  const origin = c.req.header('origin');
  if (!origin) return;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new ApiError(403, 'origin_mismatch');
  }
  const own = [
    forwardedHost(c.req, config.trustProxy),
    c.req.header('host'),
    new URL(c.req.url).host,
    new URL(config.publicOrigin).host,
  ];
  if (!own.includes(originHost)) throw new ApiError(403, 'origin_mismatch');
}
