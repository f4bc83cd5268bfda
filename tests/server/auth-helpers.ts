// Helpers of the auth server tests: log in, read cookies, refresh with a cookie.
import type { LoginAnswer } from '../../contract/auth';
import type { TestServer } from './test-server';

export interface CookieJar {
  [name: string]: { value: string; attributes: string };
}

/** The Set-Cookie headers of an answer, by name. */
export function setCookies(res: Response): CookieJar {
  const jar: CookieJar = {};
  for (const header of res.headers.getSetCookie()) {
    const [pair = '', ...rest] = header.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    jar[name] = {
      value: decodeURIComponent(pair.slice(eq + 1).trim()),
      attributes: rest.join(';'),
    };
  }
  return jar;
}

export function refreshCookieOf(res: Response): string {
  const value = setCookies(res).refreshToken?.value;
  if (!value) throw new Error(`no refresh cookie in ${res.status} answer`);
  return value;
}

export async function login(
  server: TestServer,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<{ res: Response; body: LoginAnswer; refreshToken: string }> {
  const res = await server.request('/api/auth/login', {
    method: 'POST',
    json: { email, password },
    headers,
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as LoginAnswer;
  return { res, body, refreshToken: refreshCookieOf(res) };
}

export function refresh(
  server: TestServer,
  refreshToken: string | undefined,
  headers: Record<string, string> = {},
) {
  return server.request('/api/auth/refresh', {
    method: 'POST',
    headers: { ...(refreshToken ? { cookie: `refreshToken=${refreshToken}` } : {}), ...headers },
  });
}

export async function errorCode(res: Response): Promise<string> {
  const body = (await res.json()) as { error?: { code?: string } };
  return body.error?.code ?? '';
}
