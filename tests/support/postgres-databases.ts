// PostgreSQL for tests and benches that run real server processes: a new database on the
// server named by an admin URL (TEST_DATABASE_URL), or a throw-away server of our own
// (scripts/start-test-postgres.sh) for a bench on a machine where none is given.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';

const root = path.resolve(import.meta.dirname, '../..');

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A database named `<prefix>_<random>` on the server of `adminUrl`: empty, or a copy of
 * `template` (the test run's migrated and seeded one, tests/support/database-snapshots.ts).
 */
export async function createDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<TestDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const admin = await openDatabase({ databaseUrl: adminUrl });
  try {
    await admin.execScript(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.close();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = await openDatabase({ databaseUrl: adminUrl });
      try {
        await again.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.close();
      }
    },
  };
}

export interface OwnPostgres {
  adminUrl: string;
  stop(): void;
}

function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(base, newest, 'bin') : undefined;
}

/**
 * TEST_DATABASE_URL's server when set; else a throw-away PostgreSQL started here (Debian's
 * binaries, run as the postgres user, so only as root), stopped and removed by `stop` and
 * at this process's exit. Undefined, with the reason, when neither is possible.
 */
export async function postgresForBench(): Promise<OwnPostgres | { skipped: string }> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { adminUrl: given, stop: () => undefined };
  const bin = postgresBin();
  if (!bin) return { skipped: 'no PostgreSQL (apt-get install -y postgresql)' };
  if (process.getuid?.() !== 0) {
    return { skipped: 'no TEST_DATABASE_URL, and starting a PostgreSQL here needs root' };
  }
  const dirFile = path.join(await mkdtemp(path.join(tmpdir(), 'mecards-bench-pg-')), 'dir');
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    const dir = existsSync(dirFile) ? readFileSync(dirFile, 'utf8').trim() : '';
    if (dir) {
      try {
        execFileSync(
          'runuser',
          [
            '-u',
            'postgres',
            '--',
            path.join(bin, 'pg_ctl'),
            '-D',
            `${dir}/data`,
            '-m',
            'fast',
            'stop',
          ],
          { stdio: 'ignore' },
        );
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    }
    rmSync(path.dirname(dirFile), { recursive: true, force: true });
  };
  process.on('exit', stop);
  try {
    const adminUrl = execFileSync('bash', ['scripts/start-test-postgres.sh'], {
      cwd: root,
      env: { ...process.env, PG_TEST_DIR_FILE: dirFile },
      encoding: 'utf8',
    }).trim();
    return { adminUrl, stop };
  } catch (error) {
    stop();
    return { skipped: `could not start PostgreSQL: ${(error as Error).message}` };
  }
}
