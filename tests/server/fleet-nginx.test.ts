// A fleet behind a real proxy (issue 29, decision 1085): Debian's nginx, configured by
// deploy/nginx.conf, in front of three compiled server processes on one PostgreSQL. Through
// nginx, pinned to one process at a time: a login on one, a write on another and the live
// poke on the third; a card changed through one is fresh on all; a picture uploaded through
// one is served by the others. Then a rolling restart under a loopback load: no request
// fails, every write is there once. Needs TEST_DATABASE_URL (CI) and nginx.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows } from '../../server/db/client';
import { startFleet, type Fleet } from '../support/fleet';
import { runFleetLoad } from '../support/fleet-load';
import { nginxPath } from '../support/nginx';

const adminUrl = process.env.TEST_DATABASE_URL;

async function login(
  url: string,
  email = 'demo@mecards.vn',
  password = 'demo12345',
): Promise<{ accessToken: string; memberId: string }> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { accessToken: string; memberId: string };
}

async function push(url: string, token: string, name: string, payload: unknown) {
  const res = await fetch(`${url}/api/sync/push`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mutations: [{ id: randomUUID(), name, payload }] }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: { status: string }[] }).results;
}

/** Sync pushes counted by a process's own metrics (asked directly, not through nginx). */
async function pushesCounted(processUrl: string): Promise<number> {
  const text = await (await fetch(`${processUrl}/api/metrics`)).text();
  return [...text.matchAll(/^sync_push_entries_total\{[^}]*\} (\d+)/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

/**
 * An app's live stream through nginx, opened again whenever it ends, as the app does: each
 * `reconnect` (a process stopping) moves it to another process. An answer other than 200,
 * a broken stream or an end without `reconnect` is a failure.
 */
function followLive(url: string, token: string) {
  const events: string[] = [];
  const failures: string[] = [];
  let stopped = false;
  let controller = new AbortController();
  const following = (async () => {
    while (!stopped) {
      controller = new AbortController();
      let ended = '';
      try {
        const res = await fetch(`${url}/api/sync/live`, {
          headers: { authorization: `Bearer ${token}` },
          signal: controller.signal,
        });
        if (res.status !== 200) {
          failures.push(`live: ${res.status}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
          continue;
        }
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const match of value.matchAll(/^event: ?(\w+)/gm)) {
            events.push(match[1]!);
            ended = match[1]!;
          }
        }
        if (ended !== 'reconnect') failures.push(`live ended after "${ended}"`);
      } catch (error) {
        if (!stopped) failures.push(`live: ${String((error as Error).cause ?? error)}`);
      }
    }
  })();
  return {
    events,
    failures,
    async stop() {
      stopped = true;
      controller.abort();
      await following;
    },
  };
}

describe.runIf(adminUrl)('three processes behind nginx on one PostgreSQL', () => {
  let fleet: Fleet | undefined;

  beforeAll(async () => {
    const nginx = nginxPath();
    if (!nginx) throw new Error('nginx is missing: apt-get install -y nginx');
    // The run's migrated and seeded copy: the processes start as on a live database.
    const template = inject('databaseSnapshots').postgres?.demo;
    fleet = await startFleet({ adminUrl: adminUrl!, template, nginx });
  }, 120_000);

  afterAll(async () => {
    await fleet?.stop();
  }, 60_000);

  it('logs in on one, writes on another, pokes the third; cards and pictures are fresh on all', async () => {
    const { pinned, processes } = fleet!;
    const [first, second, third] = pinned as [string, string, string];
    const { accessToken, memberId } = await login(first);
    const binh = await login(first, 'staff@mecards.vn', 'staff12345');

    // Binh's app, its live stream held by the third process.
    const controller = new AbortController();
    const live = await fetch(`${third}/api/sync/live`, {
      headers: { authorization: `Bearer ${binh.accessToken}` },
      signal: controller.signal,
    });
    expect(live.headers.get('content-type')).toContain('text/event-stream');
    const events: string[] = [];
    const reader = live.body!.pipeThrough(new TextDecoderStream()).getReader();
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
        if (done) return;
        for (const match of value.matchAll(/^event: ?(\w+)/gm)) events.push(match[1]!);
      }
    })();
    try {
      expect(await until(() => events.includes('ready'), 5_000)).toBe(true);
      // The demo member's message to Binh, pushed through the second.
      const results = await push(second, accessToken, 'message.send', {
        id: randomUUID(),
        groupMessageId: randomUUID(),
        to: [binh.memberId],
        body: 'Xin chào qua nginx',
      });
      expect(results).toEqual([expect.objectContaining({ status: 'applied' })]);
      // Unbuffered through nginx: the poke arrives while the stream stays open.
      expect(await until(() => events.includes('poke'), 3_000)).toBe(true);
    } finally {
      controller.abort();
      await reading;
    }
    // Each pinned site reached its own process: only the second counted the push.
    expect(await Promise.all(processes.map((p) => pushesCounted(p.url)))).toEqual([0, 1, 0]);

    // Every process renders (and caches) the card, then it changes through the first.
    const card = async (url: string) => (await fetch(`${url}/me/demo`)).text();
    for (const url of pinned) expect(await card(url)).toContain('Nguyễn Thị Minh Anh');
    const intro = `Giới thiệu đổi qua nginx ${randomUUID().slice(0, 8)}`;
    expect(await push(first, accessToken, 'profile.update', { id: memberId, intro })).toEqual([
      expect.objectContaining({ status: 'applied' }),
    ]);
    for (const url of pinned) {
      expect(await until(async () => (await card(url)).includes(intro), 3_000)).toBe(true);
    }

    // A picture stored through the second is served by the first and the third.
    const jpeg = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#36a' },
    })
      .jpeg()
      .toBuffer();
    const pictureId = randomUUID();
    const put = await fetch(`${second}/api/uploads/${pictureId}?purpose=avatar`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'image/jpeg' },
      body: new Uint8Array(jpeg),
    });
    expect(put.status).toBe(200);
    for (const url of [first, third]) {
      const served = await fetch(`${url}/img/${pictureId}/256.webp`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([256, 256]);
    }
  }, 60_000);

  it('restarts every process in turn under load: no failed request, every write once', async () => {
    const { url, processes } = fleet!;
    // Four members, each pushing as one device's outbox does: one push at a time.
    const members = [];
    for (const who of ['demo', 'staff', 'brand', 'agency']) {
      members.push(await login(url, `${who}@mecards.vn`, `${who}12345`));
    }
    const [demo, staff] = members as [(typeof members)[0], (typeof members)[0]];
    // The demo member's app stays connected through every restart.
    const live = followLive(url, demo.accessToken);
    const load = runFleetLoad(
      url,
      members.map((member) => member.accessToken),
    );
    // Writes reach every process before the first one stops.
    await load.until((done) => done.writes >= 12);
    for (let i = 0; i < processes.length; i++) {
      expect(await fleet!.restart(i)).toEqual({ exitCode: 0 });
      await load.until((done) => done.writes >= 12 * (i + 2));
    }
    const done = await load.stop();
    // The stream's process was restarted at least once: it moved, and still hears a poke.
    expect(live.events.filter((event) => event === 'reconnect').length).toBeGreaterThan(0);
    const pokes = live.events.filter((event) => event === 'poke').length;
    expect(
      await push(url, staff.accessToken, 'message.send', {
        id: randomUUID(),
        groupMessageId: randomUUID(),
        to: [demo.memberId],
        body: 'Sau khi khởi động lại',
      }),
    ).toEqual([expect.objectContaining({ status: 'applied' })]);
    const poked = await until(
      () => live.events.filter((event) => event === 'poke').length > pokes,
      3_000,
    );
    await live.stop();
    expect(poked).toBe(true);
    expect(live.failures).toEqual([]);

    // What nginx saw, each kind of error once, to tell why when this fails.
    const log = new Set(
      (await fleet!.nginx.errorLog())
        .split('\n')
        .map((line) => line.replace(/^\S+ \S+ /, '').replace(/\*\d+ /, '')),
    );
    expect(done.failures.slice(0, 5), [...log].join('\n').slice(-6_000)).toEqual([]);
    expect(done.reads).toBeGreaterThan(20);
    expect(done.writes).toBeGreaterThan(20);
    const db = await openDatabase({ databaseUrl: fleet!.databaseUrl });
    try {
      const [rows] = await queryRows<{ contacts: number; distinct: number; keys: number }>(
        db.db,
        sql`SELECT
              (SELECT count(*)::int FROM contacts WHERE name LIKE ${`${done.prefix}%`}) AS contacts,
              (SELECT count(DISTINCT name)::int FROM contacts WHERE name LIKE ${`${done.prefix}%`}) AS distinct,
              (SELECT count(*)::int FROM idempotency_keys WHERE key IN ${done.mutationIds}) AS keys`,
      );
      expect(rows).toEqual({ contacts: done.writes, distinct: done.writes, keys: done.writes });
    } finally {
      await db.close();
    }
  }, 90_000);
});
