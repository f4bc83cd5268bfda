// Backups that restore (decision 1084): the demo data backed up, restored into an empty
// database, serves the same card and the same synced rows (messages, points ledger, contacts)
// to the same session; a restore into a database that is not empty is refused. The embedded
// database always; PostgreSQL (pg_dump / pg_restore) with TEST_DATABASE_URL, as in CI.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import {
  backupEmbedded,
  backupPostgres,
  restoreEmbedded,
  restorePostgres,
} from '../../server/backup/db-backup';
import { migrate, openDatabase, queryRows, type DatabaseHandle } from '../../server/db/client';
import { createLogger } from '../../server/http/logger';
import { seedDemoData } from '../../server/seed/demo';
import { removeDir } from '../support/process-group';
import { testConfig } from './test-server';
import type { PullChange, PullResponse } from '../../contract/sync';

const adminUrl = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const databases: string[] = [];

afterAll(async () => {
  if (adminUrl && databases.length > 0) {
    const admin = await openDatabase({ databaseUrl: adminUrl });
    for (const name of databases) {
      await admin.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    await admin.close();
  }
  await Promise.all(dirs.map(removeDir));
}, 60_000);

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

interface Served {
  token: string;
  card: unknown;
  changes: PullChange[];
}

/** What the demo member is served: the card by its link, and every row a first sync pulls. */
async function served(database: DatabaseHandle, token?: string): Promise<Served> {
  const app = createApp({
    config: testConfig,
    database,
    logger: createLogger('silent'),
    now: () => new Date(),
  });
  if (!token) {
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@mecards.vn', password: 'demo12345' }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { accessToken: string }).accessToken;
    // A message, so the backup carries the inbox too.
    const [to] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM members WHERE url_minify = 'binh-tran'`,
    );
    const push = await app.request('/api/sync/push', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        mutations: [
          {
            id: randomUUID(),
            name: 'message.send',
            payload: {
              id: randomUUID(),
              groupMessageId: randomUUID(),
              to: [to?.id],
              body: 'Sao lưu',
            },
          },
        ],
      }),
    });
    expect(await push.json()).toMatchObject({ results: [{ status: 'applied' }] });
  }
  const card = await app.request('/api/members/getInfoMemberAndGroupByLink/demo');
  expect(card.status).toBe(200);
  const changes: PullChange[] = [];
  for (let cursor = 0; ;) {
    const res = await app.request(`/api/sync/pull?cursor=${cursor}&limit=1000`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as PullResponse;
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return { token, card: await card.json(), changes };
}

function expectSameService(before: Served, after: Served) {
  expect(after.card).toEqual(before.card);
  expect(after.changes).toEqual(before.changes);
  const entities = new Set(before.changes.map((change) => change.entity));
  for (const entity of ['messages', 'contacts', 'pointEntries']) {
    expect(entities, `the demo data has ${entity}`).toContain(entity);
  }
}

describe('db:backup and db:restore, embedded database', () => {
  it('restores into a new data folder that serves the same; refuses a folder in use', async () => {
    const dataDir = await tempDir('mecards-backup-source-');
    await writeFile(path.join(dataDir, 'auth-secret'), 'kept-with-the-backup');
    const source = await openDatabase({ dataDir });
    await migrate(source);
    await seedDemoData(source.db);
    const before = await served(source);
    await source.close();

    const backup = path.join(await tempDir('mecards-backup-'), 'backup');
    const report = await backupEmbedded(dataDir, backup);
    expect(report.files).toEqual(['auth-secret', 'database.tar.gz']);

    const restoredDir = path.join(await tempDir('mecards-backup-restored-'), 'data');
    await restoreEmbedded(backup, restoredDir);
    expect(await readFile(path.join(restoredDir, 'auth-secret'), 'utf8')).toBe(
      'kept-with-the-backup',
    );
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      // The session made before the backup still works: it was in the database.
      expectSameService(before, await served(restored, before.token));
    } finally {
      await restored.close();
    }
    await expect(restoreEmbedded(backup, restoredDir)).rejects.toThrow(/not empty/);
    await expect(backupEmbedded(dataDir, backup)).rejects.toThrow(/not empty/);
  }, 180_000);
});

describe.runIf(adminUrl)('db:backup and db:restore, PostgreSQL', () => {
  it('pg_dump, then pg_restore into an empty database that serves the same', async () => {
    const admin = await openDatabase({ databaseUrl: adminUrl });
    const [source, target] = [randomUUID(), randomUUID()].map(
      (id) => `mecards_backup_${id.replaceAll('-', '')}`,
    );
    databases.push(source!, target!);
    await admin.execScript(`CREATE DATABASE ${source}`);
    await admin.execScript(`CREATE DATABASE ${target}`);
    await admin.close();
    const urlOf = (name: string) => {
      const url = new URL(adminUrl ?? '');
      url.pathname = `/${name}`;
      return url.toString();
    };

    const from = await openDatabase({ databaseUrl: urlOf(source!) });
    await migrate(from);
    await seedDemoData(from.db);
    const before = await served(from);
    await from.close();

    const backup = path.join(await tempDir('mecards-pg-backup-'), 'backup');
    const report = await backupPostgres(urlOf(source!), backup);
    expect(report.files).toEqual(['database.pgdump']);
    expect(existsSync(path.join(backup, 'database.pgdump'))).toBe(true);

    await restorePostgres(backup, urlOf(target!));
    const to = await openDatabase({ databaseUrl: urlOf(target!) });
    try {
      expectSameService(before, await served(to, before.token));
    } finally {
      await to.close();
    }
    await expect(restorePostgres(backup, urlOf(target!))).rejects.toThrow(/not empty/);
  }, 180_000);
});
