// Pictures picked offline (decision 0620), on fake-indexeddb against the real server
// in-process: the picture is kept across a reopen, uploaded once (even when the answer to the
// upload is lost), before the edit that points at it, and a refused picture blocks nothing.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from '../../server/db/client';
import { parseImageUrl } from '../../contract/image';
import { queueImageUploadIn, type ImageResizer } from '../../src/sync/image-uploads';
import { queueProfileImageIn } from '../../src/sync/profile-images';
import { startTestServer } from '../server/test-server';
import { createDevice, demoMemberId, type Device } from './support/sync-harness';

const server = await startTestServer({ demo: true });
const memberId = await demoMemberId(server);

/** fake-indexeddb has no canvas: the picture is kept as picked. */
const keepAsPicked: ImageResizer = (file) => Promise.resolve(file);

const picked = new Blob(
  [
    new Uint8Array(
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c84' } })
        .jpeg()
        .toBuffer(),
    ),
  ],
  { type: 'image/jpeg' },
);

let device: Device;

beforeEach(async () => {
  device = await createDevice(server, memberId, { random: () => 0.5 });
});

async function serverUploads(id: string) {
  return queryRows<{ id: string; member_id: string }>(
    server.database.db,
    sql`SELECT id, member_id FROM image_uploads WHERE id = ${id}`,
  );
}

async function avatarOnServer(): Promise<string | null> {
  const [row] = await queryRows<{ avatar_url: string | null }>(
    server.database.db,
    sql`SELECT avatar_url FROM members WHERE id = ${memberId}`,
  );
  return row?.avatar_url ?? null;
}

const offline = () => {
  device.faults.next = () => ({ kind: 'drop-before' });
};
const online = () => {
  device.faults.next = () => undefined;
};

describe('a picture picked offline', () => {
  it('is kept across a reopen, then uploaded once, before the edit that points at it', async () => {
    offline();
    const url = await queueImageUploadIn(device.db, memberId, picked, 'avatar', keepAsPicked);
    const uploadId = parseImageUrl(url)!.uploadId;
    expect(url).toBe(`/img/${uploadId}/256.webp`);
    await queueProfileImageIn(device.db, memberId, 'avatar', url);
    expect((await device.engine.syncNow()).status).toBe('offline');

    await device.crash();
    const kept = await device.db.pendingImages.get(uploadId);
    expect(kept?.state).toBe('pending');
    expect(kept?.bytes.byteLength).toBe(picked.size);
    expect(await device.db.outbox.count()).toBe(1);
    expect(await serverUploads(uploadId)).toEqual([]);

    // Back online, but the answer to the upload is lost: the server stored it, the device
    // does not know, and sends it again on the next flush.
    let uploads = 0;
    device.faults.next = (path) =>
      path.startsWith('/api/uploads/') && ++uploads === 1 ? { kind: 'drop-after' } : undefined;
    expect((await device.engine.syncNow({ force: true })).status).toBe('offline');
    expect(await serverUploads(uploadId)).toHaveLength(1);
    expect(await device.db.pendingImages.get(uploadId)).toBeDefined();
    expect(await avatarOnServer()).not.toBe(url);

    const outcome = await device.engine.syncNow({ force: true });
    expect(outcome).toMatchObject({ status: 'synced', pushed: 1, rejected: 0 });
    expect(await serverUploads(uploadId)).toEqual([{ id: uploadId, member_id: memberId }]);
    expect(await avatarOnServer()).toBe(url);
    expect(await device.db.pendingImages.count()).toBe(0);
    expect(await device.db.outbox.count()).toBe(0);
    const sent = device.log
      .filter((l) => l.status !== 'network-error')
      .map((l) => l.path.split('?')[0]);
    expect(sent.indexOf(`/api/uploads/${uploadId}`)).toBeLessThan(sent.indexOf('/api/sync/push'));
    expect(sent.filter((p) => p === `/api/uploads/${uploadId}`)).toHaveLength(1);
  });

  it('a refused picture is marked with its reason and the edit pointing at it is undone', async () => {
    online();
    const notAPicture = new Blob(['<html>not a picture</html>'], { type: 'image/png' });
    const bad = await queueImageUploadIn(device.db, memberId, notAPicture, 'banner', keepAsPicked);
    const good = await queueImageUploadIn(device.db, memberId, picked, 'avatar', keepAsPicked);
    await queueProfileImageIn(device.db, memberId, 'banner', bad);
    await queueProfileImageIn(device.db, memberId, 'avatar', good);
    const outcome = await device.engine.syncNow({ force: true });
    expect(outcome).toMatchObject({ status: 'synced', pushed: 1, rejected: 1 });
    const refused = await device.db.pendingImages.get(parseImageUrl(bad)!.uploadId);
    expect(refused?.state).toBe('rejected');
    expect(refused?.error?.code).toBe('image_type_unsupported');
    expect(refused?.error?.message).toMatch(/không phải ảnh/);
    const [rejected] = await device.db.outbox.where('state').equals('rejected').toArray();
    expect(rejected?.error?.code).toBe('image_not_uploaded');
    expect(await avatarOnServer()).toBe(good);
  });
});
