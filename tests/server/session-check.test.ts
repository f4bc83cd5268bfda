// Access tokens die with their session (decision 0107): after logout, password change, password
// reset, refresh-token reuse or the session's absolute end, an access token issued before is
// refused with 401 session_expired although it has minutes left.
import { describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { authSessions, members } from '../../server/db/schema';
import { mailOutbox } from '../../server/db/schema-auth';
import { rotationGraceSeconds, sessionLifetimeSeconds } from '../../server/auth/sessions';
import { sessionCheckTtlMs } from '../../server/auth/session-cache';
import { startTestServer } from './test-server';
import { errorCode, login, refresh, refreshCookieOf } from './auth-helpers';

const server = await startTestServer({ demo: true });
const db = server.database.db;

function profile(token: string) {
  return server.request('/api/auth/profile', { token });
}

async function expectRefused(token: string): Promise<void> {
  const res = await profile(token);
  expect([res.status, await errorCode(res)]).toEqual([401, 'session_expired']);
}

async function withClock<T>(offsetMs: number, fn: () => Promise<T>): Promise<T> {
  const started = server.clock.now;
  server.clock.now = new Date(started.getTime() + offsetMs);
  try {
    return await fn();
  } finally {
    server.clock.now = started;
  }
}

function sessionIdOf(accessToken: string): string {
  const payload = accessToken.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid: string }).sid;
}

describe('an access token issued before', () => {
  it('stops working at logout with the refresh cookie', async () => {
    const { body, refreshToken } = await login(server, 'demo@mecards.vn', 'demo12345');
    expect((await profile(body.accessToken)).status).toBe(200);
    const out = await server.request('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: `refreshToken=${refreshToken}` },
    });
    expect(out.status).toBe(200);
    await expectRefused(body.accessToken);
  });

  it('stops working at logout with the bearer token only', async () => {
    const { body } = await login(server, 'demo@mecards.vn', 'demo12345');
    expect((await profile(body.accessToken)).status).toBe(200);
    const out = await server.request('/api/auth/logout', {
      method: 'POST',
      token: body.accessToken,
    });
    expect(out.status).toBe(200);
    await expectRefused(body.accessToken);
  });

  it('keeps working for other sessions of the member after one logs out', async () => {
    const kept = await login(server, 'demo@mecards.vn', 'demo12345');
    const ended = await login(server, 'demo@mecards.vn', 'demo12345');
    await server.request('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: `refreshToken=${ended.refreshToken}` },
    });
    await expectRefused(ended.body.accessToken);
    expect((await profile(kept.body.accessToken)).status).toBe(200);
  });

  it('stops working on other devices at a password change; the renewed session lives', async () => {
    const elsewhere = await login(server, 'brand@mecards.vn', 'brand12345');
    const here = await login(server, 'brand@mecards.vn', 'brand12345');
    expect((await profile(elsewhere.body.accessToken)).status).toBe(200);
    const changed = await server.request('/api/auth/changePassword', {
      method: 'POST',
      token: here.body.accessToken,
      json: {
        currentPassword: 'brand12345',
        password: 'la-sen-xanh-2027',
        confirmPassword: 'la-sen-xanh-2027',
      },
    });
    expect(changed.status).toBe(200);
    const renewed = (await changed.json()) as { accessToken: string };
    await expectRefused(elsewhere.body.accessToken);
    // This device continues in the renewed session; its old family ended with the others.
    await expectRefused(here.body.accessToken);
    expect((await profile(renewed.accessToken)).status).toBe(200);
    const next = await refresh(server, refreshCookieOf(changed));
    expect(next.status).toBe(200);
    const { accessToken } = (await next.json()) as { accessToken: string };
    expect((await profile(accessToken)).status).toBe(200);
  });

  it('stops working at a password reset', async () => {
    const before = await login(server, 'staff@mecards.vn', 'staff12345');
    expect((await profile(before.body.accessToken)).status).toBe(200);
    await server.request('/api/auth/forgotPassword', {
      method: 'POST',
      json: { email: 'staff@mecards.vn' },
    });
    const [message] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'staff@mecards.vn'))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const token = message?.payload.token ?? '';
    const reset = await server.request(`/api/auth/passwordReset/${token}`, {
      method: 'POST',
      json: { password: 'banh-mi-hoi-an-7', confirmPassword: 'banh-mi-hoi-an-7' },
    });
    expect(reset.status).toBe(200);
    await expectRefused(before.body.accessToken);
    const after = await login(server, 'staff@mecards.vn', 'banh-mi-hoi-an-7');
    expect((await profile(after.body.accessToken)).status).toBe(200);
  });

  it('keeps working across rotations, and stops when a rotated refresh token is reused', async () => {
    const first = await login(server, 'demo@mecards.vn', 'demo12345');
    const rotated = await refresh(server, first.refreshToken);
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as { accessToken: string };
    // Rotation keeps the family: both access tokens stand.
    expect((await profile(first.body.accessToken)).status).toBe(200);
    expect((await profile(second.accessToken)).status).toBe(200);
    await withClock((rotationGraceSeconds + 1) * 1000, async () => {
      const reuse = await refresh(server, first.refreshToken);
      expect(await errorCode(reuse)).toBe('refresh_reused');
      await expectRefused(first.body.accessToken);
      await expectRefused(second.accessToken);
    });
  });

  it("stops working when the session reaches its absolute end, whatever the token's lifetime", async () => {
    const { refreshToken } = await login(server, 'demo@mecards.vn', 'demo12345');
    // A refresh a minute before the end gives a 10-minute token that outlives its session.
    const late = await withClock((sessionLifetimeSeconds - 60) * 1000, async () => {
      const res = await refresh(server, refreshToken);
      const { accessToken } = (await res.json()) as { accessToken: string };
      expect((await profile(accessToken)).status).toBe(200);
      return accessToken;
    });
    await withClock((sessionLifetimeSeconds + 60) * 1000, () => expectRefused(late));
  });
});

describe('the per-process session reading', () => {
  it('sees a revocation made by another process within the cache lifetime', async () => {
    const { body } = await login(server, 'demo@mecards.vn', 'demo12345');
    const started = server.clock.now;
    expect((await profile(body.accessToken)).status).toBe(200);
    // Another server process revokes it: only the database knows.
    await db
      .update(authSessions)
      .set({ revokedAt: started.toISOString() })
      .where(
        and(
          eq(authSessions.familyId, sessionIdOf(body.accessToken)),
          isNull(authSessions.revokedAt),
        ),
      );
    // This process read it a moment ago and trusts that reading for the cache lifetime …
    expect((await profile(body.accessToken)).status).toBe(200);
    // … and no longer.
    await withClock(sessionCheckTtlMs, () => expectRefused(body.accessToken));
  });

  it('refuses a token whose session does not exist', async () => {
    const { body } = await login(server, 'demo@mecards.vn', 'demo12345');
    const stray = await server.tokenFor(body.memberId, crypto.randomUUID());
    await expectRefused(stray);
  });

  it("refuses a token whose session belongs to someone else's account", async () => {
    const demo = await login(server, 'demo@mecards.vn', 'demo12345');
    const [brand] = await db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.email, 'brand@mecards.vn'));
    const brandToken = await server.tokenFor(brand?.id ?? '');
    expect((await profile(brandToken)).status).toBe(200);
    const crossed = await server.tokenFor(demo.body.memberId, sessionIdOf(brandToken));
    await expectRefused(crossed);
  });
});
