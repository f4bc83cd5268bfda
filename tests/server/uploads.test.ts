// Picture uploads (decision 0620): hostile files are refused with a clear message and store
// nothing; a sound picture is re-encoded without its EXIF/GPS, served immutable with an ETag,
// and becomes a card picture only for the member who uploaded it.
import { crc32, deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from '../../server/db/client';
import { mainImageUrl, maxUploadBytes, type StoredUpload } from '../../contract/image';
import type { PushResponse } from '../../contract/sync';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });

let demoId = '';
let binhId = '';
let demo = '';
let binh = '';

async function memberId(urlMinify: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    server.database.db,
    sql`SELECT id FROM members WHERE url_minify = ${urlMinify}`,
  );
  return rows[0]!.id;
}

async function storedCounts() {
  const [row] = await queryRows<{ uploads: number; blobs: number; variants: number }>(
    server.database.db,
    sql`SELECT (SELECT count(*)::int FROM image_uploads) AS uploads,
               (SELECT count(*)::int FROM image_blobs) AS blobs,
               (SELECT count(*)::int FROM image_variants) AS variants`,
  );
  return row!;
}

const upload = (
  id: string,
  bytes: Uint8Array,
  token: string | undefined,
  purpose = 'avatar',
  headers: Record<string, string> = {},
) =>
  server.request(`/api/uploads/${id}?purpose=${purpose}`, {
    method: 'PUT',
    ...(token ? { token } : {}),
    headers: { 'content-type': 'image/jpeg', ...headers },
    body: new Blob([new Uint8Array(bytes)]),
  });

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** A refusal: its status, code and vi message, and nothing stored. */
async function expectRefused(res: Response, status: number, code: string, text: RegExp) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as ErrorAnswer;
  expect(body.error.code).toBe(code);
  expect(body.error.fields?.image ?? body.error.message).toMatch(text);
  expect(body.error.message).not.toMatch(/Đã có lỗi xảy ra/);
}

const photo = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fc0"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 85 });

let goodJpeg: Buffer;
let gpsJpeg: Buffer;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG whose header claims 30000 × 30000 pixels over a deflate stream of zeros. */
function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(4 * 1024 * 1024), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  demoId = await memberId('demo');
  binhId = await memberId('binh-tran');
  demo = await server.tokenFor(demoId);
  binh = await server.tokenFor(binhId);
  goodJpeg = await photo(1200, 900).toBuffer();
  gpsJpeg = await photo(800, 600)
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Camera 1', Copyright: 'Owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 46/1 0/1' },
    })
    .toBuffer();
});

describe('hostile uploads', () => {
  it('refuses an oversized file with its limit and stores nothing', async () => {
    const before = await storedCounts();
    const big = Buffer.alloc(maxUploadBytes + 1024);
    goodJpeg.copy(big);
    const res = await upload(crypto.randomUUID(), big, demo);
    await expectRefused(res, 413, 'image_too_large', /tối đa 12 MB/);
    expect(await storedCounts()).toEqual(before);
  });

  it('refuses a file that is not a picture, whatever it is called', async () => {
    const before = await storedCounts();
    const text = Buffer.from('<html><body>not a picture</body></html>');
    const res = await upload(crypto.randomUUID(), text, demo, 'avatar', {
      'content-type': 'image/png',
    });
    await expectRefused(res, 415, 'image_type_unsupported', /không phải ảnh JPEG, PNG/);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    await expectRefused(
      await upload(crypto.randomUUID(), gif, demo),
      415,
      'image_type_unsupported',
      /không phải ảnh/,
    );
    expect(await storedCounts()).toEqual(before);
  });

  it('refuses a truncated picture', async () => {
    const before = await storedCounts();
    const cut = goodJpeg.subarray(0, Math.floor(goodJpeg.length * 0.6));
    await expectRefused(
      await upload(crypto.randomUUID(), cut, demo),
      422,
      'image_damaged',
      /bị hỏng hoặc không đầy đủ/,
    );
    const png = await sharp(goodJpeg).png().toBuffer();
    await expectRefused(
      await upload(crypto.randomUUID(), png.subarray(0, png.length - 40), demo),
      422,
      'image_damaged',
      /bị hỏng/,
    );
    expect(await storedCounts()).toEqual(before);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const before = await storedCounts();
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(64 * 1024);
    const started = performance.now();
    await expectRefused(
      await upload(crypto.randomUUID(), bomb, demo),
      422,
      'image_too_many_pixels',
      /quá nhiều điểm ảnh: tối đa 50 triệu/,
    );
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await storedCounts()).toEqual(before);
  });

  it('refuses polyglots: markup appended, hidden in a comment, or an archive after the end', async () => {
    const before = await storedCounts();
    const appended = Buffer.concat([goodJpeg, Buffer.from('<html><script>alert(1)</script>')]);
    await expectRefused(
      await upload(crypto.randomUUID(), appended, demo),
      422,
      'image_hidden_content',
      /chứa nội dung khác/,
    );
    // A JPEG comment segment (COM) right after SOI holding a page.
    const payload = Buffer.from('<script>alert(document.cookie)</script>');
    const com = Buffer.alloc(4);
    com.writeUInt16BE(0xfffe, 0);
    com.writeUInt16BE(payload.length + 2, 2);
    const inComment = Buffer.concat([goodJpeg.subarray(0, 2), com, payload, goodJpeg.subarray(2)]);
    await expectRefused(
      await upload(crypto.randomUUID(), inComment, demo),
      422,
      'image_hidden_content',
      /chứa nội dung khác/,
    );
    const zip = Buffer.concat([
      goodJpeg,
      Buffer.from('PK\x03\x04\x14\x00\x00\x00payload.txtPK\x05\x06', 'latin1'),
    ]);
    await expectRefused(
      await upload(crypto.randomUUID(), zip, demo, 'content'),
      422,
      'image_hidden_content',
      /chứa nội dung khác/,
    );
    expect(await storedCounts()).toEqual(before);
  });

  it('says it in English when English is chosen', async () => {
    const res = await upload(crypto.randomUUID(), Buffer.from('plain text'), demo, 'avatar', {
      cookie: 'lang=en',
    });
    await expectRefused(res, 415, 'image_type_unsupported', /not a JPEG, PNG, WebP or AVIF/);
  });

  it('refuses an unknown purpose per field, and callers without a session', async () => {
    const res = await upload(crypto.randomUUID(), goodJpeg, demo, 'wallpaper');
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorAnswer;
    expect(Object.keys(body.error.fields ?? {})).toEqual(['purpose']);
    expect((await upload(crypto.randomUUID(), goodJpeg, undefined)).status).toBe(401);
  });
});

describe('a sound upload', () => {
  it('re-encodes to the sizes of its purpose without EXIF or GPS', async () => {
    const original = await sharp(gpsJpeg).metadata();
    expect(original.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // GPS IFD pointer
    const id = crypto.randomUUID();
    const res = await upload(id, gpsJpeg, demo);
    expect(res.status).toBe(200);
    const stored = (await res.json()) as StoredUpload;
    expect(stored.url).toBe(mainImageUrl(id, 'avatar'));
    expect(stored.variants.map((v) => v.name).sort()).toEqual(['240.jpg', '256.webp', '96.webp']);
    for (const variant of stored.variants) {
      const img = await server.request(`/img/${id}/${variant.name}`);
      expect(img.status).toBe(200);
      const bytes = Buffer.from(await img.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.format).toBe(variant.name.endsWith('.jpg') ? 'jpeg' : 'webp');
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(bytes.includes(Buffer.from('Camera 1'))).toBe(false);
    }
  });

  it('serves with immutable caching and an ETag; 404 (not cached) for a missing one', async () => {
    const id = crypto.randomUUID();
    expect((await upload(id, goodJpeg, demo, 'banner')).status).toBe(200);
    const res = await server.request(`/img/${id}/960.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await server.request(`/img/${id}/960.webp`, {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    const missing = await server.request(`/img/${crypto.randomUUID()}/960.webp`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect((await server.request(`/img/${id}/4000.webp`)).status).toBe(404);
    expect((await server.request(`/img/not-an-id/960.webp`)).status).toBe(404);
  });

  it('answers the same upload sent twice once, and refuses other bytes under its id', async () => {
    const id = crypto.randomUUID();
    const first = await upload(id, goodJpeg, demo, 'content');
    const before = await storedCounts();
    const second = await upload(id, goodJpeg, demo, 'content');
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect(await storedCounts()).toEqual(before);
    const other = await photo(300, 300).toBuffer();
    await expectRefused(
      await upload(id, other, demo, 'content'),
      409,
      'image_id_taken',
      /đã được dùng/,
    );
    expect(await storedCounts()).toEqual(before);
  });

  it("refuses another member's upload id with 403 and keeps the first", async () => {
    const id = crypto.randomUUID();
    expect((await upload(id, goodJpeg, demo)).status).toBe(200);
    const before = await storedCounts();
    const res = await upload(id, await photo(200, 200).toBuffer(), binh);
    expect(res.status).toBe(403);
    expect((await server.request(`/api/uploads/${id}`, { token: binh })).status).toBe(403);
    expect((await server.request(`/api/uploads/${id}`, { token: demo })).status).toBe(200);
    expect(
      (await server.request(`/api/uploads/${crypto.randomUUID()}`, { token: demo })).status,
    ).toBe(404);
    expect(await storedCounts()).toEqual(before);
  });

  it('stores a blob once when two uploads re-encode to the same bytes', async () => {
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    expect((await upload(a, goodJpeg, demo, 'background')).status).toBe(200);
    const before = await storedCounts();
    expect((await upload(b, goodJpeg, demo, 'background')).status).toBe(200);
    const after = await storedCounts();
    expect(after.uploads).toBe(before.uploads + 1);
    expect(after.variants).toBe(before.variants + 2);
    expect(after.blobs).toBe(before.blobs);
  });
});

describe('profile.setImage', () => {
  const push = (token: string, entries: { id: string; name: string; payload: unknown }[]) =>
    server.request('/api/sync/push', { method: 'POST', token, json: { mutations: entries } });

  async function pictures(id: string) {
    const [row] = await queryRows<{
      avatar_url: string | null;
      banner_url: string | null;
      change_seq: string;
    }>(
      server.database.db,
      sql`SELECT avatar_url, banner_url, change_seq FROM members WHERE id = ${id}`,
    );
    return row!;
  }

  it('points the card at the upload and bumps the row; the card page and vCard show it', async () => {
    const id = crypto.randomUUID();
    expect((await upload(id, gpsJpeg, demo)).status).toBe(200);
    const before = await pictures(demoId);
    const url = mainImageUrl(id, 'avatar');
    const res = await push(demo, [
      { id: crypto.randomUUID(), name: 'profile.setImage', payload: { slot: 'avatar', url } },
    ]);
    const body = (await res.json()) as PushResponse;
    expect(body.results[0]?.status).toBe('applied');
    const after = await pictures(demoId);
    expect(after.avatar_url).toBe(url);
    expect(Number(after.change_seq)).toBeGreaterThan(Number(before.change_seq));

    const page = await (await server.request('/me/demo')).text();
    expect(page).toContain(
      `<meta property="og:image" content="http://cards.test/img/${id}/240.jpg"`,
    );
    const vcard = await (await server.request(`/api/members/getVfcMemberId/${demoId}`)).text();
    const unfolded = vcard.replace(/\r\n /g, '');
    const photoLine = unfolded.split('\r\n').find((line) => line.startsWith('PHOTO'));
    expect(photoLine).toMatch(/^PHOTO;ENCODING=b;TYPE=JPEG:[A-Za-z0-9+/]+=*$/);
    const jpeg = Buffer.from(photoLine!.split(':')[1]!, 'base64');
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(vcard.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it("refuses another member's upload (403), a missing one and a wrong slot; nothing changes", async () => {
    const binhUpload = crypto.randomUUID();
    expect((await upload(binhUpload, goodJpeg, binh)).status).toBe(200);
    const banner = crypto.randomUUID();
    expect((await upload(banner, goodJpeg, demo, 'banner')).status).toBe(200);
    const before = await pictures(demoId);
    const res = await push(demo, [
      {
        id: crypto.randomUUID(),
        name: 'profile.setImage',
        payload: { slot: 'avatar', url: mainImageUrl(binhUpload, 'avatar') },
      },
      {
        id: crypto.randomUUID(),
        name: 'profile.setImage',
        payload: { slot: 'avatar', url: mainImageUrl(crypto.randomUUID(), 'avatar') },
      },
      {
        id: crypto.randomUUID(),
        name: 'profile.setImage',
        payload: { slot: 'avatar', url: `/img/${banner}/960.webp` },
      },
      {
        id: crypto.randomUUID(),
        name: 'profile.setImage',
        payload: { slot: 'avatar', url: 'https://evil.example/x.png' },
      },
    ]);
    const body = (await res.json()) as PushResponse;
    expect(body.results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', 'forbidden'],
      ['rejected', 'image_not_uploaded'],
      ['rejected', 'validation_failed'],
      ['rejected', 'validation_failed'],
    ]);
    expect(await pictures(demoId)).toEqual(before);
  });
});
