// PGlite sends and reads bytea natively (server/db/pglite-bytea.ts): the database holds the
// same bytes as with PGlite's own hex handling, and reads give back the bytes that were sent.
import { PGlite, types } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customType, pgTable, text } from 'drizzle-orm/pg-core';
import { setFastBytea } from '../../server/db/pglite-bytea';
import { setDrizzleParsersOnce } from '../../server/db/pglite-parsers';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});
const blobs = pgTable('blobs', { id: text('id').primaryKey(), bytes: bytea('bytes').notNull() });

const samples: Record<string, Uint8Array> = {
  empty: new Uint8Array(),
  everyByte: Uint8Array.from({ length: 256 }, (_, i) => i),
  picture: Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 251),
  // A view into a larger buffer: only its own bytes are sent.
  view: new Uint8Array(Uint8Array.from({ length: 64 }, (_, i) => 255 - i).buffer, 8, 16),
};

describe('bytea on a PGlite with native byte handling', () => {
  let plain: PGlite;
  let fast: PGlite;
  beforeAll(async () => {
    plain = new PGlite();
    fast = new PGlite();
    await Promise.all([plain.waitReady, fast.waitReady]);
    setDrizzleParsersOnce(fast);
    setFastBytea(fast);
    for (const client of [plain, fast]) {
      await client.exec('CREATE TABLE blobs (id text PRIMARY KEY, bytes bytea NOT NULL)');
    }
  });
  afterAll(async () => {
    await Promise.all([plain.close(), fast.close()]);
  });

  it('stores the same bytes as PGlite’s own handling and reads them back equal', async () => {
    for (const [id, bytes] of Object.entries(samples)) {
      await drizzle(plain).insert(blobs).values({ id, bytes });
      await drizzle(fast).insert(blobs).values({ id, bytes });
    }
    const digest = sql`SELECT id, md5(bytes) AS md5, length(bytes) AS length FROM blobs ORDER BY id`;
    const stored = (await drizzle(fast).execute(digest)).rows;
    expect(stored).toEqual((await drizzle(plain).execute(digest)).rows);
    expect(stored.find((r) => r.id === 'view')).toMatchObject({ length: 16 });
    for (const [id, bytes] of Object.entries(samples)) {
      const [row] = await drizzle(fast).select().from(blobs).where(eq(blobs.id, id));
      expect(row!.bytes).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(row!.bytes).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('reads bytes in a raw query and in a transaction too', async () => {
    const rows = await drizzle(fast).transaction(async (tx) => {
      return (await tx.execute(sql`SELECT bytes FROM blobs WHERE id = 'everyByte'`)).rows;
    });
    expect(Buffer.from(rows[0]!.bytes as Uint8Array).equals(Buffer.from(samples.everyByte!))).toBe(
      true,
    );
  });

  it('sends bytes as they are, with no hex text made on the way', () => {
    const bytes = samples.everyByte!;
    expect(fast.serializers[types.BYTEA]!(bytes)).toBe(bytes);
  });

  it('refuses a value that is not bytes, as PGlite does', async () => {
    await expect(
      fast.query('INSERT INTO blobs VALUES ($1, $2)', ['text', 'not bytes']),
    ).rejects.toThrow(/bytea/);
  });
});
