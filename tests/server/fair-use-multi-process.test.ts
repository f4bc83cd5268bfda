// Fair-use limits (decision 1023) are one count across server processes on one PostgreSQL:
// uploads split over two processes meet one hourly limit; live streams open on two processes
// count together, and a closed one frees its slot. Needs TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type TestDatabase } from '../support/postgres-databases';
import { startOnDatabase, type ServerProcess } from '../support/server-process';

const adminUrl = process.env.TEST_DATABASE_URL;

const servers: ServerProcess[] = [];
let database: TestDatabase | undefined;

describe.skipIf(!adminUrl)('fair use across two server processes', () => {
  let one = '';
  let two = '';
  let token = '';

  beforeAll(async () => {
    database = await createDatabase(adminUrl!, 'mecards_fair_use');
    const env = {
      AUTH_SECRET: 'fair-use-multi-process-secret-fair-use-multi',
      FAIR_USE_UPLOADS_PER_HOUR: '4',
      FAIR_USE_OPEN_LIVE_STREAMS: '2',
    };
    one = (await startOnDatabase(servers, database.url, { seedDemo: true, env })).url;
    two = (await startOnDatabase(servers, database.url, { seedDemo: false, env })).url;
    const login = await fetch(`${one}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@mecards.vn', password: 'demo12345' }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { accessToken: string }).accessToken;
  }, 200_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.group.stop()));
    await database?.drop();
  }, 60_000);

  it('uploads sent to either process meet one hourly limit', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a63' } })
      .jpeg()
      .toBuffer();
    const put = (base: string) =>
      fetch(`${base}/api/uploads/${randomUUID()}?purpose=content`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
        body: new Uint8Array(jpeg),
      });
    const statuses = [];
    for (const base of [one, two, one, two]) statuses.push((await put(base)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    for (const base of [one, two]) {
      const refused = await put(base);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('fair_use_uploads');
      expect(body.error.message).toMatch(/^Bạn đã tải lên 4 ảnh trong giờ này/);
    }
  });

  it('live streams open on two processes count together; closing one frees a slot', async () => {
    const open = async (base: string) => {
      const abort = new AbortController();
      const res = await fetch(`${base}/api/sync/live`, {
        headers: { authorization: `Bearer ${token}` },
        signal: abort.signal,
      });
      return { res, abort };
    };
    const first = await open(one);
    const second = await open(two);
    expect([first.res.status, second.res.status]).toEqual([200, 200]);
    for (const base of [one, two]) {
      const third = await open(base);
      expect(third.res.status).toBe(429);
      expect(((await third.res.json()) as { error: { code: string } }).error.code).toBe(
        'fair_use_live_streams',
      );
    }
    first.abort.abort();
    // The first process releases the lease when it sees the stream close.
    let reopened: Awaited<ReturnType<typeof open>> | undefined;
    for (let i = 0; i < 50 && !reopened; i++) {
      const attempt = await open(two);
      if (attempt.res.status === 200) reopened = attempt;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(reopened?.res.status).toBe(200);
    second.abort.abort();
    reopened?.abort.abort();
  });
});
