// A picture uploaded through one server process is served, and usable as a card picture, by
// another on the same PostgreSQL (decision 0620: uploads live in the database, not on a
// process's disk). Needs TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { startGroup, type ProcessGroup } from '../support/process-group';
import { mainImageUrl } from '../../contract/image';

const adminUrl = process.env.TEST_DATABASE_URL;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsxBin = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

const groups: ProcessGroup[] = [];
let admin: DatabaseHandle | undefined;
let databaseName: string | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startProcess(databaseUrl: string, seedDemo: boolean): Promise<string> {
  const port = await freePort();
  const group = startGroup(tsxBin, ['server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: 'uploads-multi-process-secret-uploads-multi',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: String(seedDemo),
      MAIL_TRANSPORT: 'outbox',
      LOG_LEVEL: 'warn',
      SECURE_COOKIES: 'false',
      CLIENT_DIR: '/nonexistent',
    },
  });
  groups.push(group);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return url;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`server did not start:\n${group.stderr()}`);
}

describe.skipIf(!adminUrl)('uploads across two server processes', () => {
  let one = '';
  let two = '';

  beforeAll(async () => {
    databaseName = `mecards_uploads_${randomUUID().replaceAll('-', '')}`;
    admin = await openDatabase({ databaseUrl: adminUrl });
    await admin.execScript(`CREATE DATABASE ${databaseName}`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${databaseName}`;
    one = await startProcess(url.toString(), true);
    two = await startProcess(url.toString(), false);
  }, 200_000);

  afterAll(async () => {
    await Promise.all(groups.map((group) => group.stop()));
    if (admin) {
      if (databaseName) {
        await admin.execScript(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      }
      await admin.close();
    }
  }, 60_000);

  it('serves on the second process what the first stored, and lets it be the avatar', async () => {
    const login = await fetch(`${one}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@mecards.vn', password: 'demo12345' }),
    });
    expect(login.status).toBe(200);
    const { accessToken, memberId } = (await login.json()) as {
      accessToken: string;
      memberId: string;
    };
    const jpeg = await sharp({
      create: { width: 900, height: 700, channels: 3, background: '#3a6' },
    })
      .jpeg()
      .toBuffer();
    const id = randomUUID();
    const put = await fetch(`${one}/api/uploads/${id}?purpose=avatar`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'image/jpeg' },
      body: new Uint8Array(jpeg),
    });
    expect(put.status).toBe(200);

    const served = await fetch(`${two}/img/${id}/256.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);

    const push = await fetch(`${two}/api/sync/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        mutations: [
          {
            id: randomUUID(),
            name: 'profile.setImage',
            payload: { slot: 'avatar', url: mainImageUrl(id, 'avatar') },
          },
        ],
      }),
    });
    const results = ((await push.json()) as { results: { status: string }[] }).results;
    expect(results[0]?.status).toBe('applied');
    const vcard = await (await fetch(`${one}/api/members/getVfcMemberId/${memberId}`)).text();
    expect(vcard).toContain('PHOTO;ENCODING=b;TYPE=JPEG:');
  }, 120_000);
});
