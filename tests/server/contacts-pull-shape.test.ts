// The contacts pull page built as JSON by the database (server/domain/contacts.ts) holds what
// contactForClient makes of the same rows, field for field and in the same order.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { contacts } from '../../server/db/schema';
import { contactForClient, contactsPullSource } from '../../server/domain/contacts';
import { createTestServer, type TestServer } from './test-server';

describe('the contacts pull page built by the database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ demo: false });
  });
  afterAll(async () => {
    await server.close();
  });

  it('is contactForClient of the same rows', async () => {
    const [owner, card] = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [n, id] of [owner, card].entries()) {
      await queryRows(
        server.database.db,
        sql`INSERT INTO members (id, name, url_minify) VALUES (${id}, ${`Người ${n}`}, ${`pull-shape-${id}`})`,
      );
    }
    await server.database.db.insert(contacts).values([
      {
        id: crypto.randomUUID(),
        ownerMemberId: owner,
        name: 'Nguyễn Thị Ánh  Đào',
        phone: '+84 901 234 567',
        email: 'dao@example.vn',
        company: 'Công ty "Sương Mai"',
        jobTitle: 'Kế toán\ntrưởng',
        address: 'Huế',
        note: 'Gặp ở hội chợ ✨',
        cardMemberId: card,
        cardSnapshot: { name: 'Đào', jobTitle: 'Kế toán', urlMinify: 'dao' } as never,
        leadSource: { kind: 'card', at: '2026-11-27T08:00:00.000Z' } as never,
      },
      { id: crypto.randomUUID(), ownerMemberId: owner, name: 'Anh Hải' },
      {
        id: crypto.randomUUID(),
        ownerMemberId: owner,
        name: 'Đã xoá',
        deletedAt: '2026-11-27T08:00:00.000Z',
      },
    ]);
    const selected = await server.database.db
      .select()
      .from(contacts)
      .where(sql`${contacts.ownerMemberId} = ${owner}`)
      .orderBy(contacts.changeSeq, contacts.id);
    const expected = selected.map(contactForClient);
    const shaped = await contactsPullSource.fetchShaped!(server.database.db as never, owner, 0, 10);
    expect(shaped).toEqual(expected);
    expect(shaped.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)));
    // The cursor and the limit hold as in the generic read.
    const after = await contactsPullSource.fetchShaped!(
      server.database.db as never,
      owner,
      Number(expected[0]!.changeSeq),
      1,
    );
    expect(after.map((row) => row.id)).toEqual([expected[1]!.id]);
  });
});
