// The real entry point as a child process: start-up failures and clean shutdown. Each test
// starts a server from scratch, which takes many seconds on a busy machine: hence the timeouts.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationFiles, migrationState, openDatabase, queryRows } from '../../server/db/client';
import { sql } from 'drizzle-orm';
import { startGroup, type ProcessGroup } from '../support/process-group';
import { createTestServer } from './test-server';
import { freePort } from '../support/free-port';

const root = path.resolve(import.meta.dirname, '../..');
// tsx itself rather than `npx tsx`: npx may print its own warnings on stderr.
const tsx = path.join(root, 'node_modules/.bin/tsx');

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

const children: ProcessGroup[] = [];
const temps: string[] = [];

afterEach(async () => {
  // Every process a test started has exited before its data folder goes.
  await Promise.all(children.splice(0).map((child) => child.stop()));
  for (const dir of temps.splice(0)) {
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

function start(env: Record<string, string>): Started {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'MIGRATIONS_DIR', 'PORT', 'DATA_DIR'])
    delete base[name];
  // The run's compiled server (tests/support/server-build-setup.ts) when there is one.
  const build = process.env.TEST_SERVER_BUILD;
  delete base.TEST_SERVER_BUILD;
  if (build) delete base.NODE_OPTIONS;
  // Own process group, so a stuck child is stopped with everything it started.
  const group = startGroup(build ? process.execPath : tsx, build ? [build] : ['server/main.ts'], {
    cwd: root,
    env: { ...base, LOG_LEVEL: 'warn', CLIENT_DIR: '/nonexistent', ...env },
  });
  children.push(group);
  return { child: group.process, stdout: group.stdout, stderr: group.stderr, exited: group.exited };
}

/** Resolves when /api/health answers 200, rejects when the process exits first. */
async function healthy(url: string, started: Started): Promise<void> {
  let exited = false;
  void started.exited.then(() => (exited = true));
  for (;;) {
    if (exited) throw new Error(`server exited: ${started.stderr()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const oneLine = (text: string) => text.trim().split('\n');

describe('start-up failures', () => {
  it('exits non-zero with one clear line when PostgreSQL is unreachable', async () => {
    const port = await freePort(); // nothing listens there
    const started = start({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/mecards`,
      AUTH_SECRET: 'x'.repeat(32),
    });
    expect(await started.exited).not.toBe(0);
    const lines = oneLine(started.stderr());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^m\.e Cards: could not start with PostgreSQL \(DATABASE_URL\): /);
    expect(lines[0]).toMatch(/ECONNREFUSED|connect/);
  }, 120_000);

  it('exits non-zero with one clear line when a migration fails', async () => {
    const migrations = await tempDir('mecards-migrations-');
    await cp(path.join(root, 'server/migrations'), migrations, { recursive: true });
    await writeFile(
      path.join(migrations, '9999_broken.sql'),
      'CREATE TABLE broken_example (id uuid PRIMARY KEY);\nALTER TABLE no_such_table ADD COLUMN x int;\n',
    );
    const dataDir = await tempDir('mecards-data-');
    const started = start({ DATA_DIR: dataDir, MIGRATIONS_DIR: migrations, PORT: '0' });
    expect(await started.exited).not.toBe(0);
    const lines = oneLine(started.stderr());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^m\.e Cards: could not start with PGlite in .+: migration 9999_broken\.sql failed: .*no_such_table/,
    );

    // The good migrations stay applied; the broken one left nothing behind.
    const db = await openDatabase({ dataDir });
    try {
      const state = await migrationState(db);
      const real = await migrationFiles();
      expect(state.applied).toEqual(real.filter((name) => name !== '9999_broken.sql'));
      const rows = await queryRows<{ present: boolean }>(
        db.db,
        sql`SELECT to_regclass('broken_example') IS NOT NULL AS present`,
      );
      expect(rows[0]?.present).toBe(false);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('exits non-zero with one clear line when the port is taken', async () => {
    const dataDir = await tempDir('mecards-data-');
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const address = blocker.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const started = start({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
      expect(await started.exited).not.toBe(0);
      const lines = oneLine(started.stderr());
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE`),
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 120_000);
});

describe('shutdown', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`exits 0 on ${signal} and leaves a database that opens again`, async () => {
      const dataDir = await tempDir('mecards-data-');
      const port = await freePort();
      const started = start({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
      const url = `http://127.0.0.1:${port}`;
      await healthy(url, started);
      // A kept-alive connection must not hold the shutdown up.
      const res = await fetch(`${url}/api/getUnit`, { headers: { connection: 'keep-alive' } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();

      started.child.kill(signal);
      expect(await started.exited).toBe(0);
      expect(started.stderr().trim()).toBe('');

      const db = await openDatabase({ dataDir });
      try {
        expect((await migrationState(db)).pending).toEqual([]);
        const rows = await queryRows<{ n: number }>(
          db.db,
          sql`SELECT count(*)::int AS n FROM members WHERE email = 'demo@mecards.vn'`,
        );
        expect(rows[0]?.n).toBe(1);
      } finally {
        await db.close();
      }
    }, 120_000);
  }
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)('on PostgreSQL (TEST_DATABASE_URL)', () => {
  it('exits 0 on SIGTERM with the pool closed, and reports a failing migration in one line', async () => {
    const name = `mecards_start_${randomUUID().replaceAll('-', '')}`;
    const admin = await openDatabase({ databaseUrl: adminUrl });
    await admin.execScript(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), AUTH_SECRET: 'x'.repeat(32) };
    try {
      const port = await freePort();
      const started = start({ ...env, PORT: String(port) });
      await healthy(`http://127.0.0.1:${port}`, started);
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
      expect(started.stderr().trim()).toBe('');

      const migrations = await tempDir('mecards-migrations-');
      await cp(path.join(root, 'server/migrations'), migrations, { recursive: true });
      await writeFile(path.join(migrations, '9999_broken.sql'), 'SELECT no_such_function();\n');
      const broken = start({ ...env, MIGRATIONS_DIR: migrations, PORT: '0' });
      expect(await broken.exited).not.toBe(0);
      const lines = oneLine(broken.stderr());
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^m\.e Cards: could not start with PostgreSQL \(DATABASE_URL\): migration 9999_broken\.sql failed: .*no_such_function/,
      );
    } finally {
      await admin.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  }, 120_000);
});

/** Names the step that did not end: a hang here once spent the whole test's time unnamed. */
async function step<T>(label: string, work: Promise<T>, ms = 30_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: not done after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe.runIf(adminUrl)('PostgreSQL connections dropped at run time', () => {
  it('keeps serving: an idle connection killed by the server does not crash the process', async () => {
    const server = await step('starting the test server', createTestServer());
    const admin = await step(
      'opening the admin connection',
      openDatabase({ databaseUrl: adminUrl }),
    );
    try {
      expect((await step('health before', server.request('/api/health'))).status).toBe(200);
      const [{ name } = { name: '' }] = await queryRows<{ name: string }>(
        server.database.db,
        sql`SELECT current_database() AS name`,
      );
      // What a PostgreSQL restart or failover does to the pool's idle connections.
      await step(
        'terminating the connections',
        queryRows(
          admin.db,
          sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE datname = ${name} AND pid <> pg_backend_pid()`,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await step('health after', server.request('/api/health'))).status).toBe(200);
    } finally {
      await step('closing the admin connection', admin.close());
      await step('closing the test server', server.close());
    }
  }, 120_000);
});

describe('health', () => {
  it('is alive, and ready with the database kind until a migration is pending', async () => {
    const server = await createTestServer();
    try {
      const alive = await server.request('/api/health');
      expect(alive.status).toBe(200);
      expect(await alive.json()).toMatchObject({ status: 'ok' });
      const ok = await server.request('/api/ready');
      expect(ok.status).toBe(200);
      expect(ok.headers.get('cache-control')).toBe('no-store');
      const files = await migrationFiles();
      expect(await ok.json()).toMatchObject({
        status: 'ok',
        database: {
          kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
          reachable: true,
        },
        migrations: { applied: files.length, pending: [], latest: files.at(-1) },
      });

      const last = files.at(-1) ?? '';
      await server.database.execScript(`DELETE FROM schema_migrations WHERE name = '${last}'`);
      const pending = await server.request('/api/ready');
      expect(pending.status).toBe(503);
      expect(await pending.json()).toMatchObject({
        status: 'degraded',
        migrations: { pending: [last] },
      });
      // Not ready is not dead: the supervisor leaves it running.
      expect((await server.request('/api/health')).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 120_000);
});
