// `npm run build` (scripts/build-server.mjs): the empty PGlite cluster new data folders start
// from (server/db/pglite-initdb.ts).
import { PGlite } from '@electric-sql/pglite';
import { initdbDumpFile, initdbDumpFor, writeInitdbDump } from '../db/pglite-initdb';

// Made already for this PGlite: a cluster does not change between builds.
if (await initdbDumpFor('/nonexistent')) process.exit(0);
const started = performance.now();
const client = new PGlite();
await client.waitReady;
await writeInitdbDump(client);
await client.close();
console.log(`${initdbDumpFile} made in ${Math.round(performance.now() - started)} ms`);
