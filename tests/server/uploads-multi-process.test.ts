// A picture uploaded through one server process is served, and usable as a card picture, by
// another on the same PostgreSQL (decision 0620: uploads live in the database, not on a
// process's disk). Needs TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createDatabase, type TestDatabase } from '../support/postgres-databases';
import { startOnDatabase, type ServerProcess } from '../support/server-process';
import { mainImageUrl } from '../../contract/image';

const adminUrl = process.env.TEST_DATABASE_URL;

const servers: ServerProcess[] = [];
let database: TestDatabase | undefined;

describe.skipIf(!adminUrl)('uploads across two server processes', () => {
  let one = '';
  let two = '';

  beforeAll(async () => {
    database = await createDatabase(adminUrl!, 'mecards_uploads');
    const env = { AUTH_SECRET: 'uploads-multi-process-secret-uploads-multi' };
    one = (await startOnDatabase(servers, database.url, { seedDemo: true, env })).url;
    two = (await startOnDatabase(servers, database.url, { seedDemo: false, env })).url;
  }, 200_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.group.stop()));
    await database?.drop();
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
