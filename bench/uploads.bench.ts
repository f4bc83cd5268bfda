// Picture upload figures (decision 0620), server side on the embedded database:
// `upload-avatar-ms`: a 4000 × 3000 camera JPEG checked, decoded, re-encoded to the avatar's
// stored sizes and written (median of 7 after a warm-up); `avatar-bytes`: the avatar variant
// the card loads (`256.webp`) of that photo, and of the demo card's avatar (the larger one).
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { migrate, openDatabase, queryRows } from '../server/db/client';
import { storeUpload } from '../server/images/image-store';
import { seedDemoData } from '../server/seed/demo';
import { demoAvatarUploadId } from '../server/seed/demo-pictures';
import type { Figure } from './run';

/** A photo-like 4000 × 3000 JPEG: shapes, gradients and sensor grain, as a phone saves it. */
export async function cameraPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#8fb8de"/><stop offset="1" stop-color="#f3e2c7"/></linearGradient>
      <radialGradient id="face" cx="0.45" cy="0.4" r="0.6">
        <stop offset="0" stop-color="#f6cfaa"/><stop offset="1" stop-color="#c98b63"/></radialGradient></defs>
      <rect width="${width}" height="${height}" fill="url(#sky)"/>
      <path d="M0 2100 C 800 1700 1600 1800 2400 2000 S 3600 1900 4000 1800 V 3000 H 0 Z" fill="#5d7f4f"/>
      <ellipse cx="2000" cy="1300" rx="620" ry="760" fill="url(#face)"/>
      <path d="M1200 3000 C 1300 2300 2700 2300 2800 3000 Z" fill="#23507a"/>
    </svg>`,
  );
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .ensureAlpha(0.12)
    .png()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function run(): Promise<Figure[]> {
  const handle = await openDatabase({});
  try {
    await migrate(handle);
    await seedDemoData(handle.db);
    const [member] = await queryRows<{ id: string }>(
      handle.db,
      sql`SELECT id FROM members WHERE url_minify = 'demo'`,
    );
    const memberId = member!.id;
    const photo = await cameraPhoto();
    const times: number[] = [];
    let cardBytes = 0;
    for (let i = 0; i < 8; i++) {
      const started = performance.now();
      const stored = await storeUpload(handle.db, {
        id: crypto.randomUUID(),
        memberId,
        purpose: 'avatar',
        bytes: photo,
      });
      if (i > 0) times.push(performance.now() - started);
      cardBytes = stored.variants.find((v) => v.name === '256.webp')?.bytes ?? 0;
    }
    times.sort((a, b) => a - b);
    const [demo] = await queryRows<{ byte_size: number }>(
      handle.db,
      sql`SELECT b.byte_size FROM image_variants v JOIN image_blobs b ON b.hash = v.blob_hash
          WHERE v.upload_id = ${demoAvatarUploadId} AND v.variant = '256.webp'`,
    );
    const median = times[Math.floor(times.length / 2)] ?? 0;
    return [
      { name: 'upload-avatar-ms', value: Math.round(median), unit: 'ms' },
      {
        name: 'avatar-bytes',
        value: Math.round((Math.max(cardBytes, Number(demo?.byte_size ?? 0)) / 1024) * 10) / 10,
        unit: 'KB',
      },
    ];
  } finally {
    await handle.close();
  }
}
