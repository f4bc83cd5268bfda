import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  clearSessionCookies,
  cookieMaxAgeSeconds,
  hasLoginCookie,
  parseCookies,
  readCookie,
  rememberRouteName,
  serializeCookie,
  writeCookie,
} from '../../src/lib/cookies';

/** A document.cookie stand-in that keeps name=value pairs like a browser jar. */
function fakeDocument(protocol = 'http:') {
  const jar = new Map<string, string>();
  const written: string[] = [];
  const doc = {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(text: string) {
      written.push(text);
      const [pair = '', ...attrs] = text.split('; ');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      if (attrs.includes('max-age=0')) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1));
    },
  };
  vi.stubGlobal('document', doc);
  vi.stubGlobal('location', { protocol });
  return { jar, written };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('parseCookies', () => {
  it('reads names and decoded values, first occurrence wins', () => {
    const jar = parseCookies('a=1; lang=en;  userName=Nguy%E1%BB%85n%20V%C4%83n%20A; a=2; junk');
    expect(jar.get('a')).toBe('1');
    expect(jar.get('lang')).toBe('en');
    expect(jar.get('userName')).toBe('Nguyễn Văn A');
    expect(jar.has('junk')).toBe(false);
  });

  it('keeps values with = and strips quotes; tolerates bad escapes', () => {
    const jar = parseCookies('brandGroup="{%22id%22:%22x=y%22}"; bad=%E0%A4%A');
    expect(jar.get('brandGroup')).toBe('{"id":"x=y"}');
    expect(jar.get('bad')).toBe('%E0%A4%A');
  });

  it('round-trips any value through serializeCookie', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const pair = serializeCookie('name', value).split('; ')[0]!;
        expect(parseCookies(pair).get('name')).toBe(value);
      }),
    );
  });
});

describe('serializeCookie', () => {
  it('lasts 30 days on path / with SameSite=Lax', () => {
    expect(serializeCookie('routerName', 'me')).toBe(
      `routerName=me; path=/; max-age=${30 * 24 * 60 * 60}; SameSite=Lax`,
    );
    expect(cookieMaxAgeSeconds).toBe(2_592_000);
  });

  it('adds Secure when asked', () => {
    expect(serializeCookie('lang', 'vi', { secure: true })).toMatch(/; Secure$/);
  });
});

describe('cookies in the page', () => {
  it('writes Secure only on https', () => {
    const http = fakeDocument('http:');
    writeCookie('lang', 'en');
    expect(http.written.at(-1)).not.toContain('Secure');
    const https = fakeDocument('https:');
    writeCookie('lang', 'en');
    expect(https.written.at(-1)).toContain('; Secure');
  });

  it('remembers the route name and reads it back', () => {
    fakeDocument();
    rememberRouteName('createPoint');
    expect(readCookie('routerName')).toBe('createPoint');
  });

  it('knows the login cookie and clears the session but keeps the language', () => {
    fakeDocument();
    expect(hasLoginCookie()).toBe(false);
    writeCookie('isLoggedIn', 'true');
    writeCookie('memberId', 'abc');
    writeCookie('lang', 'en');
    expect(hasLoginCookie()).toBe(true);
    clearSessionCookies();
    expect(hasLoginCookie()).toBe(false);
    expect(readCookie('memberId')).toBeUndefined();
    expect(readCookie('lang')).toBe('en');
  });

  it('does nothing without a document (service worker)', () => {
    expect(readCookie('lang')).toBeUndefined();
    expect(() => writeCookie('lang', 'vi')).not.toThrow();
  });
});
