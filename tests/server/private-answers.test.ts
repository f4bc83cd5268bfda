// Answers that belong to one person carry `Cache-Control: private, no-store`; the forwarded
// headers of a proxy are believed only with TRUST_PROXY (decision 0107).
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/http/logger';
import { startTestServer } from './test-server';
import { errorCode, login, refresh, refreshCookieOf } from './auth-helpers';

const server = await startTestServer({ demo: true });
const trusting = createApp({
  config: { ...server.config, trustProxy: true },
  database: server.database,
  logger: createLogger('silent'),
  now: () => server.clock.now,
});

describe('Cache-Control of authenticated answers', () => {
  it('is private, no-store on a sample of authenticated endpoints, whatever the route set', async () => {
    const { body } = await login(server, 'demo@mecards.vn', 'demo12345');
    const me = body.memberId;
    const token = body.accessToken;
    const sample: [string, RequestInit & { json?: unknown }][] = [
      ['/api/auth/profile', {}],
      ['/api/auth/authenticating', {}],
      ['/api/sync/pull', {}],
      ['/api/sync/push', { method: 'POST', json: { mutations: [] } }],
      [`/api/members/getMemberId/${me}`, {}],
      [`/api/members/getMemberPoint/${me}`, {}],
      [`/api/friend/getFriendsByMemberId/${me}`, {}],
      [`/api/contacts/getContactsByMemberId/${me}`, {}],
      [`/api/contacts/exportCsv/${me}`, {}],
      ['/api/members/careers', {}],
      // Public data asked with a token: the answer may depend on who asks.
      ['/api/getProvincial', {}],
      ['/api/no-such-endpoint', {}],
    ];
    for (const [path, init] of sample) {
      const res = await server.request(path, { ...init, token });
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
    }
    // A visitor's public answers stay cacheable.
    const provinces = await server.request('/api/getProvincial');
    expect(provinces.headers.get('cache-control')).toBe('public, max-age=86400');
    const careers = await server.request('/api/members/careers');
    expect(careers.headers.get('cache-control') ?? '').not.toContain('private');
  });

  it('covers refusals of a token and the answers that carry tokens or session cookies', async () => {
    const refused = await server.request('/api/auth/profile', { token: 'not-a-jwt' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');

    const { res, refreshToken } = await login(server, 'demo@mecards.vn', 'demo12345');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const renewed = await refresh(server, refreshToken);
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('forwarded headers', () => {
  it('turn on HSTS for X-Forwarded-Proto: https only behind a trusted proxy', async () => {
    const headers = { 'x-forwarded-proto': 'https' };
    const direct = await server.request('/api/health', { headers });
    expect(direct.headers.get('strict-transport-security')).toBeNull();
    const proxied = await trusting.request('/api/health', { headers });
    expect(proxied.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('count X-Forwarded-Host as our own host in the origin check only behind a trusted proxy', async () => {
    const headers = {
      origin: 'https://the-real-site.example',
      host: 'app-internal:8080',
      'x-forwarded-host': 'the-real-site.example',
    };
    const { refreshToken } = await login(server, 'demo@mecards.vn', 'demo12345');
    const direct = await refresh(server, refreshToken, headers);
    expect([direct.status, await errorCode(direct)]).toEqual([403, 'origin_mismatch']);
    const proxied = await trusting.request('/api/auth/refresh', {
      method: 'POST',
      headers: { ...headers, cookie: `refreshToken=${refreshToken}` },
    });
    expect(proxied.status).toBe(200);
    expect(refreshCookieOf(proxied)).not.toBe(refreshToken);
  });
});
