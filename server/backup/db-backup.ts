// Backups that restore (decision 1084). A backup is a folder:
// - embedded database: `database.tar.gz`, PGlite's own dump of its data folder, plus the data
//   folder's `auth-secret` and `vapid-keys.json`, without which restored sessions and push
//   subscriptions would stop working;
// - PostgreSQL: `database.pgdump`, pg_dump's custom format (the secrets are the fleet's
//   configuration, not in the database).
// A restore refuses a target that already holds our tables, like db:move.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client';
import { pgliteStartParams } from '../db/pglite-start';

const run = promisify(execFile);
const embeddedDump = 'database.tar.gz';
const postgresDump = 'database.pgdump';
/** Files of the data folder a restored embedded database needs beside its tables. */
const dataFolderSecrets = ['auth-secret', 'vapid-keys.json'] as const;

export class RestoreRefused extends Error {}

export interface BackupReport {
  kind: 'embedded' | 'postgres';
  files: string[];
  bytes: number;
  ms: number;
}

/** pg_dump and pg_restore from PATH, else the newest PostgreSQL installed by Debian. */
function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(path.join(debian, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], 'bin', name);
  }
  return name;
}

async function emptyFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  if ((await readdir(folder)).length > 0) {
    throw new RestoreRefused(`${folder} is not empty: a backup goes into a new folder`);
  }
}

async function report(
  kind: BackupReport['kind'],
  out: string,
  started: number,
): Promise<BackupReport> {
  const files = (await readdir(out)).sort();
  let bytes = 0;
  for (const file of files) bytes += (await stat(path.join(out, file))).size;
  return { kind, files, bytes, ms: Math.round(performance.now() - started) };
}

/** The embedded database of `dataDir` (the server stopped) into the empty folder `out`. */
export async function backupEmbedded(dataDir: string, out: string): Promise<BackupReport> {
  const started = performance.now();
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new Error(`${dataDir} holds no embedded database`);
  }
  await emptyFolder(out);
  const client = new PGlite(dataDir, { startParams: pgliteStartParams(PGlite) });
  await client.waitReady;
  try {
    // Compressed here: PGlite's own 'gzip' option never settles on Node.
    const dump = await client.dumpDataDir('none');
    await writeFile(path.join(out, embeddedDump), gzipSync(Buffer.from(await dump.arrayBuffer())));
  } finally {
    await client.close();
  }
  for (const secret of dataFolderSecrets) {
    const file = path.join(dataDir, secret);
    if (existsSync(file)) await copyFile(file, path.join(out, secret));
  }
  return report('embedded', out, started);
}

/** A backup folder into a new data folder `dataDir` (absent or empty). */
export async function restoreEmbedded(backup: string, dataDir: string): Promise<void> {
  const dump = path.join(backup, embeddedDump);
  if (!existsSync(dump)) throw new RestoreRefused(`${backup} has no ${embeddedDump}`);
  await mkdir(dataDir, { recursive: true });
  if ((await readdir(dataDir)).length > 0) {
    throw new RestoreRefused(`${dataDir} is not empty: restore into a new data folder`);
  }
  const client = new PGlite(dataDir, {
    startParams: pgliteStartParams(PGlite),
    loadDataDir: new Blob([gunzipSync(await readFile(dump))], { type: 'application/x-tar' }),
  });
  await client.waitReady;
  await client.close();
  for (const secret of dataFolderSecrets) {
    const file = path.join(backup, secret);
    if (existsSync(file)) await copyFile(file, path.join(dataDir, secret));
  }
}

/** The PostgreSQL database at `databaseUrl` into the empty folder `out`. */
export async function backupPostgres(databaseUrl: string, out: string): Promise<BackupReport> {
  const started = performance.now();
  await emptyFolder(out);
  await run(postgresTool('pg_dump'), [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${path.join(out, postgresDump)}`,
    `--dbname=${databaseUrl}`,
  ]);
  return report('postgres', out, started);
}

/** A backup folder into the empty PostgreSQL database at `databaseUrl`. */
export async function restorePostgres(backup: string, databaseUrl: string): Promise<void> {
  const dump = path.join(backup, postgresDump);
  if (!existsSync(dump)) throw new RestoreRefused(`${backup} has no ${postgresDump}`);
  const target = await openDatabase({ databaseUrl });
  try {
    const rows = await target.exclusive((exec) =>
      exec(`SELECT to_regclass('schema_migrations') IS NOT NULL AS present`),
    );
    if (rows[0]?.present) {
      throw new RestoreRefused('the target database is not empty: restore into a new database');
    }
  } finally {
    await target.close();
  }
  await run(postgresTool('pg_restore'), [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    dump,
  ]);
}
