// db:move (decision 1083): the demo data plus 10k contacts go from a data folder to an empty
// PostgreSQL database, every table equal; a device synced before the move pulls nothing again
// and its one push after it comes back once. A second move into the filled database is refused.
// Needs TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { migrate, openDatabase, type DatabaseHandle } from '../../server/db/client';
import { createLogger } from '../../server/http/logger';
import { moveToPostgres } from '../../server/move/db-move';
import { seedDemoData } from '../../server/seed/demo';
import { removeDir } from '../support/process-group';
import { testConfig } from './test-server';
import type { PullResponse } from '../../contract/sync';

const adminUrl = process.env.TEST_DATABASE_URL;

function appOn(database: DatabaseHandle) {
  return createApp({
    config: testConfig,
    database,
    logger: createLogger('silent'),
    now: () => new Date(),
  });
}

async function pullAll(app: ReturnType<typeof appOn>, token: string, cursor: number) {
  let changes = 0;
  for (;;) {
    const res = await app.request(`/api/sync/pull?cursor=${cursor}&limit=1000`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as PullResponse;
    changes += page.changes.length;
    cursor = page.cursor;
    if (!page.hasMore) return { changes, cursor, last: page.changes };
  }
}

describe.runIf(adminUrl)('db:move to PostgreSQL', () => {
  const name = `mecards_move_${randomUUID().replaceAll('-', '')}`;
  const dirs: string[] = [];

  afterAll(async () => {
    const admin = await openDatabase({ databaseUrl: adminUrl });
    await admin.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
    await Promise.all(dirs.map(removeDir));
  }, 60_000);

  it('copies every table, keeps cursors, and refuses a database that is not empty', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mecards-move-'));
    dirs.push(dataDir);
    const source = await openDatabase({ dataDir });
    await migrate(source);
    await seedDemoData(source.db);
    await source.execScript(`
      INSERT INTO contacts (id, owner_member_id, name, phone)
      SELECT gen_random_uuid(), m.id, 'Liên hệ ' || n, '09' || lpad(n::text, 8, '0')
        FROM members m, generate_series(1, 10000) n WHERE m.email = 'demo@mecards.vn'`);
    const before = appOn(source);
    const login = await before.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@mecards.vn', password: 'demo12345' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const synced = await pullAll(before, accessToken, 0);
    expect(synced.changes).toBeGreaterThan(10_000);
    await source.close();

    const admin = await openDatabase({ databaseUrl: adminUrl });
    await admin.execScript(`CREATE DATABASE ${name}`);
    await admin.close();
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${name}`;

    const report = await moveToPostgres(dataDir, url.toString());
    const contacts = report.tables.find((t) => t.table === 'contacts');
    expect(contacts?.rows).toBeGreaterThanOrEqual(10_000);
    expect(report.tables.find((t) => t.table === 'auth_sessions')?.rows).toBeGreaterThan(0);

    await expect(moveToPostgres(dataDir, url.toString())).rejects.toThrow(/not empty/);

    const target = await openDatabase({ databaseUrl: url.toString() });
    try {
      const after = appOn(target);
      // The same token (its session moved too), the same cursor: nothing comes again.
      expect((await pullAll(after, accessToken, synced.cursor)).changes).toBe(0);
      const contactId = randomUUID();
      const push = await after.request('/api/sync/push', {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          mutations: [
            {
              id: randomUUID(),
              name: 'contact.upsert',
              payload: { id: contactId, name: 'Sau khi chuyển' },
            },
          ],
        }),
      });
      expect(push.status).toBe(200);
      const next = await pullAll(after, accessToken, synced.cursor);
      expect(next.changes).toBe(1);
      expect(next.cursor).toBeGreaterThan(synced.cursor);
      expect(JSON.stringify(next.last)).toContain(contactId);
    } finally {
      await target.close();
    }
  }, 300_000);
});
