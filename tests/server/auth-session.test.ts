// Login, refresh-token rotation and its grace window, reuse revocation, absolute expiry,
// logout and access-token checks (decisions 0100, 0101).
import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { sign } from 'hono/jwt';
import { authSessions, members } from '../../server/db/schema';
import { rotationGraceSeconds, sessionLifetimeSeconds } from '../../server/auth/sessions';
import { startTestServer } from './test-server';
import { errorCode, login, refresh, refreshCookieOf, setCookies } from './auth-helpers';

const server = await startTestServer({ demo: true });
const db = server.database.db;

async function liveFamilies(memberId: string): Promise<number> {
  const rows = await db
    .selectDistinct({ familyId: authSessions.familyId })
    .from(authSessions)
    .where(and(eq(authSessions.memberId, memberId), isNull(authSessions.revokedAt)));
  return rows.length;
}

describe('login', () => {
  it('answers the session facts and sets the refresh and readable cookies', async () => {
    const { res, body } = await login(server, 'demo@mecards.vn', 'demo12345');
    expect(body).toMatchObject({
      userName: 'Nguyễn Thị Minh Anh',
      name: 'Nguyễn Thị Minh Anh',
      urlMinify: 'demo',
      language: 'VN',
      expiresIn: 600,
    });
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body).not.toHaveProperty('refreshToken');
    const jar = setCookies(res);
    expect(jar.refreshToken?.value).toMatch(/^[\w-]{43}$/);
    expect(jar.refreshToken?.attributes).toMatch(/HttpOnly/);
    expect(jar.refreshToken?.attributes).toMatch(/Secure/);
    expect(jar.refreshToken?.attributes).toMatch(/SameSite=Strict/);
    expect(jar.refreshToken?.attributes).toMatch(/Path=\/api\/auth/);
    expect(jar.memberId?.value).toBe(body.memberId);
    expect(jar.isLoggedIn?.value).toBe('true');
    expect(jar.userName?.value).toBe('Nguyễn Thị Minh Anh');
    expect(jar.urlMinify?.value).toBe('demo');
    expect(jar.memberId?.attributes).not.toMatch(/HttpOnly/);
    expect(jar.memberId?.attributes).toMatch(/Max-Age=2592000/);
    expect(jar.memberId?.attributes).toMatch(/Path=\//);
    // The refresh token is stored hashed only.
    const rows = await db
      .select()
      .from(authSessions)
      .where(eq(authSessions.memberId, body.memberId));
    expect(rows.some((r) => r.tokenHash === jar.refreshToken?.value)).toBe(false);
  });

  it('puts no login e-mail or phone in a cookie the page can read', async () => {
    for (const [identifier, password, phone] of [
      ['demo@mecards.vn', 'demo12345', '0901234567'],
      ['0912345678', 'staff12345', '0912345678'],
    ] as const) {
      const { res, body } = await login(server, identifier, password);
      const readable = Object.values(setCookies(res)).filter(
        (c) => !/HttpOnly/i.test(c.attributes),
      );
      expect(readable.length).toBeGreaterThan(3);
      for (const cookie of readable) {
        expect(cookie.value).not.toContain('@');
        expect(cookie.value).not.toContain(phone);
      }
      expect(JSON.stringify(body)).not.toContain(phone);
    }
  });

  it('accepts a phone number, with or without +84', async () => {
    const { body } = await login(server, '+84 912 345 678', 'staff12345');
    expect(body.name).toBe('Trần Văn Bình');
    expect(body.brandGroup).toMatchObject({ role: 'seller' });
  });

  it('refuses a wrong password and an unknown account with the same answer', async () => {
    const wrong = await server.request('/api/auth/login', {
      method: 'POST',
      form: { email: 'demo@mecards.vn', password: 'wrong-password' },
    });
    const unknown = await server.request('/api/auth/login', {
      method: 'POST',
      form: { email: 'nobody@mecards.vn', password: 'wrong-password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.json(), await unknown.json()] as {
      error: { code: string; message: string };
    }[];
    expect(a?.error.code).toBe('invalid_credentials');
    expect(b?.error).toMatchObject({ code: a?.error.code, message: a?.error.message });
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a login that is neither an e-mail nor a phone, with the spec message', async () => {
    const res = await server.request('/api/auth/login', {
      method: 'POST',
      json: { email: 'abc', password: 'x' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { fields: { email: 'Bạn phải nhập địa chỉ email' } },
    });
  });
});

describe('access tokens', () => {
  it('lets the bearer read its profile', async () => {
    const { body } = await login(server, 'demo@mecards.vn', 'demo12345');
    const res = await server.request('/api/auth/profile', { token: body.accessToken });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      memberId: body.memberId,
      language: 'VN',
      member: { id: body.memberId, urlMinify: 'demo', isMe: true },
    });
    const who = await server.request('/api/auth/authenticating', { token: body.accessToken });
    expect(await who.json()).toMatchObject({ memberId: body.memberId });
  });

  it('gives expired, forged, tampered and missing tokens distinct 401 answers', async () => {
    const { body } = await login(server, 'demo@mecards.vn', 'demo12345');
    const missing = await server.request('/api/auth/profile');
    expect([missing.status, await errorCode(missing)]).toEqual([401, 'unauthorized']);

    const [header, payload] = body.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const otherMember = Buffer.from(
      JSON.stringify({ ...claims, sub: crypto.randomUUID() }),
    ).toString('base64url');
    const tampered = `${header}.${otherMember}.${body.accessToken.split('.')[2]}`;
    const tamperedRes = await server.request('/api/auth/profile', { token: tampered });
    expect([tamperedRes.status, await errorCode(tamperedRes)]).toEqual([401, 'token_invalid']);

    const forged = await sign({ ...claims, exp: 1 }, 'not-the-server-secret', 'HS256');
    const forgedRes = await server.request('/api/auth/profile', { token: forged });
    expect([forgedRes.status, await errorCode(forgedRes)]).toEqual([401, 'token_invalid']);

    const garbage = await server.request('/api/auth/profile', { token: 'not-a-jwt' });
    expect([garbage.status, await errorCode(garbage)]).toEqual([401, 'token_invalid']);

    const started = server.clock.now;
    server.clock.now = new Date(started.getTime() + 10 * 60 * 1000 + 1000);
    try {
      const expired = await server.request('/api/auth/profile', { token: body.accessToken });
      expect([expired.status, await errorCode(expired)]).toEqual([401, 'token_expired']);
    } finally {
      server.clock.now = started;
    }
  });
});

describe('refresh', () => {
  it('rotates the token on every use and answers a fresh access token', async () => {
    const first = await login(server, 'demo@mecards.vn', 'demo12345');
    const res = await refresh(server, first.refreshToken);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { accessToken: string; memberId: string; urlMinify: string };
    expect(body).toMatchObject({ memberId: first.body.memberId, urlMinify: 'demo' });
    const second = refreshCookieOf(res);
    expect(second).not.toBe(first.refreshToken);
    const profile = await server.request('/api/auth/profile', { token: body.accessToken });
    expect(profile.status).toBe(200);
    const again = await refresh(server, second);
    expect(again.status).toBe(200);
    expect(refreshCookieOf(again)).not.toBe(second);
  });

  it('gives the same successor to a just-rotated token inside the grace window', async () => {
    const { refreshToken } = await login(server, 'demo@mecards.vn', 'demo12345');
    const [a, b] = await Promise.all([
      refresh(server, refreshToken),
      refresh(server, refreshToken),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const successor = refreshCookieOf(a);
    expect(refreshCookieOf(b)).toBe(successor);

    const started = server.clock.now;
    server.clock.now = new Date(started.getTime() + (rotationGraceSeconds - 5) * 1000);
    try {
      const late = await refresh(server, refreshToken);
      expect(late.status).toBe(200);
      expect(refreshCookieOf(late)).toBe(successor);
      // The successor itself still rotates normally afterwards.
      const next = await refresh(server, successor);
      expect(next.status).toBe(200);
      expect(refreshCookieOf(next)).not.toBe(successor);
    } finally {
      server.clock.now = started;
    }
  });

  it('revokes the whole family when a rotated token comes back after the grace window', async () => {
    const { refreshToken, body } = await login(server, 'demo@mecards.vn', 'demo12345');
    const rotated = await refresh(server, refreshToken);
    const successor = refreshCookieOf(rotated);
    const started = server.clock.now;
    server.clock.now = new Date(started.getTime() + (rotationGraceSeconds + 1) * 1000);
    try {
      const reuse = await refresh(server, refreshToken);
      expect([reuse.status, await errorCode(reuse)]).toEqual([401, 'refresh_reused']);
      expect(setCookies(reuse).refreshToken?.attributes).toMatch(/Max-Age=0/);
      expect(setCookies(reuse).isLoggedIn?.attributes).toMatch(/Max-Age=0/);
      const victim = await refresh(server, successor);
      expect([victim.status, await errorCode(victim)]).toEqual([401, 'session_revoked']);
      const family = await db
        .select()
        .from(authSessions)
        .where(eq(authSessions.memberId, body.memberId));
      const sid = JSON.parse(
        Buffer.from(body.accessToken.split('.')[1] ?? '', 'base64url').toString(),
      ) as { sid: string };
      expect(family.filter((r) => r.familyId === sid.sid).every((r) => r.revokedAt)).toBe(true);
    } finally {
      server.clock.now = started;
    }
  });

  it('ends a login 30 days after it started, however often it was refreshed', async () => {
    const started = server.clock.now;
    const { refreshToken } = await login(server, 'demo@mecards.vn', 'demo12345');
    try {
      server.clock.now = new Date(started.getTime() + (sessionLifetimeSeconds - 60) * 1000);
      const nearEnd = await refresh(server, refreshToken);
      expect(nearEnd.status).toBe(200);
      expect(setCookies(nearEnd).refreshToken?.attributes).toMatch(/Max-Age=60\b/);
      server.clock.now = new Date(started.getTime() + (sessionLifetimeSeconds + 1) * 1000);
      const expired = await refresh(server, refreshCookieOf(nearEnd));
      expect([expired.status, await errorCode(expired)]).toEqual([401, 'session_expired']);
    } finally {
      server.clock.now = started;
    }
  });

  it('answers a missing or unknown cookie with its own code', async () => {
    const missing = await refresh(server, undefined);
    expect([missing.status, await errorCode(missing)]).toEqual([401, 'refresh_missing']);
    const unknown = await refresh(server, 'x'.repeat(43));
    expect([unknown.status, await errorCode(unknown)]).toEqual([401, 'refresh_invalid']);
  });

  it('refuses a refresh asked by another site', async () => {
    const { refreshToken } = await login(server, 'demo@mecards.vn', 'demo12345');
    const res = await refresh(server, refreshToken, { origin: 'https://evil.example' });
    expect([res.status, await errorCode(res)]).toEqual([403, 'origin_mismatch']);
    const same = await refresh(server, refreshToken, { origin: 'http://localhost' });
    expect(same.status).toBe(200);
    // Behind a proxy that rewrites Host, PUBLIC_ORIGIN is still home.
    const proxied = await refresh(server, refreshCookieOf(same), {
      origin: 'http://cards.test',
      host: 'app-internal:8080',
    });
    expect(proxied.status).toBe(200);
  });
});

describe('logout', () => {
  it('ends the session and clears every session cookie', async () => {
    const { refreshToken, body } = await login(server, 'brand@mecards.vn', 'brand12345');
    expect(body.brandGroup).toMatchObject({ urlMinify: 'demo-brand' });
    const before = await liveFamilies(body.memberId);
    const res = await server.request('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: `refreshToken=${refreshToken}` },
    });
    expect(res.status).toBe(200);
    const jar = setCookies(res);
    for (const name of [
      'refreshToken',
      'memberId',
      'isLoggedIn',
      'userName',
      'brandGroup',
      'routerName',
    ]) {
      expect(jar[name]?.attributes).toMatch(/Max-Age=0/);
    }
    expect(await liveFamilies(body.memberId)).toBe(before - 1);
    const after = await refresh(server, refreshToken);
    expect([after.status, await errorCode(after)]).toEqual([401, 'session_revoked']);
  });

  it('refuses a locked account', async () => {
    const { body } = await login(server, 'staff@mecards.vn', 'staff12345');
    await db.update(members).set({ status: 'locked' }).where(eq(members.id, body.memberId));
    try {
      const res = await server.request('/api/auth/login', {
        method: 'POST',
        json: { email: 'staff@mecards.vn', password: 'staff12345' },
      });
      expect([res.status, await errorCode(res)]).toEqual([403, 'account_locked']);
    } finally {
      await db.update(members).set({ status: 'active' }).where(eq(members.id, body.memberId));
    }
  });
});
