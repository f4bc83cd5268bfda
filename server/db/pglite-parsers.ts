// drizzle hands PGlite the same type parsers with every query (dates, timestamps and intervals
// kept as the database's text), and PGlite copies its ~320 parsers to merge them in each time:
// about 0.16 ms of CPU a query, a tenth of a sync round. Set once on the client instead, the
// copy never happens and every query reads the same values as before.
import { types, type PGlite, type Transaction } from '@electric-sql/pglite';

/** The parsers drizzle-orm/pglite passes with each query (its PglitePreparedQuery). */
const drizzleTextParsers: Record<number, (value: string) => string> = {
  [types.TIMESTAMP]: (value) => value,
  [types.TIMESTAMPTZ]: (value) => value,
  [types.INTERVAL]: (value) => value,
  [types.DATE]: (value) => value,
  1231: (value) => value, // numeric[]
  1115: (value) => value, // timestamp[]
  1185: (value) => value, // timestamptz[]
  1187: (value) => value, // interval[]
  1182: (value) => value, // date[]
};

type QueryOptions = Parameters<PGlite['query']>[2];

function withoutParsers(options: QueryOptions): QueryOptions {
  if (options?.parsers === undefined) return options;
  const { parsers: _same, ...rest } = options;
  return rest;
}

/**
 * Makes `client` parse as drizzle asks once and for all, and drops the per-query copy from
 * every query drizzle sends, in and out of transactions. Call after `waitReady` (PGlite has
 * read its array types then, and would otherwise set their parsers back).
 */
export function setDrizzleParsersOnce(client: PGlite): void {
  Object.assign(client.parsers, drizzleTextParsers);
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(text, params, withoutParsers(options))) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      // The transaction's other members (exec, rollback, closed) stay the original's.
      const plain = Object.create(tx) as Transaction;
      plain.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
        tx.query(text, params, withoutParsers(options))) as Transaction['query'];
      return callback(plain);
    });
}
