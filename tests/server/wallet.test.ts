// Decision 1101: the member's card as an Apple Wallet pass and a Google Wallet save link, signed
// with keys this test makes; both built from the current profile; 404 when not configured.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import forge from 'node-forge';
import { generateKeyPairSync } from 'node:crypto';
import { jwtVerify } from 'jose';
import { queryRows } from '../../server/db/client';
import { startTestServer } from './test-server';
import { appleTestSigning, googleTestSigning } from '../support/wallet-keys';
import { googleSaveBase } from '../../server/wallet/google-pass';
import { mainImageUrl } from '../../contract/image';
import sharp from 'sharp';

const apple = appleTestSigning();
const google = googleTestSigning();
const plain = await startTestServer({ demo: true });
const server = await startTestServer({
  demo: true,
  config: { wallet: { apple: apple.config, google: google.config } },
});

interface PassField {
  key: string;
  label?: string;
  value: string;
}
interface PassJson {
  formatVersion: number;
  passTypeIdentifier: string;
  teamIdentifier: string;
  serialNumber: string;
  organizationName: string;
  backgroundColor: string;
  generic: { primaryFields: PassField[]; secondaryFields: PassField[] };
  barcodes: { format: string; message: string }[];
}
interface LocalText {
  defaultValue: { language: string; value: string };
}
interface GenericObject {
  id: string;
  classId: string;
  header: LocalText;
  subheader: LocalText;
  barcode: { type: string; value: string };
}
interface SaveJwt {
  genericClasses: { id: string }[];
  genericObjects: GenericObject[];
}

const work = mkdtempSync(path.join(tmpdir(), 'wallet-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let demoId = '';
let token = '';

async function memberId(db: typeof server.database.db, urlMinify: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM members WHERE url_minify = ${urlMinify}`,
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  demoId = await memberId(server.database.db, 'demo');
  token = await server.tokenFor(demoId);
});

async function download(): Promise<Record<string, Uint8Array>> {
  const res = await server.request('/api/wallet/apple', { token });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

/** openssl checks the detached PKCS#7 signature over the manifest against the test root. */
function opensslVerifies(signature: Uint8Array, manifest: Uint8Array): boolean {
  const dir = mkdtempSync(path.join(work, 'sig-'));
  writeFileSync(path.join(dir, 'signature'), signature);
  writeFileSync(path.join(dir, 'manifest.json'), manifest);
  writeFileSync(path.join(dir, 'root.pem'), apple.rootPem);
  const run = spawnSync(
    'openssl',
    [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      'signature',
      '-content',
      'manifest.json',
      '-CAfile',
      'root.pem',
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  return run.status === 0;
}

describe('wallet passes not configured', () => {
  it('says so to the client, and both routes answer 404 with a message naming why', async () => {
    const plainToken = await plain.tokenFor(await memberId(plain.database.db, 'demo'));
    expect(await (await plain.request('/api/wallet/config')).json()).toEqual({
      apple: false,
      google: false,
    });
    for (const route of ['/api/wallet/apple', '/api/wallet/google']) {
      const res = await plain.request(route, { token: plainToken });
      expect(res.status).toBe(404);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('wallet_not_configured');
      expect(error.message).toBe('Thẻ ví điện tử chưa được bật trên máy chủ này');
    }
    const english = await plain.request('/api/wallet/apple', {
      token: plainToken,
      headers: { 'accept-language': 'en' },
    });
    expect(((await english.json()) as { error: { message: string } }).error.message).toBe(
      'Wallet passes are not enabled on this server',
    );
  });
});

describe('Apple Wallet pass', () => {
  it('is offered, and only to a logged-in member', async () => {
    expect(await (await server.request('/api/wallet/config')).json()).toEqual({
      apple: true,
      google: true,
    });
    expect((await server.request('/api/wallet/apple')).status).toBe(401);
  });

  it('is a generic pass of the card with its short link as QR', async () => {
    const files = await download();
    const pass = JSON.parse(strFromU8(files['pass.json']!)) as PassJson;
    expect(pass.formatVersion).toBe(1);
    expect(pass.passTypeIdentifier).toBe('pass.vn.mecards.test');
    expect(pass.teamIdentifier).toBe('TEAM123456');
    expect(pass.serialNumber).toBe(demoId);
    const [profile] = await queryRows<{ name: string; job_title: string; workplace: string }>(
      server.database.db,
      sql`SELECT name, job_title, workplace FROM members WHERE id = ${demoId}`,
    );
    expect(pass.generic.primaryFields[0]!.value).toBe(profile!.name);
    const secondary = Object.fromEntries(pass.generic.secondaryFields.map((f) => [f.key, f.value]));
    expect(secondary).toEqual({ title: profile!.job_title, company: profile!.workplace });
    expect(pass.barcodes[0]).toMatchObject({
      format: 'PKBarcodeFormatQR',
      message: 'http://cards.test/me/demo',
    });
    expect(pass.backgroundColor).toMatch(/^#[0-9a-f]{6}$/i);
    for (const image of ['icon.png', 'icon@2x.png', 'logo.png']) {
      expect(Buffer.from(files[image]!).subarray(1, 4).toString()).toBe('PNG');
    }
    expect(strFromU8(files['en.lproj/pass.strings']!)).toContain('"Công ty" = "Company";');
  });

  it('lists the SHA-1 of every file in the manifest, and the signature covers the manifest', async () => {
    const files = await download();
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as Record<string, string>;
    const others = Object.keys(files).filter((n) => n !== 'manifest.json' && n !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(others.sort());
    for (const name of others) {
      expect(manifest[name], name).toBe(createHash('sha1').update(files[name]!).digest('hex'));
    }

    // Detached PKCS#7 signed data carrying the pass certificate and the WWDR certificate.
    const signature = files.signature!;
    const p7 = forge.pkcs7.messageFromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(signature).toString('binary'))),
    ) as forge.pkcs7.PkcsSignedData;
    const subjects = p7.certificates.map(
      (c) => (c.subject.getField('CN') as { value: string }).value,
    );
    expect(subjects.sort()).toEqual(['Pass Type ID: pass.vn.mecards.test', 'Test WWDR']);
    expect((p7 as unknown as { rawCapture: { content?: unknown } }).rawCapture.content).toBe(
      undefined,
    );

    expect(opensslVerifies(signature, files['manifest.json']!)).toBe(true);
    // The check is real: a manifest changed by one byte no longer verifies.
    const tampered = Buffer.from(files['manifest.json']!);
    tampered[tampered.length - 2]! ^= 1;
    expect(opensslVerifies(signature, tampered)).toBe(false);
  });

  it('shows the card as it is now when downloaded again after an edit, photo included', async () => {
    const uploadId = crypto.randomUUID();
    const jpeg = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 60, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await server.request(`/api/uploads/${uploadId}?purpose=avatar`, {
      method: 'PUT',
      token,
      headers: { 'content-type': 'image/jpeg' },
      body: new Blob([new Uint8Array(jpeg)]),
    });
    expect(uploaded.status).toBe(200);
    const url = mainImageUrl(uploadId, 'avatar');
    const pushed = await server.request('/api/sync/push', {
      method: 'POST',
      token,
      json: {
        mutations: [
          { id: crypto.randomUUID(), name: 'profile.setImage', payload: { slot: 'avatar', url } },
        ],
      },
    });
    expect(pushed.status).toBe(200);
    await server.database.db.execute(
      sql`UPDATE members SET job_title = 'Giám đốc điều hành', workplace = 'Công ty Mới'
          WHERE id = ${demoId}`,
    );
    const files = await download();
    const pass = JSON.parse(strFromU8(files['pass.json']!)) as PassJson;
    expect(pass.generic.secondaryFields).toEqual([
      { key: 'title', label: 'Chức danh', value: 'Giám đốc điều hành' },
      { key: 'company', label: 'Công ty', value: 'Công ty Mới' },
    ]);
    expect(pass.organizationName).toBe('Công ty Mới');
    const thumbnail = await sharp(Buffer.from(files['thumbnail@2x.png']!)).metadata();
    expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['png', 180, 180]);
    // The new photo (a flat red picture), not the one before.
    const { channels } = await sharp(Buffer.from(files['thumbnail.png']!)).stats();
    expect(channels.slice(0, 3).map((c) => Math.round(c.mean / 10))).toEqual([20, 6, 4]);
  });
});

describe('Google Wallet save link', () => {
  async function saveLink(): Promise<string> {
    const res = await server.request('/api/wallet/google', { token });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url.startsWith(googleSaveBase)).toBe(true);
    return url.slice(googleSaveBase.length);
  }

  it('is refused to a visitor', async () => {
    expect((await server.request('/api/wallet/google')).status).toBe(401);
  });

  it('is a JWT signed with the service account key, carrying a generic class and object', async () => {
    const jwt = await saveLink();
    const { payload, protectedHeader } = await jwtVerify(jwt, google.publicKey, {
      issuer: google.config.clientEmail,
      audience: 'google',
      algorithms: ['RS256'],
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual(['http://cards.test']);
    const inner = payload.payload as SaveJwt;
    const classId = `${google.config.issuerId}.mecards_card`;
    expect(inner.genericClasses).toEqual([{ id: classId }]);
    const object = inner.genericObjects[0]!;
    expect(object.classId).toBe(classId);
    expect(object.id.startsWith(`${google.config.issuerId}.${demoId}-`)).toBe(true);
    expect(object.id).toMatch(/^[\w.-]+$/);
    const [profile] = await queryRows<{ name: string; job_title: string }>(
      server.database.db,
      sql`SELECT name, job_title FROM members WHERE id = ${demoId}`,
    );
    expect(object.header.defaultValue).toEqual({ language: 'vi', value: profile!.name });
    expect(object.subheader.defaultValue.value).toBe(profile!.job_title);
    expect(object.barcode).toMatchObject({ type: 'QR_CODE', value: 'http://cards.test/me/demo' });

    // A key that is not the service account's does not verify it.
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    await expect(jwtVerify(jwt, other)).rejects.toThrow();
  });

  it('carries an edit made after an earlier save, under a new object id', async () => {
    const before = await jwtVerify(await saveLink(), google.publicKey);
    server.clock.now = new Date(server.clock.now.getTime() + 60_000);
    await server.database.db.execute(
      sql`UPDATE members SET job_title = 'Trưởng phòng', updated_at = now() + interval '1 minute'
          WHERE id = ${demoId}`,
    );
    const after = await jwtVerify(await saveLink(), google.publicKey);
    const objectOf = (p: typeof before) => (p.payload.payload as SaveJwt).genericObjects[0]!;
    expect(objectOf(after).subheader.defaultValue.value).toBe('Trưởng phòng');
    expect(objectOf(after).id).not.toBe(objectOf(before).id);
  });
});
