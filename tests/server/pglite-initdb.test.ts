// The build's PGlite cluster (server/db/pglite-initdb.ts, decision 1087): a new data folder
// starts from it with the build's migrations already applied, a migration added since the
// build still runs, and a cluster holding a migration the files no longer have is not used.
// Needs the build (`npm run build`, which CI runs before the tests).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, migrationFiles, openDatabase, queryRows } from '../../server/db/client';
import { initdbTemplateDir, startFromInitdbTemplate } from '../../server/db/pglite-initdb';

const folders: string[] = [];
async function newFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'mecards-initdb-'));
  folders.push(folder);
  return folder;
}

afterEach(async () => {
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

describe.runIf(existsSync(path.join(initdbTemplateDir, 'PG_VERSION')))(
  "the build's PGlite cluster",
  () => {
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
      const lacking = await newFolder();
      expect(await startFromInitdbTemplate(lacking, files.slice(0, -1))).toBe(false);
      expect(existsSync(path.join(lacking, 'PG_VERSION'))).toBe(false);
      const beside = await newFolder();
      expect(
        await startFromInitdbTemplate(beside, [...files, '9999_added_since_the_build.sql']),
      ).toBe(true);
      expect(existsSync(path.join(beside, 'PG_VERSION'))).toBe(true);
      // A folder that holds a cluster is never written over.
      expect(await startFromInitdbTemplate(beside, files)).toBe(false);
    });

    it('makes again a copy that was cut short (no cluster mark yet)', async () => {
      const folder = await newFolder();
      await mkdir(path.join(folder, 'base'));
      await writeFile(path.join(folder, 'base', 'half-written'), 'x');
      const database = await openDatabase({ dataDir: folder });
      try {
        expect(await database.exclusive(applyMigrations)).toEqual([]);
      } finally {
        await database.close();
      }
    }, 60_000);
  },
);
