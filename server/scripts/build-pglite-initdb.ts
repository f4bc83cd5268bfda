// `npm run build` (scripts/build-server.mjs): what a first start reads instead of making it
// (decision 1087): the PGlite cluster new data folders start from, with this build's migrations
// applied (server/db/pglite-initdb.ts), and the demo's drawn pictures.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations, migrationFiles } from '../db/client';
import {
  initdbTemplateDir,
  initdbTemplateIsCurrent,
  writeInitdbTemplate,
} from '../db/pglite-initdb';
import { writeDemoPictures } from '../seed/demo-pictures';

// Drawn at every build: a change to the drawing is then never missed.
await writeDemoPictures();
const migrations = await migrationFiles();
// Made already for this PGlite and these migrations.
if (await initdbTemplateIsCurrent(migrations)) process.exit(0);
const started = performance.now();
const client = new PGlite();
await client.waitReady;
const applied = await applyMigrations(async (text) => {
  const results = await client.exec(text);
  return results[results.length - 1]?.rows ?? [];
});
await writeInitdbTemplate(client, applied);
// Earlier builds kept the cluster as a dump; a folder replaced it.
await rm(path.join(path.dirname(initdbTemplateDir), 'pglite-initdb.tar.gz'), { force: true });
await client.close();
console.log(`${initdbTemplateDir} made in ${Math.round(performance.now() - started)} ms`);
