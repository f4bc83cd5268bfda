// PGlite gets drizzle's type parsers once (server/db/pglite-parsers.ts) instead of with every
// query: values read through drizzle, in and out of transactions, are what they were before.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDrizzleParsersOnce } from '../../server/db/pglite-parsers';

const probe = sql`SELECT
  timestamptz '2026-11-27 08:00:00+00' AS at,
  timestamp '2026-11-27 08:00:00' AS local_at,
  date '2026-11-27' AS day,
  interval '90 minutes' AS span,
  ARRAY[date '2026-11-27'] AS days,
  ARRAY[1.50]::numeric[] AS amounts,
  ARRAY['a', 'b'] AS words,
  42 AS n,
  '{"a": 1}'::jsonb AS doc`;

describe('drizzle on a PGlite whose parsers are set once', () => {
  let plain: PGlite;
  let once: PGlite;
  beforeAll(async () => {
    plain = new PGlite();
    once = new PGlite();
    await Promise.all([plain.waitReady, once.waitReady]);
    setDrizzleParsersOnce(once);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), once.close()]);
  });

  it('reads dates, intervals and arrays as text and the rest as before, in a transaction too', async () => {
    const expected = (await drizzle(plain).execute(probe)).rows;
    expect(expected[0]).toMatchObject({ at: '2026-11-27 08:00:00+00', day: '2026-11-27' });
    expect((await drizzle(once).execute(probe)).rows).toEqual(expected);
    const inTransaction = await drizzle(once).transaction(async (tx) => {
      return (await tx.execute(probe)).rows;
    });
    expect(inTransaction).toEqual(expected);
  });

  it('no longer hands PGlite a copy of the parsers with each query', async () => {
    const client = new PGlite();
    await client.waitReady;
    const seen: unknown[] = [];
    // What PGlite itself receives: the spy sits under the wrapper.
    const query = client.query.bind(client);
    client.query = ((text: string, params?: unknown[], options?: { parsers?: unknown }) => {
      seen.push(options?.parsers);
      return query(text, params, options as never);
    }) as PGlite['query'];
    setDrizzleParsersOnce(client);
    try {
      await drizzle(client).execute(sql`SELECT 1`);
      await drizzle(client)
        .select({ n: sql<number>`1` })
        .from(sql`(SELECT 1) AS one`);
      expect(seen).toEqual([undefined, undefined]);
    } finally {
      await client.close();
    }
  });

  it('rolls a failed transaction back', async () => {
    const db = drizzle(once);
    await db.execute(sql`CREATE TABLE kept (id int PRIMARY KEY)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO kept VALUES (1)`);
        await tx.execute(sql`INSERT INTO kept VALUES (1)`);
      }),
    ).rejects.toThrow();
    expect((await db.execute(sql`SELECT count(*)::int AS n FROM kept`)).rows).toEqual([{ n: 0 }]);
  });
});
