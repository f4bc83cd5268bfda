// Two processes started at the same moment on one empty PostgreSQL database (decision 1080):
// the migrations and the demo data are applied once, under the database lock, and both serve.
// Needs TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationFiles, openDatabase, queryRows } from '../../server/db/client';
import { freePort } from '../support/free-port';
import { startServerProcess, waitUntilReady, type ServerProcess } from '../support/server-process';

const adminUrl = process.env.TEST_DATABASE_URL;
const servers: ServerProcess[] = [];

describe.runIf(adminUrl)('two processes starting together on one PostgreSQL', () => {
  const name = `mecards_double_${randomUUID().replaceAll('-', '')}`;

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.group.stop()));
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
    for (const port of ports) {
      servers.push(
        startServerProcess({
          port,
          env: {
            DATABASE_URL: url.toString(),
            AUTH_SECRET: 'double-start-secret-double-start-secret',
            PUSH_DISABLED: 'true',
            SEED_DEMO: 'true',
            LOG_LEVEL: 'info',
          },
        }),
      );
    }
    await Promise.all(servers.map((server) => waitUntilReady(server)));

    const said = (msg: string) =>
      servers.filter((server) => server.group.stdout().includes(`"msg":"${msg}"`)).length;
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
