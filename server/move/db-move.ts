// Moves the embedded database to PostgreSQL (decision 1083): every table, row for row, with
// the change sequence and every other sequence where it was, so devices keep their cursors.
// The target must be empty; it gets the same migrations, then the rows with the triggers off
// (a copied row must not look like a new change) and the foreign keys added back afterwards.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { applyMigrations, migrationFiles, type ScriptRunner } from '../db/client';
import { pgliteStartParams } from '../db/pglite-start';

export interface TableReport {
  table: string;
  rows: number;
  checksum: string;
}

export interface MoveReport {
  tables: TableReport[];
  ms: number;
}

type Rows = Record<string, unknown>[];
type Query = (text: string, params?: unknown[]) => Promise<Rows>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Row count and an order-free checksum of a table, the same text on both databases. */
const checksumSql = (table: string) =>
  `SELECT count(*)::int AS rows,
          coalesce(md5(string_agg(h, '' ORDER BY h COLLATE "C")), '') AS checksum
     FROM (SELECT md5(row_to_json(t)::text) AS h FROM ${quote(table)} t) x`;

async function tablesOf(query: Query): Promise<string[]> {
  const rows = await query(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((r) => String(r.tablename));
}

async function checksums(query: Query, tables: string[]): Promise<TableReport[]> {
  await query(`SET TimeZone = 'UTC'`);
  const out: TableReport[] = [];
  for (const table of tables) {
    const [row] = await query(checksumSql(table));
    out.push({
      table,
      rows: Number(row?.rows ?? 0),
      checksum: typeof row?.checksum === 'string' ? row.checksum : '',
    });
  }
  return out;
}

export class MoveRefused extends Error {}

/** Copies the PGlite database in `dataDir` into the empty PostgreSQL database at `targetUrl`. */
export async function moveToPostgres(dataDir: string, targetUrl: string): Promise<MoveReport> {
  const started = performance.now();
  const source = new PGlite(dataDir, { startParams: pgliteStartParams(PGlite) });
  await source.waitReady;
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  const fromSource: Query = async (text, params) =>
    (await source.query<Record<string, unknown>>(text, params)).rows;
  const toTarget: Query = async (text, params) => (await target.query(text, params)).rows as Rows;
  try {
    const existing = await tablesOf(toTarget);
    if (existing.length > 0) {
      throw new MoveRefused(
        `the target database is not empty (${existing.length} tables, e.g. ${existing[0]}): give an empty one`,
      );
    }
    const files = await migrationFiles();
    const applied = (await fromSource('SELECT name FROM schema_migrations')).map((r) =>
      String(r.name),
    );
    const missing = files.filter((f) => !applied.includes(f));
    if (missing.length > 0) {
      throw new MoveRefused(
        `the data folder lacks migrations (${missing.join(', ')}): start the server on it once first`,
      );
    }
    const exec: ScriptRunner = async (text) => {
      const result = (await target.query(text)) as unknown;
      const last: unknown = Array.isArray(result) ? result.at(-1) : result;
      return (last as { rows?: Rows }).rows ?? [];
    };
    await applyMigrations(exec);
    const tables = await tablesOf(fromSource);

    await toTarget('BEGIN');
    // Rows some migrations insert (singletons) are replaced by the source's.
    await toTarget(`TRUNCATE ${tables.map(quote).join(', ')}`);
    const foreignKeys = await toTarget(
      `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def
         FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
    );
    for (const fk of foreignKeys) {
      await toTarget(`ALTER TABLE ${String(fk.tbl)} DROP CONSTRAINT ${quote(String(fk.conname))}`);
    }
    for (const table of tables) {
      await toTarget(`ALTER TABLE ${quote(table)} DISABLE TRIGGER USER`);
      const columns = await toTarget(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'
          ORDER BY ordinal_position`,
        [table],
      );
      const list = columns.map((c) => quote(String(c.column_name))).join(', ');
      const rows = await fromSource(`SELECT row_to_json(t)::text AS j FROM ${quote(table)} t`);
      // Batches of about 4 MB of JSON.
      let batch: string[] = [];
      let size = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await toTarget(
          `INSERT INTO ${quote(table)} (${list}) OVERRIDING SYSTEM VALUE
             SELECT ${list} FROM json_populate_recordset(NULL::${quote(table)}, $1::json)`,
          [`[${batch.join(',')}]`],
        );
        batch = [];
        size = 0;
      };
      for (const row of rows) {
        const json = String(row.j);
        batch.push(json);
        size += json.length;
        if (size > 4_000_000) await flush();
      }
      await flush();
      await toTarget(`ALTER TABLE ${quote(table)} ENABLE TRIGGER USER`);
    }
    for (const fk of foreignKeys) {
      await toTarget(
        `ALTER TABLE ${String(fk.tbl)} ADD CONSTRAINT ${quote(String(fk.conname))} ${String(fk.def)}`,
      );
    }
    // Sequences (the change sequence above all) continue where they were.
    const sequences = await fromSource(
      `SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public'`,
    );
    for (const seq of sequences) {
      if (seq.last_value === null) continue;
      await toTarget(`SELECT setval($1, $2, true)`, [
        quote(String(seq.sequencename)),
        (seq.last_value as bigint | number | string).toString(),
      ]);
    }
    await toTarget('COMMIT');

    const before = await checksums(fromSource, tables);
    const after = await checksums(toTarget, tables);
    const differing = before.filter(
      (b, i) => b.rows !== after[i]?.rows || b.checksum !== after[i]?.checksum,
    );
    if (differing.length > 0) {
      throw new Error(
        `copied, but these tables differ: ${differing.map((d) => d.table).join(', ')}`,
      );
    }
    return { tables: after, ms: Math.round(performance.now() - started) };
  } catch (error) {
    await target.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await target.end().catch(() => undefined);
    await source.close();
  }
}
