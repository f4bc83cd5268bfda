// Two processes started at the same moment on one empty PostgreSQL database (decision 1080):
// the migrations and the demo data are applied once, under the database lock, and both serve.
// Needs TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationFiles, openDatabase, queryRows } from '../../server/db/client';
import { startGroup, type ProcessGroup } from '../support/process-group';

const adminUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const groups: ProcessGroup[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function ready(url: string, group: ProcessGroup): Promise<void> {
  let exited = false;
  void group.exited.then(() => (exited = true));
  for (;;) {
    if (exited) throw new Error(`server exited: ${group.stderr()}`);
    const res = await fetch(`${url}/api/ready`).catch(() => undefined);
    if (res?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(adminUrl)('two processes starting together on one PostgreSQL', () => {
  const name = `mecards_double_${randomUUID().replaceAll('-', '')}`;

  afterAll(async () => {
    await Promise.all(groups.map((group) => group.stop()));
    const admin = await openDatabase({ databaseUrl: adminUrl });
    await admin.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }, 60_000);

  it('migrates and seeds once, and both serve', async () => {
    const admin = await openDatabase({ databaseUrl: adminUrl });
    await admin.execScript(`CREATE DATABASE ${name}`);
    await admin.close();
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${name}`;
    const ports = [await freePort(), await freePort()];
    const base = { ...process.env };
    for (const key of ['TEST_DATABASE_URL', 'MIGRATIONS_DIR', 'DATA_DIR']) delete base[key];
    for (const port of ports) {
      groups.push(
        startGroup(tsx, ['server/main.ts'], {
          cwd: root,
          env: {
            ...base,
            DATABASE_URL: url.toString(),
            AUTH_SECRET: 'double-start-secret-double-start-secret',
            PUSH_DISABLED: 'true',
            PORT: String(port),
            HOST: '127.0.0.1',
            SEED_DEMO: 'true',
            LOG_LEVEL: 'info',
            CLIENT_DIR: '/nonexistent',
            MAIL_TRANSPORT: 'outbox',
          },
        }),
      );
    }
    await Promise.all(
      ports.map((port, i) => ready(`http://127.0.0.1:${port}`, groups[i] as ProcessGroup)),
    );

    const said = (msg: string) =>
      groups.filter((group) => group.stdout().includes(`"msg":"${msg}"`)).length;
    expect(said('migrated')).toBe(1);
    expect(said('demo data loaded')).toBe(1);

    const db = await openDatabase({ databaseUrl: url.toString() });
    try {
      const [applied] = await queryRows<{ n: number }>(
        db.db,
        sql`SELECT count(*)::int AS n FROM schema_migrations`,
      );
      expect(applied?.n).toBe((await migrationFiles()).length);
      const [demo] = await queryRows<{ n: number }>(
        db.db,
        sql`SELECT count(*)::int AS n FROM members WHERE email = 'demo@mecards.vn'`,
      );
      expect(demo?.n).toBe(1);
    } finally {
      await db.close();
    }
    for (const port of ports) {
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@mecards.vn', password: 'demo12345' }),
      });
      expect(login.status).toBe(200);
    }
  }, 240_000);
});
