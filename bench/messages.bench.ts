// Messages figures (issue 14), the device's real code in Node (sync engine, live pokes and the
// outbox on fake-indexeddb) against the real app served over HTTP on loopback (in-memory PGlite
// with the demo data):
// - message-live-p95-ms: one member sends over the API; p95 of the time until the message is in
//   the other member's device store, reached by the live poke (SSE) and the normal pull (≤ 500).
// - messages-pull-10k-ms: a first full pull of 10,000 messages into the device store (≤ 1,500).
// - messages-send-offline-100-ms: 100 messages queued offline, from reconnect until all are on
//   the server and the outbox is empty (≤ 1,500).
import 'fake-indexeddb/auto';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrate, openDatabase, queryRows } from '../server/db/client';
import { createLogger } from '../server/http/logger';
import { seedDemoData } from '../server/seed/demo';
import { signAccessToken } from '../server/auth/access-token';
import { startSession } from '../server/auth/sessions';
import { writeSession } from '../src/api/session-store';
import { createAppDb } from '../src/db/app-db';
import { createSyncEngine } from '../src/sync/sync-engine';
import { startLivePokes } from '../src/sync/live-pokes';
import { queueMutationIn } from '../src/sync/mutate';
import { sendMessageWrite } from '../src/features/messages/message-writes';
import type { Figure } from './run';
import { percentile } from './browser-harness';

const liveRounds = 30;

const round = (ms: number) => Math.round(ms * 10) / 10;

export async function run(): Promise<Figure[]> {
  const database = await openDatabase({});
  await migrate(database);
  await seedDemoData(database.db);
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: '/nonexistent', AUTH_SECRET: 'bench-secret-bench' }),
    port: 0,
    logLevel: 'silent' as const,
    push: undefined,
  };
  const app = createApp({
    config,
    database,
    logger: createLogger('silent'),
    now: () => new Date(),
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The app's relative /api URLs go to this server.
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    nodeFetch(
      typeof input === 'string' && input.startsWith('/') ? `${origin}${input}` : input,
      init,
    );

  const stops: (() => void)[] = [];
  try {
    const idOf = async (url: string) =>
      (
        await queryRows<{ id: string }>(
          database.db,
          sql`SELECT id FROM members WHERE url_minify = ${url}`,
        )
      )[0]!.id;
    const tokenOf = async (memberId: string) => {
      const { sessionId } = await startSession(database.db, memberId, new Date());
      return signAccessToken(config.authSecret, { memberId, sessionId }, Date.now());
    };
    const sender = await idOf('demo');
    const receiver = await idOf('binh-tran');
    const senderToken = await tokenOf(sender);
    await writeSession({
      accessToken: await tokenOf(receiver),
      memberId: receiver,
      userName: 'binh',
      urlMinify: 'binh-tran',
      brandGroup: null,
      agency: null,
    });

    // Live: the receiver's device is open (stream + engine); the sender writes over the API.
    const liveDb = createAppDb(`bench-live-${crypto.randomUUID()}`);
    const liveEngine = createSyncEngine({ db: liveDb, lockName: 'bench-live' });
    await liveEngine.syncNow({ force: true });
    stops.push(startLivePokes({ engine: liveEngine }));
    await new Promise((r) => setTimeout(r, 300));
    const groupMessageId = crypto.randomUUID();
    const times: number[] = [];
    for (let i = 0; i < liveRounds; i += 1) {
      const id = crypto.randomUUID();
      const started = performance.now();
      const res = await nodeFetch(`${origin}/api/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${senderToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id, groupMessageId, to: [receiver], body: `Lời nhắn ${i}` }),
      });
      if (!res.ok) throw new Error(`send: ${res.status}`);
      await res.arrayBuffer();
      for (;;) {
        const arrived = await liveDb.messages
          .where('groupMessageId')
          .equals(groupMessageId)
          .filter((m) => m.messageId === id)
          .count();
        if (arrived > 0) break;
        if (performance.now() - started > 10_000) throw new Error('message never arrived');
        await new Promise((r) => setTimeout(r, 2));
      }
      times.push(performance.now() - started);
    }
    stops.splice(0).forEach((stop) => stop());
    liveDb.close();

    // 10,000 messages to the receiver, written straight into the database.
    await database.execScript(`
      INSERT INTO message_copies (id, owner_member_id, message_id, group_message_id,
        sender_member_id, to_ids, body, sent_at)
      SELECT m.id, '${receiver}', m.id, m.id, '${sender}', '["${receiver}"]'::jsonb,
        'Tin nhắn thử số ' || n, now() - (n || ' seconds')::interval
      FROM (SELECT gen_random_uuid() AS id, n FROM generate_series(1, 10000) AS n) AS m;
    `);
    const pullDb = createAppDb(`bench-pull-${crypto.randomUUID()}`);
    const pullEngine = createSyncEngine({ db: pullDb, lockName: 'bench-pull' });
    const pullStarted = performance.now();
    const pulled = await pullEngine.syncNow({ force: true });
    const pullMs = performance.now() - pullStarted;
    const mirrored = await pullDb.messages.count();
    if (pulled.status !== 'synced' || mirrored < 10_000) {
      throw new Error(`pull: ${pulled.status}, ${mirrored} messages`);
    }

    // 100 messages written offline (queued, nothing sent), then the reconnect flush.
    const me = { id: receiver, name: 'Trần Văn Bình', urlMinify: 'binh-tran', avatarUrl: null };
    const conversation = crypto.randomUUID();
    for (let i = 0; i < 100; i += 1) {
      await queueMutationIn(
        pullDb,
        sendMessageWrite(me, {
          groupMessageId: conversation,
          to: [sender],
          body: `Trả lời ngoại tuyến ${i}`,
          people: [],
        }),
        receiver,
      );
    }
    const flushStarted = performance.now();
    const flushed = await pullEngine.syncNow({ force: true });
    const flushMs = performance.now() - flushStarted;
    const [stored] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM message_copies
          WHERE group_message_id = ${conversation} AND owner_member_id = ${sender}`,
    );
    if (flushed.status !== 'synced' || stored?.n !== 100 || (await pullDb.outbox.count()) !== 0) {
      throw new Error(`offline flush: ${flushed.status}, ${stored?.n} on the server`);
    }
    pullDb.close();

    return [
      { name: 'message-live-p95-ms', value: round(percentile(times, 95)), unit: 'ms' },
      { name: 'messages-pull-10k-ms', value: round(pullMs), unit: 'ms' },
      { name: 'messages-send-offline-100-ms', value: round(flushMs), unit: 'ms' },
    ];
  } finally {
    stops.forEach((stop) => stop());
    globalThis.fetch = nodeFetch;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
  }
}
