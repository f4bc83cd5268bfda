// The entity table (contract/entities.ts) is the one list of offline tables: the database a
// device opens has exactly its tables and indexes (fresh, upgraded from the previous version,
// and on a device whose schema lacks a table or index added to the table without a version),
// the server pulls exactly its pulled tables, and every mutation the server handles is declared
// once, on one of its member tables (decision 0200).
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dexieStores,
  entities,
  entityNames,
  memberEntityNames,
  pulledEntityNames,
  type EntityName,
} from '../../contract/entities';
import { mutationNames } from '../../contract/mutations';
import { appDbVersions, createAppDb, entityTableVersion, type AppDb } from '../../src/db/app-db';
import { pullSources, pullSourcesOf } from '../../server/sync/pull-sources';
import { mutationHandlers } from '../../server/sync/mutation-handlers';

/** A Dexie schema string as a comparable shape: its key and its sorted indexes. */
function shapeOf(schema: string): { key: string; indexes: string[] } {
  const [key = '', ...indexes] = schema.split(',').map((part) => part.trim());
  return { key, indexes: indexes.filter(Boolean).sort() };
}

function tableShapes(stores: Record<string, string>): Record<string, ReturnType<typeof shapeOf>> {
  return Object.fromEntries(
    Object.entries(stores)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, schema]) => [name, shapeOf(schema)]),
  );
}

/** The schema a device opened, read from the database itself. */
function openedShapes(db: AppDb): Record<string, ReturnType<typeof shapeOf>> {
  const stores = Object.fromEntries(
    db.tables.map((table) => [
      table.name,
      [table.schema.primKey.src, ...table.schema.indexes.map((index) => index.src)].join(', '),
    ]),
  );
  return tableShapes(stores);
}

/** Where the version history ends: each version's store changes applied in order. */
function historyStores(): Record<string, string> {
  const stores: Record<string, string> = {};
  for (const version of appDbVersions) {
    for (const [name, schema] of Object.entries(version.stores)) {
      if (schema === null) delete stores[name];
      else stores[name] = schema;
    }
  }
  return stores;
}

const opened: AppDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function open(name: string, versions = appDbVersions): AppDb {
  const db = createAppDb(name, { versions });
  opened.push(db);
  return db;
}

describe('the entity table', () => {
  it('is the schema a new device opens: the same tables, keys and indexes', async () => {
    const db = open(`mecards-entities-${crypto.randomUUID()}`);
    await db.open();
    expect(openedShapes(db)).toEqual(tableShapes(dexieStores()));
  });

  it('upgrades a device from the previous version of the history', async () => {
    const name = `mecards-entities-${crypto.randomUUID()}`;
    const previous = open(name, appDbVersions.slice(0, -1));
    await previous.syncState.put({ key: 'cursor', value: 42 });
    previous.close();
    const upgraded = open(name);
    expect((await upgraded.syncState.get('cursor'))?.value).toBe(42);
    expect(openedShapes(upgraded)).toEqual(tableShapes(dexieStores()));
  });

  it('reaches a device of the same version whose schema lacks a newer table or index', async () => {
    // What a device has when a table or an index was added to the entity table without a new
    // version: Dexie adds the missing parts on open, so adding an entity needs no version step.
    const name = `mecards-entities-${crypto.randomUUID()}`;
    const { conflicts: _added, ...olderStores } = dexieStores();
    const older = new Dexie(name);
    older.version(entityTableVersion).stores({
      ...olderStores,
      friendships: olderStores.friendships.replace(', updatedAt', ''),
    });
    await older.table('syncState').put({ key: 'cursor', value: 7 });
    older.close();

    const patched = open(name);
    expect((await patched.syncState.get('cursor'))?.value).toBe(7);
    expect(openedShapes(patched)).toEqual(tableShapes(dexieStores()));
    await patched.conflicts.put({
      id: 'c1',
      entity: 'contacts',
      rowId: 'r1',
    } as never);
    await patched.friendships.put({ id: 'k1', updatedAt: '2026-01-01' } as never);
    expect(await patched.friendships.orderBy('updatedAt').primaryKeys()).toEqual(['k1']);
    expect(await patched.conflicts.where('[entity+rowId]').equals(['contacts', 'r1']).count()).toBe(
      1,
    );
  });

  it('keeps the key every version gave a table (a changed key needs a table of its own)', () => {
    for (const [name, schema] of Object.entries(historyStores())) {
      if (!(name in dexieStores())) continue;
      expect(shapeOf(dexieStores()[name as EntityName]).key, name).toBe(shapeOf(schema).key);
    }
  });

  it('names exactly the tables the server pulls, with a pull source of its own each', () => {
    expect([...new Set(pullSources.map((source) => source.entity))].sort()).toEqual(
      [...pulledEntityNames].sort(),
    );
    for (const entity of pulledEntityNames) {
      const sources = pullSourcesOf(entity);
      expect(sources.length, `${entity} has a pull source`).toBeGreaterThan(0);
      for (const source of sources) expect(source.entity).toBe(entity);
    }
  });

  it("declares every mutation the server handles once, on a member's table", () => {
    const listed = entityNames.flatMap((name: EntityName) =>
      Object.keys(entities[name].mutations).map((mutation) => ({ mutation, table: name })),
    );
    const handled = Object.keys(mutationHandlers).sort();
    // A name declared on two tables would be counted twice here and once in the registry.
    expect(listed.map((l) => l.mutation).sort()).toEqual(handled);
    expect(handled).toEqual([...mutationNames].sort());
    for (const { mutation, table } of listed) {
      expect(memberEntityNames, `${mutation} writes ${table}`).toContain(table);
    }
  });
});
