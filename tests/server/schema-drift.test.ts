// The Drizzle schema files and the SQL migrations describe the same tables: after migrating,
// every table and column of every server/db/schema*.ts exists with the same nullability and
// a matching type. Files are found by name, so each area's schema file is checked too.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { startTestServer } from './test-server';

const server = await startTestServer();
const serverDir = path.resolve(import.meta.dirname, '../../server');
const schemaDir = path.join(serverDir, 'db');
// The Drizzle views of server/db/schema*.ts, and the tables a domain module declares itself
// (an entity's table may live with its SQL: docs/how-to-add-an-offline-entity.md).
const tablesOf = async (file: string): Promise<PgTable[]> => {
  const module = (await import(pathToFileURL(path.join(serverDir, file)).href)) as Record<
    string,
    unknown
  >;
  return Object.values(module).filter((value): value is PgTable => is(value, PgTable));
};
const domainFiles = (await readdir(path.join(serverDir, 'domain'), { recursive: true }))
  .filter((name) => name.endsWith('.ts'))
  .map((name) => path.join('domain', name));
const domainTableFiles: string[] = [];
for (const file of domainFiles) if ((await tablesOf(file)).length > 0) domainTableFiles.push(file);
const schemaFiles = [
  ...(await readdir(schemaDir))
    .filter((name) => /^schema.*\.ts$/.test(name))
    .map((name) => path.join('db', name)),
  ...domainTableFiles,
].sort();

interface DbColumn {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  data_type: string;
  udt_name: string;
}

const dbColumns = await queryRows<DbColumn>(
  server.database.db,
  sql`SELECT table_name, column_name, is_nullable, data_type, udt_name
      FROM information_schema.columns WHERE table_schema = current_schema()`,
);

/** information_schema's spelling of a Drizzle SQL type ("timestamp with time zone", "text[]"). */
function databaseType(column: DbColumn): string {
  if (column.data_type === 'ARRAY') return `${column.udt_name.replace(/^_/, '')}[]`;
  if (column.data_type === 'USER-DEFINED') return column.udt_name;
  return column.data_type;
}

function drizzleType(sqlType: string): string {
  const aliases: Record<string, string> = {
    timestamp: 'timestamp without time zone',
    'timestamp with time zone': 'timestamp with time zone',
    varchar: 'character varying',
    serial: 'integer',
    bigserial: 'bigint',
    smallserial: 'smallint',
    real: 'real',
    'double precision': 'double precision',
  };
  const base = sqlType.replace(/\(.*\)/, '').trim();
  return aliases[base] ?? base;
}

describe('Drizzle schema matches the migrated database', () => {
  it('finds the schema files', () => {
    expect(schemaFiles).toContain(path.join('db', 'schema.ts'));
  });

  for (const file of schemaFiles) {
    it(`${file}: every table and column exists with its nullability and type`, async () => {
      const tables = await tablesOf(file);
      const problems: string[] = [];
      for (const table of tables) {
        const config = getTableConfig(table);
        const inDb = dbColumns.filter((c) => c.table_name === config.name);
        if (inDb.length === 0) {
          problems.push(`table ${config.name} is missing`);
          continue;
        }
        for (const column of config.columns) {
          const found = inDb.find((c) => c.column_name === column.name);
          if (!found) {
            problems.push(`${config.name}.${column.name} is missing`);
            continue;
          }
          const nullable = found.is_nullable === 'YES';
          if (nullable === column.notNull) {
            problems.push(
              `${config.name}.${column.name}: Drizzle says ${column.notNull ? 'NOT NULL' : 'nullable'}, the database ${nullable ? 'nullable' : 'NOT NULL'}`,
            );
          }
          const expected = drizzleType(column.getSQLType());
          const actual = databaseType(found);
          if (expected !== actual) {
            problems.push(`${config.name}.${column.name}: Drizzle ${expected}, database ${actual}`);
          }
        }
      }
      expect(problems).toEqual([]);
      // A schema file that declares no table is probably not what its author meant.
      expect(tables.length, file).toBeGreaterThan(0);
    });
  }
});
