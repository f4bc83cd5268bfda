// The device's half of the per-field merge (decision 1062) for content, on fake-indexeddb: the
// form's save queues the whole item with a base naming only the fields the member changed (a
// price and a pictures list compared as the server compares them), keeps a field pulled while
// the form was open, and a choice on a conflict shows on the item at once.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { appDb, type ConflictRow } from '../../src/db/app-db';
import { writeSession } from '../../src/api/session-store';
import {
  chooseOnContentConflict,
  payloadOfRow,
  saveContentIn,
  type ContentRow,
} from '../../src/features/content/content-data';
import { postUpsertSchema, productUpsertSchema } from '../../contract/content-writes';

const me = '0b7c8f4e-2f55-4b7e-9a1d-3c2a1f0e9d01';
const brand = '0b7c8f4e-2f55-4b7e-9a1d-3c2a1f0e9d02';
const postId = '0b7c8f4e-2f55-4b7e-9a1d-3c2a1f0e9d05';
const productId = '0b7c8f4e-2f55-4b7e-9a1d-3c2a1f0e9d06';
const times = {
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  deletedAt: null,
};

const post: ContentRow<'post'> = {
  id: postId,
  memberId: me,
  groupId: null,
  type: 'news',
  title: 'Khai trương',
  content: 'Mời cả nhà ghé thăm.',
  imageUrl: null,
  ordinal: 1,
  startDate: '2026-11-20',
  outstanding: false,
  policy: 'public',
  ...times,
};

const product: ContentRow<'product'> = {
  id: productId,
  memberId: null,
  groupId: brand,
  type: 'sell',
  childType: 'Trà',
  childCareer: null,
  title: 'Trà ô long',
  content: '',
  listedPrice: null,
  price: 1_200_000,
  quantity: null,
  contactUrl: null,
  origin: null,
  customsCode: null,
  certificate: null,
  shopType: null,
  shopLink: null,
  images: ['https://example.com/a.jpg'],
  outstanding: false,
  policy: 'public',
  ...times,
};

function conflict(overrides: Partial<ConflictRow>): ConflictRow {
  return {
    id: crypto.randomUUID(),
    memberId: me,
    entity: 'products',
    rowId: productId,
    kind: 'field',
    label: 'Trà ô long',
    lost: {},
    written: {},
    writerClientId: 'other-device',
    resolution: null,
    createdAt: '2026-11-21T00:00:00.000Z',
    updatedAt: '2026-11-21T00:00:00.000Z',
    deletedAt: null,
    ...overrides,
  };
}

beforeEach(async () => {
  await Promise.all(appDb.tables.map((t) => t.clear()));
  await writeSession({
    accessToken: 't',
    memberId: me,
    userName: 'demo',
    urlMinify: 'demo',
    brandGroup: null,
    agency: null,
  });
  await appDb.posts.put(post);
  await appDb.products.put(product);
});

describe('content edits', () => {
  it("queues a post's whole form with a base naming only the changed title", async () => {
    // A pull changed the content while the form was open: this device keeps it.
    await appDb.posts.update(postId, { content: 'Giảm giá 20%' });
    await saveContentIn(appDb, me, 'post', { ...payloadOfRow('post', post), title: 'Mới' }, post);
    const [entry, ...more] = await appDb.outbox.toArray();
    expect(more).toEqual([]);
    expect(entry?.name).toBe('post.upsert');
    expect(entry?.payload).toMatchObject({
      id: postId,
      title: 'Mới',
      content: 'Mời cả nhà ghé thăm.',
      base: { title: 'Khai trương' },
    });
    expect(Object.keys((entry?.payload as { base: object }).base)).toEqual(['title']);
    expect(v.safeParse(postUpsertSchema, entry?.payload).success).toBe(true);
    expect(await appDb.posts.get(postId)).toMatchObject({
      title: 'Mới',
      content: 'Giảm giá 20%',
    });
  });

  it('compares a price typed with dots by its digits and a pictures list whole', async () => {
    const form = payloadOfRow('product', product);
    // The same price typed as people type it, the pictures reordered.
    const images = ['https://example.com/b.jpg', 'https://example.com/a.jpg'];
    await saveContentIn(appDb, me, 'product', { ...form, price: '1.200.000', images }, product);
    await saveContentIn(appDb, me, 'product', { ...form, price: '1.500.000' }, product);
    const [pictures, price] = await appDb.outbox.orderBy('seq').toArray();
    expect((pictures?.payload as { base: object }).base).toEqual({
      images: ['https://example.com/a.jpg'],
    });
    expect((price?.payload as { base: object }).base).toEqual({ price: '1200000' });
    expect(v.safeParse(productUpsertSchema, price?.payload).success).toBe(true);
    expect(await appDb.products.get(productId)).toMatchObject({ price: 1_500_000, images });
  });

  it('puts a kept price back on the item at once, as a number', async () => {
    const kept = conflict({ lost: { price: '1800000' }, written: { price: '1200000' } });
    await appDb.conflicts.put(kept);
    await chooseOnContentConflict('product', kept, 'lost');
    expect(await appDb.conflicts.get(kept.id)).toBeUndefined();
    expect((await appDb.products.get(productId))?.price).toBe(1_800_000);
    const [entry] = await appDb.outbox.toArray();
    expect(entry?.payload).toEqual({ id: kept.id, choice: 'lost' });
  });
});
