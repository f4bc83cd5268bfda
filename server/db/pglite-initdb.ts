// A PGlite cluster made once at build time (`npm run build`) with the migrations of that build
// applied, so a new data folder starts from it instead of running initdb and every migration:
// initdb is seconds of WebAssembly, the migrations most of two more (issue 25 item 6; decisions
// 1086, 1087). A migration added since the build still runs at start (the cluster records which
// it holds), so the file never goes wrong with the schema; the demo data is never in it.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** dist/server/, from the source file and from the compiled bundle alike (decision 1082). */
const buildDir = fileURLToPath(new URL('../../dist/server/', import.meta.url));
/**
 * The cluster as a ready data folder. A first start copies it (a tenth of a second) instead of
 * unpacking a dump through PGlite's file system (two seconds: a file call per file and block).
 */
export const initdbTemplateDir = path.join(buildDir, 'pglite-initdb');
const versionFile = path.join(buildDir, 'pglite-initdb.json');
/** Written last in a data folder: PostgreSQL's own mark that a cluster is there. */
const clusterMark = 'PG_VERSION';

/** The installed PGlite's version: a cluster from another version may not open. */
async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/**
 * How the cluster is laid out; a build with another layout makes it again. 2: only the app's
 * database, template0 and template1 dropped (the app never creates a database, and they were
 * 600 of the 1,300 files a first start copies).
 */
const clusterLayout = 2;

/** What the build's cluster was made with. */
interface DumpFacts {
  pglite?: string;
  /** The migrations applied in it, by file name. */
  migrations?: string[];
  layout?: number;
}

/** Drops the template databases of a cluster no one will create a database in. */
async function dropTemplateDatabases(client: PGlite): Promise<void> {
  await client.query(
    `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
  );
  // One statement each: DROP DATABASE refuses to run inside a transaction block.
  await client.query('DROP DATABASE template0');
  await client.query('DROP DATABASE template1');
}

/**
 * Writes the cluster of a fresh in-memory PGlite on which `migrations` were applied as a data
 * folder (the build calls this): unpacked once here, closed cleanly, copied at each first start.
 */
export async function writeInitdbTemplate(client: PGlite, migrations: string[]): Promise<void> {
  await dropTemplateDatabases(client);
  const dump = await client.dumpDataDir('gzip');
  await rm(initdbTemplateDir, { recursive: true, force: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const folder = new PGlite(initdbTemplateDir, { loadDataDir: dump });
  await folder.waitReady;
  await folder.close();
  const facts: DumpFacts = { pglite: await pgliteVersion(), migrations, layout: clusterLayout };
  await writeFile(versionFile, JSON.stringify(facts));
}

async function dumpFacts(): Promise<DumpFacts | undefined> {
  try {
    const facts = JSON.parse(await readFile(versionFile, 'utf8')) as DumpFacts;
    return facts.pglite === (await pgliteVersion()) ? facts : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the build's cluster is the one these migration files would make (the build asks). */
export async function initdbTemplateIsCurrent(migrations: string[]): Promise<boolean> {
  const facts = await dumpFacts();
  return (
    existsSync(path.join(initdbTemplateDir, clusterMark)) &&
    facts?.migrations !== undefined &&
    facts.layout === clusterLayout &&
    facts.migrations.join('\n') === migrations.join('\n')
  );
}

/** Copies at once: the thread pool's four threads, each kept busy while another file opens. */
const copyConcurrency = 8;

/**
 * Copies the cluster's folders, then its files a few at a time on the thread pool, all but the
 * cluster mark. A first start begins it before loading the server's modules (server/main.ts):
 * the 700 small files (300–450 ms copied one after another) are copied while they load.
 */
async function copyCluster(from: string, to: string): Promise<void> {
  const files: string[] = [];
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(from, path.join(entry.parentPath, entry.name));
    if (entry.isDirectory()) mkdirSync(path.join(to, relative), { recursive: true });
    else if (entry.isFile() && relative !== clusterMark) files.push(relative);
  }
  let next = 0;
  const copyNext = async (): Promise<void> => {
    for (let file = files[next++]; file !== undefined; file = files[next++]) {
      await copyFile(path.join(from, file), path.join(to, file));
    }
  };
  await Promise.all(Array.from({ length: copyConcurrency }, copyNext));
}

/**
 * Copies the build's cluster into a data folder that has none yet and says whether it did. It
 * does not (false) for a folder in use, no build, a build made with another PGlite, or one
 * holding a migration these files no longer have: PGlite then runs initdb and every migration
 * as before. The cluster mark is copied last, so a copy cut short is made again next time.
 */
export async function startFromInitdbTemplate(
  dataDir: string,
  migrations: string[],
): Promise<boolean> {
  if (existsSync(path.join(dataDir, clusterMark))) return false;
  const facts = await dumpFacts();
  if (!facts || !existsSync(path.join(initdbTemplateDir, clusterMark))) return false;
  if (!(facts.migrations ?? []).every((name) => migrations.includes(name))) return false;
  await copyCluster(initdbTemplateDir, dataDir);
  await copyFile(path.join(initdbTemplateDir, clusterMark), path.join(dataDir, clusterMark));
  return true;
}
