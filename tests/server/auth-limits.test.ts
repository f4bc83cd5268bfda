// Rate limits (decision 0103): 429 with Retry-After, per IP and per account, counted in the
// database so every server copy shares them. Buckets are filled directly instead of hashing
// passwords in a loop.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { authLimits, bucketKey, type LimitRule } from '../../server/auth/rate-limit';
import { rateLimits } from '../../server/db/schema-auth';
import { createLogger } from '../../server/http/logger';
import { startTestServer } from './test-server';
import { errorCode } from './auth-helpers';

const server = await startTestServer({ demo: true });
const db = server.database.db;
/** In-process requests have no socket address. */
const testIp = 'unknown';

async function fill(rule: LimitRule, key: string, hits = rule.limit): Promise<void> {
  const size = rule.windowSeconds * 1000;
  const start = new Date(Math.floor(server.clock.now.getTime() / size) * size).toISOString();
  await db
    .insert(rateLimits)
    .values({ bucket: bucketKey(rule, key), windowStart: start, hits })
    .onConflictDoUpdate({ target: [rateLimits.bucket, rateLimits.windowStart], set: { hits } });
}

async function clear(): Promise<void> {
  await db.delete(rateLimits);
}

function post(path: string, json: unknown, headers: Record<string, string> = {}) {
  return server.request(`/api${path}`, { method: 'POST', json, headers });
}

function retryAfter(res: Response): number {
  return Number(res.headers.get('retry-after'));
}

describe('login limits', () => {
  it('refuses an address that tried too often, with Retry-After up to the window end', async () => {
    await clear();
    await fill(authLimits.loginIp, testIp);
    const res = await post('/auth/login', { email: 'demo@mecards.vn', password: 'demo12345' });
    expect([res.status, await errorCode(res)]).toEqual([429, 'rate_limited']);
    expect(retryAfter(res)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(res)).toBeLessThanOrEqual(authLimits.loginIp.windowSeconds);
    expect(res.headers.getSetCookie()).toEqual([]);
    // The next window lets it in again.
    const started = server.clock.now;
    server.clock.now = new Date(started.getTime() + retryAfter(res) * 1000);
    try {
      const later = await post('/auth/login', { email: 'demo@mecards.vn', password: 'demo12345' });
      expect(later.status).toBe(200);
    } finally {
      server.clock.now = started;
    }
  });

  it('locks one account after too many failures, not the others', async () => {
    await clear();
    await fill(authLimits.loginAccount, 'email:demo@mecards.vn');
    const locked = await post('/auth/login', { email: 'demo@mecards.vn', password: 'demo12345' });
    expect([locked.status, await errorCode(locked)]).toEqual([429, 'rate_limited']);
    // The same account by another spelling is the same bucket.
    const viaCase = await post('/auth/login', { email: 'DEMO@mecards.vn', password: 'demo12345' });
    expect(viaCase.status).toBe(429);
    const other = await post('/auth/login', { email: 'brand@mecards.vn', password: 'brand12345' });
    expect(other.status).toBe(200);
  });

  it('counts failures, not successes, per account', async () => {
    await clear();
    await fill(
      authLimits.loginAccount,
      'email:staff@mecards.vn',
      authLimits.loginAccount.limit - 1,
    );
    const failed = await post('/auth/login', { email: 'staff@mecards.vn', password: 'wrong-one' });
    expect(failed.status).toBe(401);
    const next = await post('/auth/login', { email: 'staff@mecards.vn', password: 'staff12345' });
    expect(next.status).toBe(429);
  });
});

describe('register, OTP and forgot-password limits', () => {
  it('limits codes sent to one destination', async () => {
    await clear();
    const email = 'flood@example.vn';
    for (let i = 0; i < authLimits.otpDestination.limit; i++) {
      expect((await post('/auth/registerOTPEmail', { email })).status).toBe(200);
    }
    const res = await post('/auth/registerOTPEmail', { email });
    expect([res.status, await errorCode(res)]).toEqual([429, 'rate_limited']);
    expect(retryAfter(res)).toBeGreaterThan(0);
    expect((await post('/auth/registerOTPEmail', { email: 'other@example.vn' })).status).toBe(200);
  });

  it('limits codes per address', async () => {
    await clear();
    await fill(authLimits.otpIp, testIp);
    const res = await post('/auth/registerOTP', { phone: '0911000111' });
    expect([res.status, await errorCode(res)]).toEqual([429, 'rate_limited']);
  });

  it('limits registrations per address', async () => {
    await clear();
    await fill(authLimits.registerIp, testIp);
    const res = await post('/auth/register', {
      type: 'tbMail',
      email: 'new@example.vn',
      name: 'Mới',
      password: 'mot-hai-ba-bon-nam',
      confirmPassword: 'mot-hai-ba-bon-nam',
      otp: '123456',
    });
    expect([res.status, await errorCode(res)]).toEqual([429, 'rate_limited']);
  });

  it('limits forgot-password per account the same whether it exists or not', async () => {
    await clear();
    await fill(authLimits.forgotAccount, 'email:demo@mecards.vn');
    await fill(authLimits.forgotAccount, 'email:ghost@mecards.vn');
    const known = await post('/auth/forgotPassword', { email: 'demo@mecards.vn' });
    const unknown = await post('/auth/forgotPassword', { email: 'ghost@mecards.vn' });
    expect([known.status, unknown.status]).toEqual([429, 429]);
    expect(retryAfter(known)).toBe(retryAfter(unknown));
    await fill(authLimits.forgotIp, testIp);
    const byIp = await post('/auth/forgotPassword', { email: 'brand@mecards.vn' });
    expect(byIp.status).toBe(429);
  });
});

describe('shared counters', () => {
  it('two server copies on one database count together', async () => {
    await clear();
    const deps = {
      config: server.config,
      database: server.database,
      logger: createLogger('silent'),
      now: () => server.clock.now,
    };
    const copyA = createApp(deps);
    const copyB = createApp(deps);
    const ask = (app: typeof copyA) =>
      app.request('/api/auth/forgotPassword', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'shared@example.vn' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < authLimits.forgotAccount.limit + 1; i++) {
      statuses.push((await ask(i % 2 === 0 ? copyA : copyB)).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('behind a proxy, each client address has its own bucket', async () => {
    await clear();
    const routes = createApp({
      config: { ...server.config, trustProxy: true },
      database: server.database,
      logger: createLogger('silent'),
      now: () => server.clock.now,
    });
    await fill(authLimits.forgotIp, '203.0.113.5');
    const ask = (forwardedFor: string) =>
      routes.request('/api/auth/forgotPassword', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ email: 'proxy@example.vn' }),
      });
    expect((await ask('10.0.0.1, 203.0.113.5')).status).toBe(429);
    expect((await ask('198.51.100.7')).status).toBe(200);
  });
});
