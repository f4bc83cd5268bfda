// A process told to stop (SIGTERM) loses nothing (decision 1080): a push whose body is still
// arriving is applied and answered, the live stream ends with `reconnect`, the process exits 0
// and the write is in the database. In-process: /api/ready turns 503 while stopping. Before
// that, an idle keep-alive connection outlives the 6 s after which Node would close it.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openDatabase, queryRows } from '../../server/db/client';
import { Drain } from '../../server/http/drain';
import { createLogger } from '../../server/http/logger';
import { freePort } from '../support/free-port';
import { removeDir } from '../support/process-group';
import { startServerProcess, waitUntilReady, type ServerProcess } from '../support/server-process';
import { createTestServer, testConfig } from './test-server';

const servers: ServerProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.group.stop()));
  await Promise.all(dirs.map(removeDir));
}, 60_000);

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 2_000; i++) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('SIGTERM', () => {
  it('finishes a push in flight, ends the live stream with reconnect, then exits 0', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mecards-drain-'));
    dirs.push(dataDir);
    const server = startServerProcess({ port: await freePort(), env: { DATA_DIR: dataDir } });
    servers.push(server);
    const { group, url } = server;
    await waitUntilReady(server);

    // A connection left idle past Node's default (5 s, plus 1 s of slack) is still ours to reuse:
    // the client closes idle sockets, we do not close one under a request it is sending.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const health = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const probe = http.get(`${url}/api/health`, { agent }, (res) => {
          res.resume();
          res.once('end', () =>
            resolve({ status: res.statusCode ?? 0, reused: probe.reusedSocket }),
          );
        });
        probe.once('error', reject);
      });
    expect(await health()).toEqual({ status: 200, reused: false });
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(await health()).toEqual({ status: 200, reused: true });
    agent.destroy();

    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@mecards.vn', password: 'demo12345' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };

    const live = await fetch(`${url}/api/sync/live`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const reader = live.body!.pipeThrough(new TextDecoderStream()).getReader();
    let events = '';
    while (!events.includes('event: ready')) events += (await reader.read()).value ?? '';

    // A push whose headers and first half have arrived; the rest comes after the signal.
    const contactId = randomUUID();
    const mutationId = randomUUID();
    const body = JSON.stringify({
      mutations: [
        { id: mutationId, name: 'contact.upsert', payload: { id: contactId, name: 'Giữa chừng' } },
      ],
    });
    const bytes = Buffer.from(body);
    const request = http.request(`${url}/api/sync/push`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        'content-length': String(bytes.byteLength),
      },
    });
    const answered = new Promise<Answer>((resolve, reject) => {
      request.once('error', reject);
      request.once('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.once('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      });
    });
    request.write(bytes.subarray(0, 20));
    // The server has the push in hand: two handlers running, this metrics request and the push.
    await waitFor(async () => {
      const text = await (await fetch(`${url}/api/metrics`)).text();
      const running = Number(/^http_requests_in_flight (\d+)/m.exec(text)?.[1] ?? 0);
      return running >= 2 ? true : undefined;
    }, 'the push in flight');

    group.process.kill('SIGTERM');
    // The open app is told to go elsewhere, and the stream ends.
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      events += value;
    }
    expect(events).toContain('event: reconnect');
    // No new connection is taken any more.
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();

    request.end(bytes.subarray(20));
    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({
      results: [expect.objectContaining({ id: mutationId, status: 'applied' })],
    });
    expect(await group.exited).toBe(0);
    expect(group.stderr().trim()).toBe('');

    const db = await openDatabase({ dataDir });
    try {
      const rows = await queryRows<{ name: string }>(
        db.db,
        sql`SELECT name FROM contacts WHERE id = ${contactId}`,
      );
      expect(rows).toEqual([{ name: 'Giữa chừng' }]);
    } finally {
      await db.close();
    }
  }, 180_000);
});

describe('readiness while stopping', () => {
  it('answers /api/ready 503 "stopping" once draining starts; /api/health stays 200', async () => {
    const server = await createTestServer();
    try {
      const drain = new Drain();
      const app = createApp({
        config: testConfig,
        database: server.database,
        logger: createLogger('silent'),
        drain,
        now: () => new Date(),
      });
      expect((await app.request('/api/ready')).status).toBe(200);
      drain.start();
      const stopping = await app.request('/api/ready');
      expect(stopping.status).toBe(503);
      expect(await stopping.json()).toMatchObject({ status: 'stopping' });
      expect(stopping.headers.get('connection')).toBe('close');
      expect((await app.request('/api/health')).status).toBe(200);
      await drain.finishBackgroundWork();
    } finally {
      await server.close();
    }
  }, 60_000);
});
