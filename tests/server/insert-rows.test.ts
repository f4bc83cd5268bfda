// Multi-row inserts (server/db/insert-rows.ts) send their rows as UTF-8 bytes: what is read
// back is what was written, on PGlite and, in CI, on PostgreSQL, whatever the characters.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRows } from '../../server/db/insert-rows';
import { idempotencyKeys } from '../../server/db/schema';
import { createTestServer, type TestServer } from './test-server';

describe('insertRows', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('stores text and JSON as sent: accents, quotes, emoji, control characters and key order', async () => {
    const memberId = randomUUID();
    const texts = [
      'Nguyễn Thị Minh Anh — Đặng Bảo',
      'quotes " and \\ back\\slash',
      'lines\nand\ttabs',
      'emoji 🎉 and 𝄞',
      "apostrophe ' and %s $1 ::json",
      '',
    ];
    const rows = texts.map((text, i) => ({
      memberId,
      key: `k${i}`,
      requestHash: text,
      status: 200 + i,
      // json keeps the keys in the order written (decision 0208).
      response: { z: text, a: [i, null, true], nested: { khóa: 'giá trị' } },
    }));
    await insertRows(server.database.db, idempotencyKeys, rows);

    const stored = await server.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.memberId, memberId))
      .orderBy(idempotencyKeys.key);
    expect(stored.map((r) => r.requestHash)).toEqual(texts);
    expect(stored.map((r) => r.status)).toEqual(texts.map((_, i) => 200 + i));
    expect(stored.map((r) => JSON.stringify(r.response))).toEqual(
      rows.map((r) => JSON.stringify(r.response)),
    );
  });
});
