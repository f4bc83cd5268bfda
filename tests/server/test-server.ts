// Builds the real app in-process on a fresh database: PGlite in memory, or a new database on
// the PostgreSQL server named by TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Hono } from 'hono';
import { createApp } from '../../server/app';
import type { AppEnv } from '../../server/http/env';
import type { Config } from '../../server/config';
import { migrate, openDatabase, type DatabaseHandle } from '../../server/db/client';
import { createLogger } from '../../server/http/logger';
import { seedDemoData } from '../../server/seed/demo';
import { signAccessToken } from '../../server/auth/access-token';
import { startSession } from '../../server/auth/sessions';
import { stopEncoderProcess } from '../../server/images/encoder-process';

export interface TestServer {
  /** The app itself (its route list, for tests/server/rest-routes.test.ts). */
  app: Hono<AppEnv>;
  database: DatabaseHandle;
  config: Config;
  /** Moves the server's clock; starts at the real time. */
  clock: { now: Date };
  request(
    path: string,
    init?: RequestInit & { token?: string; json?: unknown; form?: Record<string, string> },
  ): Promise<Response>;
  /** An access token under a new live session of the member, or under `sessionId` as given. */
  tokenFor(memberId: string, sessionId?: string): Promise<string>;
  /**
   * Starts the app again on the same database, as a new server process would: whatever the
   * old one held in memory is gone, the database is as it was.
   */
  restart(): void;
  close(): Promise<void>;
}

export const testConfig: Config = {
  port: 0,
  host: '127.0.0.1',
  dataDir: '',
  databaseUrl: undefined,
  clientDir: '/nonexistent',
  publicOrigin: 'http://cards.test',
  authSecret: 'test-secret-test-secret-test-secret',
  secureCookies: true,
  logLevel: 'silent',
  bodyLimitBytes: 64 * 1024,
  seedDemo: false,
  trustProxy: false,
};

const pgliteDumps = new Map<string, Promise<Blob>>();

/** The run's migrated (and seeded) copy, made once by tests/support/database-snapshots.ts. */
function pgliteDump(file: string): Promise<Blob> {
  let dump = pgliteDumps.get(file);
  if (!dump) {
    dump = readFile(file).then((bytes) => new Blob([bytes]));
    pgliteDumps.set(file, dump);
  }
  return dump;
}

async function freshDatabase(
  demo: boolean,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  // Vitest's global setup hands over migrated snapshots; a bench under plain tsx has none (and
  // importing vitest outside its runner throws), so it migrates its own database.
  const snapshots = process.env.VITEST
    ? (await import('vitest')).inject('databaseSnapshots')
    : { pglite: undefined, postgres: undefined };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const file = snapshots.pglite?.[demo ? 'demo' : 'empty'];
    const handle = await openDatabase({ pgliteDump: file ? await pgliteDump(file) : undefined });
    return { handle, drop: () => Promise.resolve() };
  }
  const name = `mecards_test_${randomUUID().replaceAll('-', '')}`;
  const admin = await openDatabase({ databaseUrl: adminUrl });
  const template = snapshots.postgres?.[demo ? 'demo' : 'empty'];
  await admin.execScript(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
    drop: async () => {
      await admin.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

export async function createTestServer(
  options: { demo?: boolean; config?: Partial<Config> } = {},
): Promise<TestServer> {
  const { handle, drop } = await freshDatabase(options.demo ?? false);
  // Cheap on the run's copy (already migrated and seeded); they keep the start path whole.
  await migrate(handle);
  if (options.demo) await seedDemoData(handle.db);
  const config = { ...testConfig, ...options.config };
  const clock = { now: new Date() };
  const startApp = () =>
    createApp({
      config,
      database: handle,
      logger: createLogger('silent'),
      now: () => clock.now,
    });
  let app = startApp();
  let closed = false;
  const server: TestServer = {
    app,
    database: handle,
    config,
    clock,
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      } else if (init.form) {
        headers.set('content-type', 'application/x-www-form-urlencoded');
        body = new URLSearchParams(init.form).toString();
      }
      return app.request(path, { ...init, headers, body: body ?? null });
    },
    async tokenFor(memberId, sessionId) {
      // The server checks the token's session on each request (decision 0107).
      const sid = sessionId ?? (await startSession(handle.db, memberId, clock.now)).sessionId;
      return signAccessToken(config.authSecret, { memberId, sessionId: sid }, clock.now.getTime());
    },
    restart() {
      app = startApp();
      server.app = app;
    },
    async close() {
      if (closed) return;
      closed = true;
      await handle.close();
      await drop();
      // As the server's own close: no picture encoder outlives the file's tests.
      await stopEncoderProcess();
    },
  };
  return server;
}

/** A test server closed when the file's tests end. */
export async function startTestServer(
  options?: Parameters<typeof createTestServer>[0],
): Promise<TestServer> {
  const server = await createTestServer(options);
  (await import('vitest')).afterAll(() => server.close());
  return server;
}
