import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { startFromInitdbTemplate } from './pglite-initdb';
import { pgliteStartParams } from './pglite-start';
import { setDrizzleParsersOnce } from './pglite-parsers';
import { setFastBytea } from './pglite-bytea';

export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that runs queries: the database or a transaction inside it. */
export type Queryable = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Runs SQL text that may hold several statements (migrations, seeds, resets). */
  execScript(text: string): Promise<void>;
  /** Runs fn on one connection while holding a database-wide lock (migrations). */
  exclusive<T>(fn: (exec: ScriptRunner) => Promise<T>): Promise<T>;
  /**
   * Receives the NOTIFY payloads of a channel, sent after commit by any process. While the
   * connection is lost messages may be missed: `onListening(false)` says so, and listening
   * resumes by itself. Stops at `close()`.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<void>;
  close(): Promise<void>;
}

export interface NotificationHandlers {
  onMessage(payload: string): void;
  /** true once LISTEN is in place (again); false when messages may be missed from now. */
  onListening(listening: boolean): void;
}

/** Runs SQL text on one connection and returns the rows of its last statement. */
export type ScriptRunner = (text: string) => Promise<Record<string, unknown>[]>;

const migrationLockKey = 804212;

/** server/migrations, or MIGRATIONS_DIR (tests of a failing migration at start). */
export const migrationsDir = process.env.MIGRATIONS_DIR
  ? path.resolve(process.env.MIGRATIONS_DIR)
  : fileURLToPath(new URL('../migrations', import.meta.url));

export interface OpenOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  /** An in-memory PGlite database starts as a copy of this dump (tests skip initdb). */
  pgliteDump?: Blob | undefined;
  /** PostgreSQL closed an idle connection (restart, failover, admin); the pool replaces it. */
  onConnectionLost?: (error: Error) => void;
}

/** How long closing the PostgreSQL pool waits for its connections to say goodbye. */
const closeWaitMs = 5_000;

/** Whether `work` ended within `ms` (it keeps running either way). */
async function endsWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without a listener, an idle connection's error is an unhandled 'error' event that
    // ends the process. The pool has already dropped that connection; the next query opens
    // a new one.
    pool.on('error', (error) => options.onConnectionLost?.(error));
    // The same for a connection that is checked out but between queries (a transaction
    // awaiting its next statement): pg emits that error on the client, not on the pool.
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onConnectionLost?.(error));
    });
    // Fail fast with a clear error when the server is not there.
    const probe = await pool.connect();
    probe.release();
    // LISTEN needs a connection of its own, outside the pool, for as long as the process runs.
    const listeners = new Set<{ stop(): Promise<void> }>();
    const databaseUrl = options.databaseUrl;
    return {
      kind: 'postgres',
      db: drizzle(pool) as unknown as Database,
      async execScript(text) {
        await pool.query(text);
      },
      async exclusive(fn) {
        const conn = await pool.connect();
        try {
          await conn.query(`SELECT pg_advisory_lock(${migrationLockKey})`);
          return await fn(async (text) => {
            const result = (await conn.query(text)) as unknown;
            const last: unknown = Array.isArray(result) ? result.at(-1) : result;
            return (last as { rows?: Record<string, unknown>[] }).rows ?? [];
          });
        } finally {
          await conn.query(`SELECT pg_advisory_unlock(${migrationLockKey})`).catch(() => undefined);
          conn.release();
        }
      },
      async listen(channel, handlers) {
        let stopped = false;
        let current: InstanceType<typeof pg.Client> | undefined;
        let retry: NodeJS.Timeout | undefined;
        const connect = async (): Promise<void> => {
          const conn = new pg.Client({ connectionString: databaseUrl });
          conn.on('notification', (message) => {
            if (message.channel === channel) handlers.onMessage(message.payload ?? '');
          });
          // 'end' follows an error; without a listener an error would end the process.
          conn.on('error', (error) => options.onConnectionLost?.(error));
          conn.on('end', () => {
            if (current !== conn) return;
            current = undefined;
            handlers.onListening(false);
            if (!stopped) retry = setTimeout(reconnect, 1000);
          });
          try {
            await conn.connect();
            await conn.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
          } catch (error) {
            await conn.end().catch(() => undefined);
            throw error;
          }
          if (stopped) {
            await conn.end().catch(() => undefined);
            return;
          }
          current = conn;
          handlers.onListening(true);
        };
        const reconnect = () => {
          connect().catch((error: unknown) => {
            options.onConnectionLost?.(error as Error);
            if (!stopped) retry = setTimeout(reconnect, 1000);
          });
        };
        listeners.add({
          async stop() {
            stopped = true;
            clearTimeout(retry);
            const conn = current;
            current = undefined;
            await conn?.end().catch(() => undefined);
          },
        });
        await connect();
      },
      async close() {
        // pg waits for each connection's 'end'; a socket the server killed may never send it
        // (a pool closed right after pg_terminate_backend once never returned). Its sockets go
        // with the pool anyway: closing waits a bounded time, then goes on.
        const ended = await endsWithin(
          Promise.all([...listeners].map((listener) => listener.stop())).then(() => pool.end()),
          closeWaitMs,
        );
        if (!ended) options.onConnectionLost?.(new Error('database pool did not end in time'));
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (options.dataDir) await startFromInitdbTemplate(options.dataDir, await migrationFiles());
  const startParams = pgliteStartParams(PGlite);
  const client = options.dataDir
    ? new PGlite(options.dataDir, { startParams })
    : new PGlite({ loadDataDir: options.pgliteDump, startParams });
  await client.waitReady;
  setDrizzleParsersOnce(client);
  setFastBytea(client);
  return {
    kind: 'pglite',
    db: drizzle(client) as unknown as Database,
    async execScript(text) {
      await client.exec(text);
    },
    async exclusive(fn) {
      // PGlite has one connection in one process: nothing else can race.
      return fn(async (text) => {
        const results = await client.exec(text);
        return results[results.length - 1]?.rows ?? [];
      });
    },
    async listen(channel, handlers) {
      // One process owns a PGlite database, so a message can only be missed if LISTEN fails.
      await client.listen(channel, (payload) => handlers.onMessage(payload));
      handlers.onListening(true);
    },
    async close() {
      await client.close();
    },
  };
}

/** Rows of a raw query, whichever driver ran it. */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export async function migrationFiles(): Promise<string[]> {
  const names = await readdir(migrationsDir);
  return names.filter((n) => n.endsWith('.sql')).sort();
}

export interface MigrationState {
  applied: string[];
  pending: string[];
}

async function appliedMigrations(exec: ScriptRunner): Promise<string[]> {
  const rows = await exec(`SELECT to_regclass('schema_migrations') IS NOT NULL AS present`);
  if (!rows[0]?.present) return [];
  const applied = await exec('SELECT name FROM schema_migrations ORDER BY name');
  return applied.map((r) => String(r.name));
}

/** What is applied and what is not; reads without the migration lock (health checks). */
export async function migrationState(handle: DatabaseHandle): Promise<MigrationState> {
  const files = await migrationFiles();
  const applied = await appliedMigrations(async (text) => queryRows(handle.db, sql.raw(text)));
  return { applied, pending: files.filter((f) => !applied.includes(f)) };
}

/**
 * Applies the SQL files of server/migrations in name order, each once and each in its own
 * transaction, under a lock so that several servers starting together do not race.
 */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  return handle.exclusive(applyMigrations);
}

/** The migrations on a connection that already holds the lock (`exclusive`). */
export async function applyMigrations(exec: ScriptRunner): Promise<string[]> {
  const files = await migrationFiles();
  await exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
     name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied = await appliedMigrations(exec);
  const ran: string[] = [];
  for (const name of files.filter((f) => !applied.includes(f))) {
    const text = await readFile(path.join(migrationsDir, name), 'utf8');
    const escaped = name.replaceAll("'", "''");
    try {
      await exec(
        `BEGIN;\n${text}\n;INSERT INTO schema_migrations (name) VALUES ('${escaped}');\nCOMMIT;`,
      );
    } catch (error) {
      await exec('ROLLBACK').catch(() => []);
      throw new Error(`migration ${name} failed: ${(error as Error).message}`, { cause: error });
    }
    ran.push(name);
  }
  return ran;
}
