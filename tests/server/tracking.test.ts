// Card tracking (decisions 0910, 0103): the server makes the visitor id in its own signed
// HttpOnly cookie, never stores the address, and limits each address in the database so that
// every server process counts together.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createApp } from '../../server/app';
import { groups, trackingEvents } from '../../server/db/schema';
import { createLogger } from '../../server/http/logger';
import { startTestServer } from './test-server';

// Behind one proxy: the address is the last X-Forwarded-For hop.
const server = await startTestServer({ demo: true, config: { trustProxy: true } });
const db = server.database.db;
let brandId = '';

beforeAll(async () => {
  const [brand] = await db.select().from(groups).where(eq(groups.urlMinify, 'demo-brand'));
  brandId = brand!.id;
});

async function track(
  ip: string,
  value: string,
  extra: Record<string, unknown> = {},
  cookie?: string,
  userAgent = 'Zalo/23 (Android)',
) {
  return server.request('/api/tracking/action', {
    method: 'POST',
    headers: {
      'x-forwarded-for': ip,
      'user-agent': userAgent,
      ...(cookie ? { cookie } : {}),
    },
    json: { action: 'tap_link', value, groupId: brandId, ...extra },
  });
}

async function storedVisitor(value: string): Promise<string | null> {
  const [row] = await db.select().from(trackingEvents).where(eq(trackingEvents.value, value));
  return row?.visitorId ?? null;
}

describe('tracking visitor ids', () => {
  it('makes the id itself in a signed HttpOnly cookie, ignores a client-sent id, and never stores the IP', async () => {
    const ip = '198.51.100.23';
    const first = await track(ip, 'a1', { visitorId: 'claimed-by-client' });
    expect(first.status).toBe(201);
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^mv=[\w-]{22}\.[\w-]{22};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    const cookie = setCookie.split(';')[0]!;
    const id = await storedVisitor('a1');
    expect(id).toBe(cookie.slice(3, 25));
    expect(id).not.toBe('claimed-by-client');

    // The same cookie is the same visitor, from another address too.
    expect((await track('198.51.100.99', 'a2', {}, cookie)).status).toBe(201);
    expect(await storedVisitor('a2')).toBe(id);

    // A forged or edited cookie is never taken: the server's own id (keyed on the day, the
    // address and the browser, so a page's parallel first requests are one visitor) is used.
    const forged = await track(ip, 'a3', {}, `mv=${'x'.repeat(22)}.${'y'.repeat(22)}`);
    expect(forged.status).toBe(201);
    expect(forged.headers.get('set-cookie') ?? '').toMatch(/^mv=[\w-]{22}\.[\w-]{22};/);
    expect(await storedVisitor('a3')).not.toBe('x'.repeat(22));
    expect((await track(ip, 'a4', {}, 'mv=claimed-by-client')).status).toBe(201);
    expect(await storedVisitor('a4')).not.toBe('claimed-by-client');
    // Another browser at the same address is another visitor.
    expect((await track(ip, 'a5', {}, undefined, 'Other/1.0')).status).toBe(201);
    expect(await storedVisitor('a5')).not.toBe(await storedVisitor('a3'));

    const dump = await db.execute(sql`SELECT * FROM tracking_events`);
    expect(JSON.stringify(dump)).not.toContain(ip);
  });
});

describe('tracking rate limit', () => {
  it('counts one address across server processes, and lets the window pass', async () => {
    // A second app on the same database stands for another server process.
    const otherProcess = createApp({
      config: server.config,
      database: server.database,
      logger: createLogger('silent'),
      now: () => server.clock.now,
    });
    // Start at a window edge so the 65 hits share one minute.
    server.clock.now = new Date(Math.ceil(server.clock.now.getTime() / 60_000) * 60_000);
    const ip = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < 65; i++) {
      const init = {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ action: 'tap_link', value: `v${i}`, groupId: brandId }),
      };
      const res =
        i % 2 === 0
          ? await server.request('/api/tracking/action', init)
          : await otherProcess.request('/api/tracking/action', init);
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected; the window passes with time.
    expect((await track('203.0.113.10', 'x')).status).toBe(201);
    server.clock.now = new Date(server.clock.now.getTime() + 61_000);
    expect((await track(ip, 'later')).status).toBe(201);
  });
});
