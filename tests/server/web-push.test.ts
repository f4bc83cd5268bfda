// Our side of standard Web Push, against a push endpoint on loopback: the request is encrypted
// as RFC 8291 says (aes128gcm, RFC 8188 framing), decrypted here with node:crypto alone, and
// signed with VAPID (RFC 8292); a member's notification leaves as such a push once, and an
// address the push service says is gone is forgotten.
import { afterAll, describe, expect, it } from 'vitest';
import {
  createECDH,
  createDecipheriv,
  createHmac,
  createPublicKey,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import webPush from 'web-push';
import { queryRows } from '../../server/db/client';
import { sendWebPush } from '../../server/push/push-senders';
import type { PushPayload } from '../../contract/notification';
import { startTestServer } from './test-server';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

const received: Received[] = [];
let answerStatus = 201;
const endpointServer = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(answerStatus).end();
  });
});
await new Promise<void>((resolve) => endpointServer.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(endpointServer.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => endpointServer.close(() => resolve())));

const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:ops@mecards.vn' };
const server = await startTestServer({
  demo: true,
  config: { push: { vapid, firebaseWeb: undefined, firebaseServiceAccount: undefined } },
});

/** A browser's side of a subscription: its key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: (path: string) => ({
      endpoint: `${origin}${path}`,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
      },
    }),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2, as a user agent decrypts. */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const ecdhSecret = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    keys.ecdh.getPublicKey(),
    serverPublic,
  ]);
  const ikm = hmac(hmac(keys.auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  expect(plain[end]).toBe(2);
  return plain.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT ES256>, k=<public key>`, audience the endpoint's origin. */
function checkVapid(header: string | undefined): void {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  const [, jwt, key] = match!;
  expect(key).toBe(vapid.publicKey);
  const [head, claims, signature] = jwt!.split('.');
  const raw = Buffer.from(vapid.publicKey, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(ok).toBe(true);
  const body = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<string, unknown>;
  expect(body.aud).toBe(origin);
  expect(body.sub).toBe(vapid.subject);
  expect(Number(body.exp)).toBeGreaterThan(Date.now() / 1000);
}

async function until<T>(check: () => T | undefined, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const memberIdOf = async (url: string) =>
  (
    await queryRows<{ id: string }>(
      server.database.db,
      sql`SELECT id FROM members WHERE url_minify = ${url}`,
    )
  )[0]!.id;

describe('Web Push sender', () => {
  it('sends an RFC 8291 aes128gcm request with a VAPID signature', async () => {
    const keys = browserKeys();
    const payload: PushPayload = {
      title: 'Lời nhắn mới',
      body: 'Bình: Chào bạn 👋',
      tag: 'message-abc',
      link: '/messages/abc',
      icon: '/icons/icon-192.png',
      notification: {} as PushPayload['notification'],
    };
    received.length = 0;
    expect(await sendWebPush(keys.subscription('/push/one'), payload, vapid)).toBe('sent');
    const [request] = received;
    expect(request?.path).toBe('/push/one');
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    expect(request?.headers['content-type']).toBe('application/octet-stream');
    expect(Number(request?.headers.ttl)).toBeGreaterThan(0);
    expect(request?.headers.urgency).toBe('high');
    expect(request?.headers.topic).toBe('message-abc');
    checkVapid(request?.headers.authorization);
    expect(JSON.parse(decrypt(request!.body, keys))).toEqual(payload);
    // Another push to the same device uses a new salt and key: nothing repeats.
    await sendWebPush(keys.subscription('/push/one'), payload, vapid);
    expect(received[1]!.body.subarray(0, 16).equals(request!.body.subarray(0, 16))).toBe(false);
  });

  it('pushes a member’s new message once, in their language, and forgets a gone address', async () => {
    const demo = await memberIdOf('demo');
    const binh = await memberIdOf('binh-tran');
    const demoToken = await server.tokenFor(demo);
    const binhToken = await server.tokenFor(binh);
    const keys = browserKeys();
    const put = await server.request('/api/fcmToken', {
      method: 'PUT',
      token: binhToken,
      json: { memberId: binh, token: JSON.stringify(keys.subscription('/push/binh')) },
    });
    expect(put.status).toBe(200);
    received.length = 0;
    const groupMessageId = randomUUID();
    const sent = await server.request('/api/messages', {
      method: 'POST',
      token: demoToken,
      json: { id: randomUUID(), groupMessageId, to: [binh], body: 'Hẹn 3 giờ nhé' },
    });
    expect(sent.status).toBe(200);
    const request = await until(() => received.find((r) => r.path === '/push/binh'));
    const payload = JSON.parse(decrypt(request.body, keys)) as PushPayload;
    expect(payload).toMatchObject({
      title: 'Lời nhắn mới',
      body: 'Nguyễn Thị Minh Anh: Hẹn 3 giờ nhé',
      link: `/messages/${groupMessageId}`,
      tag: `message-${groupMessageId}`,
    });
    expect(payload.notification).toMatchObject({ kind: 'message', memberId: binh });
    await new Promise((r) => setTimeout(r, 300));
    expect(received.filter((r) => r.path === '/push/binh')).toHaveLength(1);
    const jobs = await queryRows(server.database.db, sql`SELECT * FROM push_jobs`);
    expect(jobs).toEqual([]);

    // The push service says the subscription is gone: the address is dropped.
    answerStatus = 410;
    await server.request('/api/messages', {
      method: 'POST',
      token: demoToken,
      json: { id: randomUUID(), groupMessageId, to: [binh], body: 'Còn đó không?' },
    });
    await until(() => received.filter((r) => r.path === '/push/binh').length === 2 || undefined);
    const end = Date.now() + 5000;
    let tokens: unknown[] = [{}];
    while (tokens.length > 0 && Date.now() < end) {
      tokens = await queryRows(
        server.database.db,
        sql`SELECT token FROM push_tokens WHERE member_id = ${binh}`,
      );
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(tokens).toEqual([]);
    answerStatus = 201;
  });
});
