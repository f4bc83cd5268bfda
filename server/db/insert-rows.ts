// Multi-row inserts sent as one JSON parameter read by json_to_recordset. Building a statement
// with a parameter per value (a run of 100 point entries has 1,600) cost the batch push more
// time in the driver than the database spent on the rows (decision 0303).
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';

/** The table's columns by their property name: SQL name and type. */
const columnsByTable = new WeakMap<PgTable, Map<string, { name: string; type: string }>>();

function columnsOf(table: PgTable): Map<string, { name: string; type: string }> {
  let columns = columnsByTable.get(table);
  if (!columns) {
    columns = new Map(
      Object.entries(getTableColumns(table)).map(([key, column]) => [
        key,
        { name: column.name, type: column.getSQLType() },
      ]),
    );
    columnsByTable.set(table, columns);
  }
  return columns;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Inserts rows (property names as in the table's Drizzle definition) in one statement. Every
 * row names the same columns: the first row's keys decide which are written, the others get
 * their defaults. Values go as JSON: numbers, text, booleans, null, ISO times, objects for json and jsonb.
 */
export async function insertRows<T extends PgTable>(
  db: Queryable,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = columnsOf(table);
  const keys = Object.keys(first).filter((key) => columns.has(key));
  const names = keys.map((key) => quoted(columns.get(key)!.name)).join(', ');
  const types = keys
    .map((key) => `${quoted(columns.get(key)!.name)} ${columns.get(key)!.type}`)
    .join(', ');
  // Keyed by SQL name: json_to_recordset matches fields by the names of the column list. Not
  // jsonb: it would reorder the keys of an object bound for a json column (decision 0208).
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const key of keys) record[columns.get(key)!.name] = (row as Record<string, unknown>)[key];
    return record;
  });
  // Sent as UTF-8 bytes (a binary bytea parameter, pglite-bytea.ts): PGlite measures a text
  // parameter's UTF-8 length a character at a time in JavaScript, twice, and a booth's run of
  // 250 entries sends three of 75–150 KB.
  const json = Buffer.from(JSON.stringify(records));
  await db.execute(
    sql`INSERT INTO ${table} (${sql.raw(names)}) SELECT ${sql.raw(names)} FROM json_to_recordset(convert_from(${json}::bytea, 'UTF8')::json) AS x(${sql.raw(types)})`,
  );
}
