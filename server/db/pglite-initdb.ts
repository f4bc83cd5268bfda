// A PGlite cluster made once at build time (`npm run build`) with the migrations of that build
// applied, so a new data folder starts from it instead of running initdb and every migration:
// initdb is seconds of WebAssembly, the migrations most of two more (issue 25 item 6; decisions
// 1086, 1087). A migration added since the build still runs at start (the cluster records which
// it holds), so the file never goes wrong with the schema; the demo data is never in it.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** dist/server/, from the source file and from the compiled bundle alike (decision 1082). */
const buildDir = fileURLToPath(new URL('../../dist/server/', import.meta.url));
export const initdbDumpFile = path.join(buildDir, 'pglite-initdb.tar.gz');
const versionFile = path.join(buildDir, 'pglite-initdb.json');

/** The installed PGlite's version: a cluster from another version may not open. */
async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** What the build's cluster was made with. */
interface DumpFacts {
  pglite?: string;
  /** The migrations applied in it, by file name. */
  migrations?: string[];
}

/**
 * Writes the cluster of a fresh in-memory PGlite on which `migrations` were applied (the build
 * calls this).
 */
export async function writeInitdbDump(client: PGlite, migrations: string[]): Promise<void> {
  const dump = await client.dumpDataDir('gzip');
  await writeFile(initdbDumpFile, Buffer.from(await dump.arrayBuffer()));
  const facts: DumpFacts = { pglite: await pgliteVersion(), migrations };
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
export async function initdbDumpIsCurrent(migrations: string[]): Promise<boolean> {
  const facts = await dumpFacts();
  return (
    existsSync(initdbDumpFile) &&
    facts?.migrations !== undefined &&
    facts.migrations.join('\n') === migrations.join('\n')
  );
}

/**
 * The build's cluster for a data folder that has none yet, or undefined (a folder in use, no
 * build, a build made with another PGlite, or one holding a migration these files no longer
 * have): PGlite then runs initdb and every migration as before.
 */
export async function initdbDumpFor(
  dataDir: string,
  migrations: string[],
): Promise<Blob | undefined> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  const facts = await dumpFacts();
  if (!facts) return undefined;
  if (!(facts.migrations ?? []).every((name) => migrations.includes(name))) return undefined;
  try {
    return new Blob([await readFile(initdbDumpFile)]);
  } catch {
    return undefined;
  }
}
