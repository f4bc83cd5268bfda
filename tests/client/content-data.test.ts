// The content data layer on fake-indexeddb against the real server in-process: an item written
// on the device shows at once with the server's own column mapping, reaches the server through
// the engine's push, comes back by pull, and a brand admin's second device receives it; moving
// an item renumbers the list; deleting leaves a tombstone on the server.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { queryRows } from '../../server/db/client';
import { writeSession } from '../../src/api/session-store';
import { mutations } from '../../contract/mutations';
import {
  deleteContentIn,
  moveContent,
  payloadOfRow,
  saveContentIn,
} from '../../src/features/content/content-data';
import { appDb } from '../../src/db/app-db';
import { startTestServer } from '../server/test-server';
import { createDevice } from './support/sync-harness';

const server = await startTestServer({ demo: false });
const db = server.database.db;

async function newMember(name: string): Promise<string> {
  const id = crypto.randomUUID();
  await queryRows(
    db,
    sql`INSERT INTO members (id, name, url_minify) VALUES (${id}, ${name}, ${`cd-${id}`})`,
  );
  return id;
}

async function loginAs(memberId: string) {
  await writeSession({
    accessToken: await server.tokenFor(memberId),
    memberId,
    userName: 'thu',
    urlMinify: null,
    brandGroup: null,
    agency: null,
  });
}

describe('content data layer', () => {
  it('shows a brand product at once, pushes it, and a second admin device pulls it', async () => {
    const admin = await newMember('Quản trị');
    const brand = crypto.randomUUID();
    await queryRows(
      db,
      sql`INSERT INTO groups (id, name, url_minify) VALUES (${brand}, 'Gốm Bát Tràng', ${`g-${brand}`})`,
    );
    await queryRows(
      db,
      sql`INSERT INTO group_members (group_id, member_id, role) VALUES (${brand}, ${admin}, 'admin')`,
    );
    await loginAs(admin);
    const phone = await createDevice(server, admin);
    const id = crypto.randomUUID();
    const entry = await saveContentIn(phone.db, admin, 'product', {
      id,
      groupId: brand,
      type: 'product',
      childType: 'Gốm',
      title: 'Bình hoa men lam',
      price: '1.250.000',
      images: ['/uploads/binh.webp'],
      policy: 'friend',
    });
    expect(entry).toMatchObject({ name: 'product.upsert', table: 'products', rowKey: id });
    // Shown at once, with the columns the server will store.
    expect(await phone.db.products.get(id)).toMatchObject({
      groupId: brand,
      memberId: null,
      price: 1_250_000,
      listedPrice: null,
      images: ['/uploads/binh.webp'],
      policy: 'friend',
      deletedAt: null,
    });
    expect((await phone.engine.syncNow({ force: true })).status).toBe('synced');
    const [stored] = await queryRows<{ price: string | number; policy: string }>(
      db,
      sql`SELECT price, policy FROM products WHERE id = ${id}`,
    );
    expect(Number(stored?.price)).toBe(1_250_000);
    expect(stored?.policy).toBe('friend');
    expect(await phone.db.outbox.count()).toBe(0);
    expect((await phone.db.products.get(id))?.changeSeq).toBeGreaterThan(0);

    const tablet = await createDevice(server, admin);
    expect((await tablet.engine.syncNow({ force: true })).status).toBe('synced');
    expect(await tablet.db.products.get(id)).toMatchObject({ title: 'Bình hoa men lam' });

    // Editing starts from the mirrored row: the payload passes the schema as it is.
    const row = (await tablet.db.products.get(id))!;
    expect(
      v.safeParse(mutations['product.upsert'].schema, payloadOfRow('product', row)).success,
    ).toBe(true);
    await deleteContentIn(tablet.db, admin, 'product', id);
    expect((await tablet.db.products.get(id))?.deletedAt).not.toBeNull();
    expect((await tablet.engine.syncNow({ force: true })).status).toBe('synced');
    const [tomb] = await queryRows<{ deleted_at: string | null }>(
      db,
      sql`SELECT deleted_at FROM products WHERE id = ${id}`,
    );
    expect(tomb?.deleted_at).not.toBeNull();
    // The phone's mirror drops it with the next pull.
    await phone.engine.syncNow({ force: true });
    expect(await phone.db.products.get(id)).toBeUndefined();
  });

  it('a refused write (someone else’s item) is undone on the device and listed with its reason', async () => {
    const owner = await newMember('Chủ');
    const other = await newMember('Người khác');
    const postId = crypto.randomUUID();
    await queryRows(
      db,
      sql`INSERT INTO posts (id, member_id, type, title, content) VALUES (${postId}, ${owner}, 'news', 'Của chủ', 'x')`,
    );
    await loginAs(other);
    const device = await createDevice(server, other);
    await saveContentIn(device.db, other, 'post', {
      id: postId,
      type: 'news',
      title: 'Chiếm bài',
      content: 'x',
      startDate: '2026-11-20',
    });
    await device.engine.syncNow({ force: true });
    const [entry] = await device.db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'rejected', error: { code: 'forbidden' } });
    expect(await device.db.posts.get(postId)).toBeUndefined();
    const [stored] = await queryRows<{ title: string }>(
      db,
      sql`SELECT title FROM posts WHERE id = ${postId}`,
    );
    expect(stored?.title).toBe('Của chủ');
  });

  it('moving a post renumbers the list and saves each post whose place changed', async () => {
    const me = await newMember('Người viết');
    await loginAs(me);
    await appDb.open();
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const [n, id] of ids.entries()) {
      await saveContentIn(appDb, me, 'post', {
        id,
        type: 'news',
        title: `Bài ${n + 1}`,
        content: 'x',
        startDate: '2026-11-20',
        ordinal: n + 1,
      });
    }
    const before = await appDb.outbox.count();
    const rows = await Promise.all(ids.map(async (id) => (await appDb.posts.get(id))!));
    await moveContent('post', rows, 2, -1);
    const ordered = (await appDb.posts.bulkGet(ids)).map((row) => [row?.title, row?.ordinal]);
    expect(ordered).toEqual([
      ['Bài 1', 1],
      ['Bài 2', 3],
      ['Bài 3', 2],
    ]);
    expect((await appDb.outbox.count()) - before).toBe(2);
  });
});
