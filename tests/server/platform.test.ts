import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });

describe('platform', () => {
  it('reports database kind and migration state when ready', async () => {
    const res = await server.request('/api/ready');
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      database: { kind: string };
      migrations: { pending: string[] };
      eventLoop: { meanMs: number; p50Ms: number; p99Ms: number; maxMs: number };
    };
    // Event-loop delay of this process (decision 1022): measured, so never negative.
    expect(Object.keys(body.eventLoop).sort()).toEqual(['maxMs', 'meanMs', 'p50Ms', 'p99Ms']);
    expect(Object.values(body.eventLoop).every((ms) => ms >= 0)).toBe(true);
    expect(body.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.migrations.pending).toEqual([]);
  });

  it('answers unknown api paths with the JSON error shape and the unknown_call code', async () => {
    const res = await server.request('/api/nothing/here', { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      error: { code: 'unknown_call', message: 'The server has no such call' },
    });
  });

  it('tells a missing object (not_found) apart from a path the API does not have', async () => {
    const missing = await server.request(
      '/api/productMember/getProductById/00000000-0000-4000-8000-000000000000',
      { headers: { 'accept-language': 'en' } },
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      error: { code: 'not_found', message: 'Not found' },
    });
  });

  it('speaks Vietnamese by default', async () => {
    const res = await server.request('/api/nothing');
    expect(await res.json()).toMatchObject({
      error: { message: 'Không có chức năng này trên máy chủ' },
    });
  });

  it('sets security headers', async () => {
    const res = await server.request('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1);
    // Narrowed to what the app uses: no scheme-wide https: source.
    expect(directive('connect-src')).toEqual(["'self'"]);
    expect(directive('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://i.ytimg.com']);
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    // Behind a trusted proxy, X-Forwarded-Proto: https adds HSTS (private-answers.test.ts).
    const untrusted = await server.request('/api/health', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(untrusted.headers.get('strict-transport-security')).toBeNull();
  });

  it('refuses an oversized body with 413 and writes nothing', async () => {
    const res = await server.request('/api/health', {
      method: 'POST',
      json: { blob: 'x'.repeat(100 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'body_too_large' } });
  });

  it('loads the demo data once', async () => {
    const { seedDemoData } = await import('../../server/seed/demo');
    expect(await seedDemoData(server.database.db)).toBe(false);
    const rows = await queryRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM members WHERE email = 'demo@mecards.vn'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('hands out change sequence numbers in commit order', async () => {
    const rows = await queryRows<{ change_seq: string }>(
      server.database.db,
      sql`SELECT change_seq FROM members ORDER BY change_seq`,
    );
    const seqs = rows.map((r) => Number(r.change_seq));
    expect(seqs.every((s) => s > 0)).toBe(true);
    expect(new Set(seqs).size).toBe(seqs.length);
  });
});
