// Readable session-fact cookies of spec §3/§9 in the browser; their names are in
// contract/cookie-names.ts, shared with the server. The refresh token is HttpOnly and never
// touched here.
import { cookieNames, sessionCookieNames, type CookieName } from '../../contract/cookie-names';

export const cookieMaxAgeSeconds = 30 * 24 * 60 * 60;

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. Default 30 days. */
  maxAgeSeconds?: number;
  /** Default: true when the page is served over https. */
  secure?: boolean;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Parses a `document.cookie` string; the first occurrence of a name wins, as in browsers. */
export function parseCookies(cookieString: string): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || jar.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1);
    }
    jar.set(name, decode(value));
  }
  return jar;
}

/** The `Set-Cookie`-style string written to `document.cookie`. */
export function serializeCookie(
  name: string,
  value: string,
  { maxAgeSeconds = cookieMaxAgeSeconds, secure = false }: CookieOptions = {},
): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'path=/',
    `max-age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

// Also compiled into the service worker, which has no document: reach it through globalThis.
interface PageGlobals {
  document?: { cookie: string };
  location?: { protocol: string };
}
const page = () => globalThis as unknown as PageGlobals;

export function readCookie(name: CookieName): string | undefined {
  const doc = page().document;
  return doc ? parseCookies(doc.cookie).get(name) : undefined;
}

export function writeCookie(name: CookieName, value: string, options: CookieOptions = {}): void {
  const doc = page().document;
  if (!doc) return;
  const secure = page().location?.protocol === 'https:';
  doc.cookie = serializeCookie(name, value, { secure, ...options });
}

export function clearCookie(name: CookieName): void {
  writeCookie(name, '', { maxAgeSeconds: 0 });
}

/** Clears every readable session cookie (logout, refresh failure — spec §4). */
export function clearSessionCookies(): void {
  for (const name of sessionCookieNames) clearCookie(name);
}

/** The login guard's test (spec §2: the login cookie). */
export function hasLoginCookie(): boolean {
  return readCookie(cookieNames.isLoggedIn) === 'true';
}

/** Spec §2: the current route name is remembered for 30 days on each navigation. */
export function rememberRouteName(name: string): void {
  writeCookie(cookieNames.routerName, name);
}

export function rememberedRouteName(): string | undefined {
  return readCookie(cookieNames.routerName);
}
