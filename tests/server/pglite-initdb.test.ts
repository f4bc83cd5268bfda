// The build's PGlite cluster (server/db/pglite-initdb.ts, decision 1087): a new data folder
// starts from it with the build's migrations already applied, a migration added since the
// build still runs, and a cluster holding a migration the files no longer have is not used.
// Needs the build (`npm run build`, which CI runs before the tests).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, migrationFiles, openDatabase, queryRows } from '../../server/db/client';
import { initdbDumpFile, initdbDumpFor } from '../../server/db/pglite-initdb';

const folders: string[] = [];
async function newFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'mecards-initdb-'));
  folders.push(folder);
  return folder;
}

afterEach(async () => {
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

describe.runIf(existsSync(initdbDumpFile))("the build's PGlite cluster", () => {
  it('gives a new data folder every migration of the build: the first start runs none', async () => {
    const database = await openDatabase({ dataDir: await newFolder() });
    try {
      const ran = await database.exclusive(applyMigrations);
      expect(ran).toEqual([]);
      const [applied] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM schema_migrations`,
      );
      expect(applied?.n).toBe((await migrationFiles()).length);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('is used beside a migration added since the build, and not when it holds one the files lack', async () => {
    const files = await migrationFiles();
    const folder = await newFolder();
    expect(
      await initdbDumpFor(folder, [...files, '9999_added_since_the_build.sql']),
    ).toBeInstanceOf(Blob);
    expect(await initdbDumpFor(folder, files.slice(0, -1))).toBeUndefined();
  });
});
