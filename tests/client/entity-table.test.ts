// The entity table (contract/entities.ts) is the one list of offline tables: the database a
// device opens has exactly its tables and indexes (fresh, and upgraded from the previous
// version), the version history reaches it, the server pulls exactly its pulled tables, and
// every mutation the server handles lands in one of its member tables (decision 0200).
import 'fake-indexeddb/auto';
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
import { appDbVersions, createAppDb, type AppDb } from '../../src/db/app-db';
import { pullSources, pullSourcesByEntity } from '../../server/sync/pull-sources';
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

  it('is where the version history ends, so an existing device upgrades to it', async () => {
    // A store changed in the table without a version naming the change: devices that already
    // have the newest version number would never get it.
    expect(tableShapes(historyStores())).toEqual(tableShapes(dexieStores()));

    const name = `mecards-entities-${crypto.randomUUID()}`;
    const previous = open(name, appDbVersions.slice(0, -1));
    await previous.syncState.put({ key: 'cursor', value: 42 });
    previous.close();
    const upgraded = open(name);
    expect((await upgraded.syncState.get('cursor'))?.value).toBe(42);
    expect(openedShapes(upgraded)).toEqual(tableShapes(dexieStores()));
  });

  it('names exactly the tables the server pulls, one table per pull source', () => {
    expect(Object.keys(pullSourcesByEntity).sort()).toEqual([...pulledEntityNames].sort());
    expect([...new Set(pullSources.map((source) => source.entity))].sort()).toEqual(
      [...pulledEntityNames].sort(),
    );
    for (const [entity, sources] of Object.entries(pullSourcesByEntity)) {
      expect(sources.length, `${entity} has a pull source`).toBeGreaterThan(0);
      for (const source of sources) expect(source.entity).toBe(entity);
    }
  });

  it("lists every mutation the server handles once, on a member's table", () => {
    const listed = entityNames.flatMap((name: EntityName) =>
      entities[name].mutations.map((mutation) => ({ mutation, table: name })),
    );
    const handled = Object.keys(mutationHandlers).sort();
    expect(listed.map((l) => l.mutation).sort()).toEqual(handled);
    expect(handled).toEqual([...mutationNames].sort());
    for (const { mutation, table } of listed) {
      expect(memberEntityNames, `${mutation} writes ${table}`).toContain(table);
    }
  });
});
