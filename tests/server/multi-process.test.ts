// Several server processes behave as one (DESIGN: security rules; decisions 0103, 0107): two
// real `tsx server/main.ts` processes on one fresh PostgreSQL database share the login limits
// and see each other's logouts within seconds. Needs TEST_DATABASE_URL (CI's PostgreSQL run).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { authLimits, type LimitRule } from '../../server/auth/rate-limit';
import { sessionCheckTtlMs } from '../../server/auth/session-cache';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import webPush from 'web-push';
import { queryRows } from '../../server/db/client';
import { signAccessToken } from '../../server/auth/access-token';
import { startSession } from '../../server/auth/sessions';
import { startOnDatabase, type ServerProcess } from '../support/server-process';

// Both processes send pushes with one VAPID key pair (as a real deployment must).
const vapidKeys = webPush.generateVAPIDKeys();
const authSecret = 'multi-process-secret-multi-process-secret';

const adminUrl = process.env.TEST_DATABASE_URL;

const servers: ServerProcess[] = [];
let admin: DatabaseHandle | undefined;
let databaseName: string | undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server process on the shared database, ready (the first loads the demo data). */
function startProcess(databaseUrl: string, seedDemo: boolean): Promise<ServerProcess> {
  return startOnDatabase(servers, databaseUrl, {
    seedDemo,
    env: {
      AUTH_SECRET: authSecret,
      VAPID_PUBLIC_KEY: vapidKeys.publicKey,
      VAPID_PRIVATE_KEY: vapidKeys.privateKey,
      TRUST_PROXY: 'true',
    },
  });
}

/** Waits out the end of a rule's fixed window if it is near, so a burst stays in one window. */
async function awayFromWindowEdge(rule: LimitRule, needMs: number): Promise<void> {
  const size = rule.windowSeconds * 1000;
  const left = size - (Date.now() % size);
  if (left < needMs) await sleep(left + 200);
}

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  let one: ServerProcess;
  let two: ServerProcess;
  let shared: DatabaseHandle | undefined;

  beforeAll(async () => {
    databaseName = `mecards_multi_${randomUUID().replaceAll('-', '')}`;
    admin = await openDatabase({ databaseUrl: adminUrl });
    await admin.execScript(`CREATE DATABASE ${databaseName}`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${databaseName}`;
    // The first migrates and seeds; the second finds both done.
    one = await startProcess(url.toString(), true);
    two = await startProcess(url.toString(), false);
    shared = await openDatabase({ databaseUrl: url.toString() });
  }, 200_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.group.stop()));
    await shared?.close();
    if (admin) {
      if (databaseName)
        await admin.execScript(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.close();
    }
  }, 60_000);

  function login(server: ServerProcess, body: unknown, forwardedFor: string) {
    return fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify(body),
    });
  }

  it('limits a simultaneous login burst split across both processes as one', async () => {
    const rule = authLimits.loginAccount;
    await awayFromWindowEdge(rule, 60_000);
    const wrong = { email: 'staff@mecards.vn', password: 'not-the-password' };
    const burst = Array.from({ length: rule.limit + 2 }, (_, i) =>
      login(i % 2 === 0 ? one : two, wrong, `203.0.113.${10 + i}`),
    );
    const statuses = (await Promise.all(burst)).map((res) => res.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // Each process saw half the failures, below the limit; together they passed it.
    const right = { email: 'staff@mecards.vn', password: 'staff12345' };
    for (const server of [one, two]) {
      expect((await login(server, right, '203.0.113.40')).status).toBe(429);
    }
  }, 120_000);

  it('counts failures on either process against one budget, exactly', async () => {
    const rule = authLimits.loginAccount;
    await awayFromWindowEdge(rule, 60_000);
    const wrong = { email: 'demo@mecards.vn', password: 'not-the-password' };
    for (let i = 0; i < rule.limit; i++) {
      const res = await login(i % 2 === 0 ? one : two, wrong, '203.0.113.20');
      expect(res.status, `failure ${i + 1}`).toBe(401);
    }
    const right = { email: 'demo@mecards.vn', password: 'demo12345' };
    for (const server of [one, two]) {
      expect((await login(server, wrong, '203.0.113.20')).status).toBe(429);
      expect((await login(server, right, '203.0.113.21')).status).toBe(429);
    }
  }, 120_000);

  /** A token of a demo member, minted under a new session (the login limits are spent above). */
  async function tokenOf(urlMinify: string): Promise<{ id: string; token: string }> {
    const db = shared!.db;
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM members WHERE url_minify = ${urlMinify}`,
    );
    const { sessionId } = await startSession(db, row!.id, new Date());
    const token = await signAccessToken(authSecret, { memberId: row!.id, sessionId }, Date.now());
    return { id: row!.id, token };
  }

  /** Reads a live stream's events until `stop` says so. */
  async function watchLive(server: ServerProcess, token: string, events: string[]) {
    const controller = new AbortController();
    const res = await fetch(`${server.url}/api/sync/live`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
        if (done) return;
        for (const match of value.matchAll(/^event: ?(\w+)/gm)) events.push(match[1]!);
      }
    })();
    return { stop: () => controller.abort(), reading };
  }

  it('pokes an app connected to one process when the other writes its message', async () => {
    const demo = await tokenOf('demo');
    const binh = await tokenOf('binh-tran');
    const events: string[] = [];
    const live = await watchLive(two, binh.token, events);
    const deadline = Date.now() + 5_000;
    while (!events.includes('ready') && Date.now() < deadline) await sleep(20);
    expect(events).toEqual(['ready']);

    const groupMessageId = randomUUID();
    const sentAt = Date.now();
    const sent = await fetch(`${one.url}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: randomUUID(), groupMessageId, to: [binh.id], body: 'Xin chào' }),
    });
    expect(sent.status).toBe(200);
    while (!events.includes('poke') && Date.now() - sentAt < 5_000) await sleep(10);
    const waited = Date.now() - sentAt;
    live.stop();
    expect(events).toContain('poke');
    expect(waited).toBeLessThan(1_000);
    // The poke carries nothing: the normal pull, from the process the app talks to, has it.
    const pull = await fetch(`${two.url}/api/sync/pull?cursor=0&limit=1000`, {
      headers: { authorization: `Bearer ${binh.token}` },
    });
    const page = (await pull.json()) as { changes: { entity: string; row: { body?: string } }[] };
    expect(page.changes.some((c) => c.entity === 'messages' && c.row.body === 'Xin chào')).toBe(
      true,
    );
  }, 60_000);

  it('sends each push once although both processes hear of it', async () => {
    const received: string[] = [];
    const endpoint = createHttpServer((req, res) => {
      received.push(req.url ?? '');
      req.resume();
      req.on('end', () => res.writeHead(201).end());
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    try {
      const port = (endpoint.address() as AddressInfo).port;
      const demo = await tokenOf('demo');
      const lan = await tokenOf('pham-thu-ha');
      const ecdh = (await import('node:crypto')).createECDH('prime256v1');
      ecdh.generateKeys();
      const subscription = {
        endpoint: `http://127.0.0.1:${port}/push/lan`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: (await import('node:crypto')).randomBytes(16).toString('base64url'),
        },
      };
      const put = await fetch(`${two.url}/api/fcmToken`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${lan.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ token: JSON.stringify(subscription) }),
      });
      expect(put.status).toBe(200);
      for (let i = 0; i < 5; i += 1) {
        const res = await fetch(`${i % 2 ? one.url : two.url}/api/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${demo.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            id: randomUUID(),
            groupMessageId: randomUUID(),
            to: [lan.id],
            body: `Lời nhắn ${i}`,
          }),
        });
        expect(res.status).toBe(200);
      }
      const deadline = Date.now() + 10_000;
      while (received.length < 5 && Date.now() < deadline) await sleep(50);
      await sleep(1_000);
      expect(received).toEqual(Array.from({ length: 5 }, () => '/push/lan'));
    } finally {
      await new Promise<void>((resolve) => endpoint.close(() => resolve()));
    }
  }, 60_000);

  it('ends an access token on the other process within seconds of a logout', async () => {
    const res = await login(
      one,
      { email: 'brand@mecards.vn', password: 'brand12345' },
      '203.0.113.30',
    );
    expect(res.status).toBe(200);
    const { accessToken } = (await res.json()) as { accessToken: string };
    const cookie = res.headers
      .getSetCookie()
      .map((header) => header.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('refreshToken='));
    expect(cookie).toBeDefined();
    const profile = (server: ServerProcess) =>
      fetch(`${server.url}/api/auth/profile`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
    // Both processes accept it, so the second holds a fresh "live" reading.
    expect((await profile(one)).status).toBe(200);
    expect((await profile(two)).status).toBe(200);

    const out = await fetch(`${one.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: cookie ?? '' },
    });
    expect(out.status).toBe(200);
    const loggedOut = Date.now();
    expect((await profile(one)).status).toBe(401);

    let refused: Response | undefined;
    while (Date.now() - loggedOut < sessionCheckTtlMs + 5_000) {
      const answer = await profile(two);
      if (answer.status !== 200) {
        refused = answer;
        break;
      }
      await sleep(200);
    }
    const waited = Date.now() - loggedOut;
    expect(refused?.status).toBe(401);
    expect(((await refused?.json()) as { error: { code: string } }).error.code).toBe(
      'session_expired',
    );
    expect(waited).toBeLessThanOrEqual(sessionCheckTtlMs + 1_000);
  }, 60_000);
});
