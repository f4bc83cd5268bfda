// Session cookies (decision 0100): the refresh token HttpOnly and scoped to /api/auth; the
// session facts readable by the app for 30 days at path /. Names: contract/cookie-names.ts.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { SessionFacts } from '../../contract/auth';
import {
  refreshCookieName,
  sessionCookieNames,
  sessionFactCookieNames,
  type SessionFactCookieName,
} from '../../contract/cookie-names';
/** The refresh cookie only travels to the auth calls (decision 0100). */
export const refreshCookiePath = '/api/auth';

export function readRefreshCookie(c: Context): string | undefined {
  const value = getCookie(c, refreshCookieName);
  return value && value.length <= 200 ? value : undefined;
}

export function setSessionCookies(
  c: Context,
  refreshToken: string,
  facts: SessionFacts,
  expiresAt: Date,
  now: Date,
  secure: boolean,
): void {
  const maxAge = Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  setCookie(c, refreshCookieName, refreshToken, {
    path: refreshCookiePath,
    httpOnly: true,
    secure,
    sameSite: 'Strict',
    maxAge,
  });
  const values: Record<SessionFactCookieName, string> = {
    memberId: facts.memberId,
    brandGroup: JSON.stringify(facts.brandGroup),
    agency: facts.agency ?? '',
    userName: facts.userName,
    name: facts.name,
    urlMinify: facts.urlMinify,
    isLoggedIn: 'true',
  };
  for (const name of sessionFactCookieNames) {
    setCookie(c, name, values[name], { path: '/', secure, sameSite: 'Lax', maxAge });
  }
}

export function clearSessionCookies(c: Context, secure: boolean): void {
  deleteCookie(c, refreshCookieName, { path: refreshCookiePath, secure });
  for (const name of sessionCookieNames) {
    deleteCookie(c, name, { path: '/', secure });
  }
}
