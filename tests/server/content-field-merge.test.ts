// Per-field merge with kept conflicts (decision 1062) for content (posts, products, brand items),
// on the real server: two devices' edits of different fields of one post both survive; the same
// field goes to the later write and the replaced value is kept once; an edit of a deleted item
// is kept and can bring the item back; a whole item with no base is written whole.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PullResponse, PushResult } from '../../contract/sync';
import { queryRows } from '../../server/db/client';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: false });
const db = server.database.db;

const ids = {
  owner: crypto.randomUUID(),
  admin: crypto.randomUUID(),
  otherAdmin: crypto.randomUUID(),
  brand: crypto.randomUUID(),
};
const tokens = { owner: '', admin: '', otherAdmin: '' };
type Who = keyof typeof tokens;

beforeAll(async () => {
  for (const who of ['owner', 'admin', 'otherAdmin'] as const) {
    await queryRows(
      db,
      sql`INSERT INTO members (id, name, url_minify) VALUES (${ids[who]}, ${`Người ${who}`}, ${`m-${who}`})`,
    );
    tokens[who] = await server.tokenFor(ids[who]);
  }
  await queryRows(
    db,
    sql`INSERT INTO groups (id, name, url_minify) VALUES (${ids.brand}, 'Trà Mộc', 'tra-moc-merge')`,
  );
  await queryRows(
    db,
    sql`INSERT INTO group_members (group_id, member_id, role) VALUES (${ids.brand}, ${ids.admin}, 'admin'), (${ids.brand}, ${ids.otherAdmin}, 'admin')`,
  );
});

interface Entry {
  id: string;
  name: string;
  payload: unknown;
}

const entry = (name: string, payload: unknown): Entry => ({
  id: crypto.randomUUID(),
  name,
  payload,
});

/** A push as a device of `who` sends it: its entries and its sync client id. */
async function push(who: Who, entries: Entry[], clientId: string) {
  const res = await server.request('/api/sync/push', {
    method: 'POST',
    token: tokens[who],
    json: { mutations: entries, clientId },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: PushResult[] }).results;
}

async function pushOne(who: Who, name: string, payload: unknown, clientId: string) {
  const [result] = await push(who, [entry(name, payload)], clientId);
  expect(result?.status).toBe('applied');
  return result!;
}

async function item(table: string, id: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT * FROM ${sql.raw(table)} WHERE id = ${id}`,
  );
  return row;
}

async function conflictsOf(rowId: string) {
  return queryRows<{
    id: string;
    member_id: string;
    entity: string;
    kind: string;
    lost: Record<string, unknown>;
    written: Record<string, unknown> | null;
    resolution: string | null;
  }>(db, sql`SELECT * FROM sync_conflicts WHERE row_id = ${rowId} ORDER BY created_at`);
}

const post = {
  type: 'news',
  title: 'Khai trương',
  content: 'Mời cả nhà ghé thăm.',
  startDate: '2026-11-20',
  policy: 'public',
};

async function sharedPost(who: Who = 'owner', extra: object = {}) {
  const id = crypto.randomUUID();
  await pushOne(who, 'post.upsert', { id, ...post, ...extra }, 'device-a');
  return id;
}

describe('per-field merge of posts', () => {
  it('keeps both edits of different fields made on two devices', async () => {
    const id = await sharedPost();
    await pushOne(
      'owner',
      'post.upsert',
      { id, ...post, content: 'Giảm giá 20%', base: { content: post.content } },
      'device-b',
    );
    // A, offline since, sends its whole form (with the old content) naming only the title.
    await pushOne(
      'owner',
      'post.upsert',
      { id, ...post, title: 'Khai trương chi nhánh', base: { title: post.title } },
      'device-a',
    );
    expect(await item('posts', id)).toMatchObject({
      title: 'Khai trương chi nhánh',
      content: 'Giảm giá 20%',
    });
    expect(await conflictsOf(id)).toEqual([]);
  });

  it('gives the same field to the later write and keeps the replaced value once', async () => {
    const id = await sharedPost();
    await pushOne(
      'owner',
      'post.upsert',
      { id, ...post, title: 'Từ máy B', base: { title: post.title } },
      'device-b',
    );
    const late = entry('post.upsert', {
      id,
      ...post,
      title: 'Từ máy A',
      base: { title: post.title },
    });
    expect((await push('owner', [late], 'device-a'))[0]?.status).toBe('applied');
    expect((await push('owner', [late], 'device-a'))[0]?.status).toBe('applied');
    expect((await item('posts', id))?.title).toBe('Từ máy A');
    const [conflict, ...more] = await conflictsOf(id);
    expect(more).toEqual([]);
    expect(conflict).toMatchObject({
      entity: 'posts',
      kind: 'field',
      lost: { title: 'Từ máy B' },
      written: { title: 'Từ máy A' },
    });
    await pushOne('owner', 'conflict.resolve', { id: conflict!.id, choice: 'lost' }, 'device-b');
    expect((await item('posts', id))?.title).toBe('Từ máy B');
  });

  it('keeps an edit of a deleted post; restoring brings it back with the edit', async () => {
    const id = await sharedPost();
    await pushOne('owner', 'post.delete', { id }, 'device-b');
    await pushOne(
      'owner',
      'post.upsert',
      { id, ...post, content: 'Gõ khi mất mạng', base: { content: post.content } },
      'device-a',
    );
    expect((await item('posts', id))?.deleted_at).not.toBeNull();
    const [conflict] = await conflictsOf(id);
    expect(conflict).toMatchObject({
      entity: 'posts',
      kind: 'deleted',
      lost: { content: 'Gõ khi mất mạng' },
    });
    await pushOne('owner', 'conflict.resolve', { id: conflict!.id, choice: 'restore' }, 'device-a');
    expect(await item('posts', id)).toMatchObject({
      deleted_at: null,
      title: post.title,
      content: 'Gõ khi mất mạng',
    });
  });

  it('still writes a whole post with no base: the later write wins, no conflict', async () => {
    const id = await sharedPost();
    await pushOne(
      'owner',
      'post.upsert',
      { id, ...post, title: 'B', base: { title: post.title } },
      'device-b',
    );
    await pushOne('owner', 'post.upsert', { id, ...post, content: 'Cả bài mới' }, 'device-a');
    expect(await item('posts', id)).toMatchObject({ title: post.title, content: 'Cả bài mới' });
    expect(await conflictsOf(id)).toEqual([]);
  });
});

describe('per-field merge of brand items and product values', () => {
  it("merges a brand admin's edits of a brand post and keeps the lost value for them", async () => {
    const id = await sharedPost('admin', { groupId: ids.brand });
    await pushOne(
      'admin',
      'post.upsert',
      { id, ...post, groupId: ids.brand, title: 'Trà mới', base: { title: post.title } },
      'device-b',
    );
    await pushOne(
      'admin',
      'post.upsert',
      { id, ...post, groupId: ids.brand, outstanding: true, base: { outstanding: 'false' } },
      'device-a',
    );
    await pushOne(
      'admin',
      'post.upsert',
      { id, ...post, groupId: ids.brand, title: 'Trà cũ', base: { title: post.title } },
      'device-a',
    );
    expect(await item('posts', id)).toMatchObject({
      group_id: ids.brand,
      title: 'Trà cũ',
      outstanding: true,
    });
    expect(await conflictsOf(id)).toMatchObject([
      { member_id: ids.admin, kind: 'field', lost: { title: 'Trà mới' } },
    ]);
  });

  it('keeps a value another admin replaced for the admin who wrote it, who can put it back', async () => {
    const id = await sharedPost('admin', { groupId: ids.brand });
    // The admin retitles the post; the other admin, from the same base, writes its own title
    // and the content: the admin's title is replaced, so the admin is the one to choose.
    await pushOne(
      'admin',
      'post.upsert',
      {
        id,
        ...post,
        groupId: ids.brand,
        title: 'Tiêu đề của quản trị A',
        base: { title: post.title },
      },
      'device-a',
    );
    await pushOne(
      'otherAdmin',
      'post.upsert',
      {
        id,
        ...post,
        groupId: ids.brand,
        title: 'Tiêu đề của quản trị B',
        content: 'Nội dung của B',
        base: { title: post.title, content: post.content },
      },
      'device-b',
    );
    expect(await item('posts', id)).toMatchObject({ title: 'Tiêu đề của quản trị B' });
    const [conflict, ...more] = await conflictsOf(id);
    expect(more).toEqual([]);
    expect(conflict).toMatchObject({
      member_id: ids.admin,
      kind: 'field',
      lost: { title: 'Tiêu đề của quản trị A' },
      written: { title: 'Tiêu đề của quản trị B' },
    });
    // The admin's devices pull it; the other admin's do not.
    const pulled = async (who: Who) => {
      const res = await server.request('/api/sync/pull?cursor=0&limit=1000', {
        token: tokens[who],
      });
      const page = (await res.json()) as PullResponse;
      return page.changes.filter((c) => c.entity === 'conflicts').map((c) => c.row.id);
    };
    expect(await pulled('admin')).toContain(conflict!.id);
    expect(await pulled('otherAdmin')).not.toContain(conflict!.id);
    // Keeping its own title puts it back, and B's content stays.
    await pushOne('admin', 'conflict.resolve', { id: conflict!.id, choice: 'lost' }, 'device-a');
    expect(await item('posts', id)).toMatchObject({
      title: 'Tiêu đề của quản trị A',
      content: 'Nội dung của B',
    });
  });

  it('compares prices as their digits and an images list whole', async () => {
    const id = crypto.randomUUID();
    const product = {
      id,
      groupId: ids.brand,
      type: 'sell',
      childType: 'Trà',
      title: 'Trà ô long',
      price: '150.000',
      images: ['https://example.com/a.jpg'],
      policy: 'public',
    };
    await pushOne('admin', 'product.upsert', product, 'device-a');
    // B changes the price (typed with dots), A the pictures: both survive.
    await pushOne(
      'admin',
      'product.upsert',
      { ...product, price: '180.000', base: { price: '150000' } },
      'device-b',
    );
    const images = ['https://example.com/b.jpg', 'https://example.com/a.jpg'];
    await pushOne(
      'admin',
      'product.upsert',
      { ...product, images, base: { images: product.images } },
      'device-a',
    );
    // Read as raw rows: PostgreSQL's driver gives a bigint as text, PGlite as a number.
    const merged = await item('products', id);
    expect({ price: Number(merged?.price), images: merged?.images }).toEqual({
      price: 180000,
      images,
    });
    expect(await conflictsOf(id)).toEqual([]);
    // The same price again on A, against the old base: the later write wins, 180000 is kept.
    await pushOne(
      'admin',
      'product.upsert',
      { ...product, images, price: 200000, base: { price: '150000' } },
      'device-a',
    );
    expect(Number((await item('products', id))?.price)).toBe(200000);
    expect(await conflictsOf(id)).toMatchObject([
      { entity: 'products', lost: { price: '180000' }, written: { price: '200000' } },
    ]);
  });
});
