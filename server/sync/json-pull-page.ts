// A pull page built as JSON by the database (messages, decision 0665; contacts, decision 1024):
// a first pull is thousands of rows, and the driver decoding each of their columns cost more
// than the query. One text column comes back per page and is parsed once. Timestamps are cast
// to text in `object`, which is what the driver hands Drizzle too.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/client';

export interface JsonPullPageQuery {
  /** `json_build_object(…)` over the page's rows, named `c`. */
  object: SQL;
  /** The table, by its SQL name. */
  table: string;
  /** The owner's column, by its SQL name. */
  ownerColumn: string;
}

/** The owner's rows past `cursor` in change order, at most `limit`, as `object` shapes them. */
export async function jsonPullPage<Row>(
  tx: Queryable,
  query: JsonPullPageQuery,
  ownerId: string,
  cursor: number,
  limit: number,
): Promise<Row[]> {
  const [page] = await queryRows<{ rows: string }>(
    tx,
    sql`SELECT coalesce(json_agg(${query.object} ORDER BY c.change_seq, c.id), '[]'::json)::text
          AS rows
        FROM (
          SELECT * FROM ${sql.identifier(query.table)}
          WHERE ${sql.identifier(query.ownerColumn)} = ${ownerId} AND change_seq > ${cursor}
          ORDER BY change_seq, id
          LIMIT ${limit}
        ) AS c`,
  );
  return JSON.parse(page?.rows ?? '[]') as Row[];
}
