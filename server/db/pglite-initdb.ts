// An empty PGlite cluster made once at build time (`npm run build`), so a new data folder starts
// from it instead of running initdb: initdb is seconds of WebAssembly, most of the first start
// (issue 25 item 6; decision 1086). Only the cluster is kept, not the migrations or the demo
// data: those still run at start, so the file never goes stale with the schema.
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

/** Writes the empty cluster of a fresh in-memory PGlite (the build calls this). */
export async function writeInitdbDump(client: PGlite): Promise<void> {
  const dump = await client.dumpDataDir('gzip');
  await writeFile(initdbDumpFile, Buffer.from(await dump.arrayBuffer()));
  await writeFile(versionFile, JSON.stringify({ pglite: await pgliteVersion() }));
}

/**
 * The build's empty cluster for a data folder that has none yet, or undefined (a folder in use,
 * no build, a build made with another PGlite): PGlite then runs initdb as usual.
 */
export async function initdbDumpFor(dataDir: string): Promise<Blob | undefined> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  try {
    const made = JSON.parse(await readFile(versionFile, 'utf8')) as { pglite?: string };
    if (made.pglite !== (await pgliteVersion())) return undefined;
    return new Blob([await readFile(initdbDumpFile)]);
  } catch {
    return undefined;
  }
}
