// Vitest global setup: migrate (and seed) a database once per run, so that each test server
// starts from a copy instead of running initdb, the migrations and the demo seed again (about
// 5 s a server on PGlite). PGlite copies are data-folder dumps; PostgreSQL copies are databases
// cloned from a template.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase, type DatabaseHandle } from '../../server/db/client';
import { seedDemoData } from '../../server/seed/demo';

export interface DatabaseSnapshots {
  /** Files of PGlite data-folder dumps (run on PGlite). */
  pglite?: { empty: string; demo: string };
  /** Template database names on TEST_DATABASE_URL's server (run on PostgreSQL). */
  postgres?: { empty: string; demo: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseSnapshots: DatabaseSnapshots;
  }
}

function pgliteClient(handle: DatabaseHandle): PGlite {
  return (handle.db as unknown as { $client: PGlite }).$client;
}

async function dump(handle: DatabaseHandle, file: string): Promise<void> {
  const blob = await pgliteClient(handle).dumpDataDir('none');
  await writeFile(file, Buffer.from(await blob.arrayBuffer()));
}

async function pgliteSnapshots(): Promise<{
  snapshots: DatabaseSnapshots;
  remove(): Promise<void>;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mecards-db-snapshots-'));
  const empty = path.join(dir, 'empty.tar');
  const demo = path.join(dir, 'demo.tar');
  const handle = await openDatabase({});
  try {
    await migrate(handle);
    await dump(handle, empty);
    await seedDemoData(handle.db);
    await dump(handle, demo);
  } finally {
    await handle.close();
  }
  return {
    snapshots: { pglite: { empty, demo } },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function postgresTemplates(
  adminUrl: string,
): Promise<{ snapshots: DatabaseSnapshots; remove(): Promise<void> }> {
  const suffix = randomUUID().replaceAll('-', '');
  const empty = `mecards_template_empty_${suffix}`;
  const demo = `mecards_template_demo_${suffix}`;
  const admin = await openDatabase({ databaseUrl: adminUrl });
  const remove = async () => {
    await admin.execScript(`DROP DATABASE IF EXISTS ${empty} WITH (FORCE)`);
    await admin.execScript(`DROP DATABASE IF EXISTS ${demo} WITH (FORCE)`);
    await admin.close();
  };
  try {
    await admin.execScript(`CREATE DATABASE ${empty}`);
    const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, empty) });
    try {
      await migrate(handle);
    } finally {
      // A template is copied only when nobody is connected to it.
      await handle.close();
    }
    await admin.execScript(`CREATE DATABASE ${demo} TEMPLATE ${empty}`);
    const demoHandle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, demo) });
    try {
      await seedDemoData(demoHandle.db);
    } finally {
      await demoHandle.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { snapshots: { postgres: { empty, demo } }, remove };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const made = adminUrl ? await postgresTemplates(adminUrl) : await pgliteSnapshots();
  project.provide('databaseSnapshots', made.snapshots);
  return () => made.remove();
}
