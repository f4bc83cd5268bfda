// Pictures of posts, products, relics and posters picked on the device (decisions 0620, 0672),
// on fake-indexeddb against the real server in-process: picked offline, the item shows the
// picture's address at once, both survive a reopen, and back online the picture is uploaded
// once, before the item, whose server row then carries the address exactly once.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from '../../server/db/client';
import { parseImageUrl } from '../../contract/image';
import { queueImageUploadIn, type ImageResizer } from '../../src/sync/image-uploads';
import { saveContentIn } from '../../src/features/content/content-data';
import { startTestServer } from '../server/test-server';
import { createDevice, demoMemberId, type Device } from './support/sync-harness';

const server = await startTestServer({ demo: true });
const memberId = await demoMemberId(server);
const db = server.database.db;

/** fake-indexeddb has no canvas: the picture is kept as picked. */
const keepAsPicked: ImageResizer = (file) => Promise.resolve(file);

async function jpeg(colour: string): Promise<Blob> {
  const bytes = await sharp({
    create: { width: 800, height: 600, channels: 3, background: colour },
  })
    .jpeg()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
}

let device: Device;

beforeEach(async () => {
  device = await createDevice(server, memberId, { random: () => 0.5 });
});

const offline = () => {
  device.faults.next = () => ({ kind: 'drop-before' });
};
const online = () => {
  device.faults.next = () => undefined;
};

async function uploadsOnServer(ids: string[]): Promise<{ id: string; purpose: string }[]> {
  const rows = await queryRows<{ id: string; purpose: string }>(
    db,
    sql`SELECT id, purpose FROM image_uploads`,
  );
  return rows.filter((row) => ids.includes(row.id));
}

describe('content pictures picked on the device', () => {
  it('offline: shown at once, kept across a reopen, then uploaded once before the item', async () => {
    offline();
    const cover = await queueImageUploadIn(
      device.db,
      memberId,
      await jpeg('#3a6'),
      'content',
      keepAsPicked,
    );
    const second = await queueImageUploadIn(
      device.db,
      memberId,
      await jpeg('#a36'),
      'content',
      keepAsPicked,
    );
    const postPicture = await queueImageUploadIn(
      device.db,
      memberId,
      await jpeg('#36a'),
      'content',
      keepAsPicked,
    );
    const ids = [cover, second, postPicture].map((url) => parseImageUrl(url)!.uploadId);
    expect(cover).toBe(`/img/${ids[0]}/1024.webp`);

    const productId = crypto.randomUUID();
    const postId = crypto.randomUUID();
    await saveContentIn(device.db, memberId, 'product', {
      id: productId,
      groupId: null,
      type: 'product',
      childType: 'Cà phê',
      title: 'Cà phê hạt rang mộc',
      images: [cover, second],
      policy: 'public',
    });
    await saveContentIn(device.db, memberId, 'post', {
      id: postId,
      groupId: null,
      type: 'news',
      title: 'Mùa cà phê mới',
      content: 'Đã có hạt mới.',
      startDate: '2026-11-20',
      imageUrl: postPicture,
      policy: 'public',
    });
    // The device shows the items with the pictures' addresses (served from the device).
    expect((await device.db.products.get(productId))?.images).toEqual([cover, second]);
    expect((await device.db.posts.get(postId))?.imageUrl).toBe(postPicture);
    expect((await device.engine.syncNow()).status).toBe('offline');

    await device.crash();
    expect(await device.db.pendingImages.count()).toBe(3);
    expect(await device.db.outbox.count()).toBe(2);
    expect(await uploadsOnServer(ids)).toEqual([]);

    online();
    const outcome = await device.engine.syncNow({ force: true });
    expect(outcome).toMatchObject({ status: 'synced', pushed: 2, rejected: 0 });
    expect((await uploadsOnServer(ids)).map((row) => row.purpose)).toEqual([
      'content',
      'content',
      'content',
    ]);
    const [product] = await queryRows<{ images: string[] }>(
      db,
      sql`SELECT images FROM products WHERE id = ${productId}`,
    );
    expect(product?.images).toEqual([cover, second]);
    const [post] = await queryRows<{ image_url: string | null }>(
      db,
      sql`SELECT image_url FROM posts WHERE id = ${postId}`,
    );
    expect(post?.image_url).toBe(postPicture);
    expect(await device.db.pendingImages.count()).toBe(0);
    expect(await device.db.outbox.count()).toBe(0);

    // Each picture went up once, before the push that points at it.
    const sent = device.log
      .filter((l) => l.status !== 'network-error')
      .map((l) => l.path.split('?')[0]);
    for (const id of ids) {
      expect(sent.filter((path) => path === `/api/uploads/${id}`)).toHaveLength(1);
      expect(sent.indexOf(`/api/uploads/${id}`)).toBeLessThan(sent.indexOf('/api/sync/push'));
    }
    // The served picture is the re-encoded one.
    const served = await server.request(cover);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');

    // Another flush sends nothing again.
    await device.engine.syncNow({ force: true });
    expect(await uploadsOnServer(ids)).toHaveLength(3);
  });

  it('a refused picture leaves the item unsaved on the server and undone on the device', async () => {
    online();
    const notAPicture = new Blob(['<svg onload="x()"></svg>'], { type: 'image/png' });
    const bad = await queueImageUploadIn(device.db, memberId, notAPicture, 'content', keepAsPicked);
    const relicId = crypto.randomUUID();
    await saveContentIn(device.db, memberId, 'relic', {
      id: relicId,
      groupId: null,
      title: 'Huy chương',
      content: 'Giải nhất',
      images: [bad],
      policy: 'public',
    });
    const outcome = await device.engine.syncNow({ force: true });
    expect(outcome).toMatchObject({ status: 'synced', rejected: 1 });
    expect((await device.db.pendingImages.get(parseImageUrl(bad)!.uploadId))?.state).toBe(
      'rejected',
    );
    const [rejected] = await device.db.outbox.where('state').equals('rejected').toArray();
    expect(rejected?.error?.code).toBe('image_not_uploaded');
    expect(await device.db.relics.get(relicId)).toBeUndefined();
    const rows = await queryRows(db, sql`SELECT id FROM relics WHERE id = ${relicId}`);
    expect(rows).toEqual([]);
  });
});
