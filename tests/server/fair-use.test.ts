// Fair use per member (decision 1023): each limit answers 429 with Retry-After and a message in
// the member's language naming what was limited and when it frees up; under it everything
// passes; in a batch push a limited entry waits alone and is applied once when retried later.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FairUseLimits } from '../../contract/fair-use';
import type { PushResult } from '../../contract/sync';
import { queryRows } from '../../server/db/client';
import { friendships, idempotencyKeys, members } from '../../server/db/schema';
import { liveStreamLeases } from '../../server/db/schema-sync';
import { startTestServer } from './test-server';

const limits: FairUseLimits = {
  uploadsPerHour: 3,
  uploadMibPerHour: 1,
  strangerMessagesPerDay: 4,
  strangerRecipientsPerDay: 2,
  friendRequestsPerDay: 2,
  openLiveStreams: 2,
  contacts: 5,
};

const server = await startTestServer({ config: { fairUse: limits } });
const db = server.database.db;

/** A new member and a token; each test has its own, so counts never mix. */
async function newMember(name = 'Thành viên'): Promise<{ id: string; token: string }> {
  const [row] = await db
    .insert(members)
    .values({ name, urlMinify: `m-${randomUUID().slice(0, 12)}` })
    .returning({ id: members.id });
  return { id: row!.id, token: await server.tokenFor(row!.id) };
}

async function befriend(a: string, b: string): Promise<void> {
  await db.insert(friendships).values({ fromMemberId: a, toMemberId: b, status: 'accepted' });
}

type Lang = 'vi' | 'en';
const langHeaders = (lang: Lang) => ({ cookie: `lang=${lang}` });

async function push(
  token: string,
  mutations: { id: string; name: string; payload: unknown }[],
  lang: Lang = 'vi',
): Promise<PushResult[]> {
  const res = await server.request('/api/sync/push', {
    method: 'POST',
    token,
    json: { mutations },
    headers: langHeaders(lang),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: PushResult[] }).results;
}

async function refusal(res: Response): Promise<{ code: string; message: string; wait: number }> {
  expect(res.status).toBe(429);
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  const body = (await res.json()) as { error: { code: string; message: string } };
  return { ...body.error, wait };
}

/** Runs `fn` with the server's clock moved `ms` ahead. */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const started = server.clock.now;
  server.clock.now = new Date(started.getTime() + ms);
  try {
    return await fn();
  } finally {
    server.clock.now = started;
  }
}

describe('uploads per hour', () => {
  const small = sharp({ create: { width: 64, height: 64, channels: 3, background: '#39c' } })
    .jpeg()
    .toBuffer();
  const put = async (token: string, bytes: Buffer, lang: Lang = 'vi', id = randomUUID()) =>
    server.request(`/api/uploads/${id}?purpose=content`, {
      method: 'PUT',
      token,
      headers: { 'content-type': 'image/jpeg', ...langHeaders(lang) },
      body: new Uint8Array(bytes),
    });

  it('counts pictures: the fourth in an hour waits until the next hour, a repeat is free', async () => {
    const me = await newMember();
    const jpeg = await small;
    const first = randomUUID();
    expect((await put(me.token, jpeg, 'vi', first)).status).toBe(200);
    expect((await put(me.token, jpeg)).status).toBe(200);
    expect((await put(me.token, jpeg)).status).toBe(200);
    // The same upload again (a device retrying) is answered, not counted.
    expect((await put(me.token, jpeg, 'vi', first)).status).toBe(200);
    const vi = await refusal(await put(me.token, jpeg));
    expect(vi.code).toBe('fair_use_uploads');
    expect(vi.wait).toBeLessThanOrEqual(3600);
    expect(vi.message).toMatch(/^Bạn đã tải lên 3 ảnh trong giờ này.*từ \d\d:\d\d \d\d\/\d\d\.$/);
    const en = await refusal(await put(me.token, jpeg, 'en'));
    expect(en.message).toMatch(
      /^You have uploaded 3 pictures this hour.*from \d\d:\d\d \d\d\/\d\d\.$/,
    );
    // Another member is not affected; the next hour lets this one in again.
    expect((await put((await newMember()).token, jpeg)).status).toBe(200);
    const nextHour = async () => put(await server.tokenFor(me.id), jpeg);
    expect((await later(vi.wait * 1000, nextHour)).status).toBe(200);
  });

  it('counts bytes: pictures past the hour’s megabytes wait', async () => {
    const me = await newMember();
    // Noise does not compress: ~0.8 MB as JPEG.
    const noise = Buffer.alloc(900 * 900 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(Math.random() * 256);
    const big = await sharp(noise, { raw: { width: 900, height: 900, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(512 * 1024);
    expect(big.length).toBeLessThan(1024 * 1024);
    expect((await put(me.token, big)).status).toBe(200);
    const vi = await refusal(await put(me.token, big));
    expect(vi.code).toBe('fair_use_upload_bytes');
    expect(vi.message).toContain('1 MB ảnh');
    // A small one still fits: the refused one was not counted.
    expect((await put(me.token, await small)).status).toBe(200);
  });
});

describe('messages to people who are not friends', () => {
  const message = (to: string, body = 'Xin chào') => ({
    id: randomUUID(),
    name: 'message.send',
    payload: { id: randomUUID(), groupMessageId: randomUUID(), to: [to], cc: [], bcc: [], body },
  });
  const copies = async (messageId: string) =>
    (
      await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM message_copies WHERE message_id = ${messageId}`,
      )
    )[0]!.n;

  it('a batch applies everything under the limits and holds each limited entry alone', async () => {
    const me = await newMember();
    const friend = await newMember('Bạn');
    await befriend(friend.id, me.id);
    const [s1, s2, s3] = [await newMember(), await newMember(), await newMember()];
    const batch = [
      message(s1.id),
      message(s2.id),
      message(s3.id), // a third stranger today: over 2 recipients
      message(s1.id),
      message(s2.id), // the fourth message to strangers today
      message(s1.id), // a fifth: over 4 messages
      message(friend.id), // friends are never counted
      ...Array.from({ length: 10 }, () => message(friend.id)),
    ];
    const results = await push(me.token, batch);
    expect(results.map((r) => r.status)).toEqual([
      'applied',
      'applied',
      'retry',
      'applied',
      'applied',
      'retry',
      ...Array.from({ length: 11 }, () => 'applied'),
    ]);
    const [recipients, messages] = [results[2]!, results[5]!];
    expect([recipients.code, recipients.httpStatus]).toEqual(['fair_use_stranger_recipients', 429]);
    expect(messages.code).toBe('fair_use_stranger_messages');
    expect(recipients.message).toMatch(/^Hôm nay bạn đã nhắn tin cho 2 người chưa kết bạn/);
    expect(messages.message).toMatch(/^Hôm nay bạn đã gửi 4 tin nhắn cho người chưa kết bạn/);
    expect(recipients.retryAfter).toBeGreaterThan(0);
    expect(recipients.retryAfter).toBeLessThanOrEqual(24 * 3600);
    // Nothing of a held entry was stored, not even its key.
    for (const i of [2, 5]) {
      const entry = batch[i]!;
      expect(await copies((entry.payload as { id: string }).id)).toBe(0);
      const keys = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.memberId, me.id), eq(idempotencyKeys.key, entry.id)));
      expect(keys).toEqual([]);
    }
    // The next day both go through, once, however often they are sent again.
    const held = [batch[2]!, batch[5]!];
    const nextDay = async () => push(await server.tokenFor(me.id), held);
    const retried = await later(recipients.retryAfter! * 1000, nextDay);
    expect(retried.map((r) => r.status)).toEqual(['applied', 'applied']);
    const again = await later(recipients.retryAfter! * 1000, nextDay);
    expect(again.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await copies((held[0]!.payload as { id: string }).id)).toBe(2);
    expect(await copies((held[1]!.payload as { id: string }).id)).toBe(2);
  });

  it('the REST call answers 429 in the member’s language', async () => {
    const me = await newMember();
    const strangers = [await newMember(), await newMember(), await newMember()];
    const send = (to: string, lang: Lang) =>
      server.request('/api/messages', {
        method: 'POST',
        token: me.token,
        json: message(to).payload,
        headers: langHeaders(lang),
      });
    expect((await send(strangers[0]!.id, 'vi')).status).toBe(200);
    expect((await send(strangers[1]!.id, 'vi')).status).toBe(200);
    const en = await refusal(await send(strangers[2]!.id, 'en'));
    expect(en.code).toBe('fair_use_stranger_recipients');
    expect(en.message).toMatch(
      /^Today you have written to 2 people who are not your friends.*from \d\d:\d\d \d\d\/\d\d\.$/,
    );
    // Daily windows end at midnight in Vietnam.
    expect(en.message).toMatch(/from 00:00 /);
  });
});

describe('friend requests per day', () => {
  it('holds the third request of the day; vi and en name the limit', async () => {
    const me = await newMember();
    const others = [await newMember(), await newMember(), await newMember(), await newMember()];
    const request = (to: string) => ({
      id: randomUUID(),
      name: 'friend.add',
      payload: { from: me.id, to },
    });
    const batch = others.slice(0, 3).map((o) => request(o.id));
    const results = await push(me.token, batch);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'retry']);
    expect(results[2]!.code).toBe('fair_use_friend_requests');
    expect(results[2]!.message).toMatch(/^Hôm nay bạn đã gửi 2 lời mời kết bạn/);
    const en = await push(me.token, [request(others[3]!.id)], 'en');
    expect(en[0]!.message).toMatch(/^Today you have sent 2 friend requests/);
    const next = await later(results[2]!.retryAfter! * 1000, async () =>
      push(await server.tokenFor(me.id), [batch[2]!]),
    );
    expect(next[0]!.status).toBe('applied');
  });
});

describe('contacts per member', () => {
  const contact = () => {
    const id = randomUUID();
    return { id: randomUUID(), name: 'contact.upsert', payload: { id, name: `Liên hệ ${id}` } };
  };

  it('keeps the phonebook at the cap, and the held contact goes in once there is room', async () => {
    const me = await newMember();
    const batch = Array.from({ length: 6 }, contact);
    const results = await push(me.token, batch);
    expect(results.map((r) => r.status)).toEqual([
      ...Array.from({ length: 5 }, () => 'applied'),
      'retry',
    ]);
    expect(results[5]!.code).toBe('fair_use_contacts');
    expect(results[5]!.message).toMatch(/^Danh bạ đã có 5 liên hệ/);
    // Editing a contact already kept is no new contact.
    const edit = { ...batch[0]!, id: randomUUID() };
    expect((await push(me.token, [edit]))[0]!.status).toBe('applied');
    const rest = await server.request(`/api/contacts/upsertContactById/${randomUUID()}`, {
      method: 'PUT',
      token: me.token,
      json: { name: 'Thêm nữa' },
      headers: langHeaders('en'),
    });
    const en = await refusal(rest);
    expect(en.message).toMatch(/^Your phonebook holds 5 contacts/);
    const drop = {
      id: randomUUID(),
      name: 'contact.delete',
      payload: { id: (batch[0]!.payload as { id: string }).id },
    };
    expect((await push(me.token, [drop]))[0]!.status).toBe('applied');
    expect((await push(me.token, [batch[5]!]))[0]!.status).toBe('applied');
  });
});

describe('open live streams per member', () => {
  const open = (token: string, lang: Lang = 'vi') => {
    const abort = new AbortController();
    return server
      .request('/api/sync/live', { token, signal: abort.signal, headers: langHeaders(lang) })
      .then((res) => ({ res, abort }));
  };
  const leases = async (memberId: string) =>
    (await db.select().from(liveStreamLeases).where(eq(liveStreamLeases.memberId, memberId)))
      .length;

  it('refuses a third stream, frees a slot when one closes or its lease lapses', async () => {
    const me = await newMember();
    const one = await open(me.token);
    const two = await open(me.token);
    expect([one.res.status, two.res.status]).toEqual([200, 200]);
    expect(await leases(me.id)).toBe(2);
    const third = await open(me.token, 'en');
    const en = await refusal(third.res);
    expect(en.code).toBe('fair_use_live_streams');
    expect(en.message).toMatch(/^Your account has 2 live connections open/);
    const vi = await refusal((await open(me.token)).res);
    expect(vi.message).toMatch(/^Tài khoản đang mở 2 kết nối trực tiếp/);
    // Another member has their own slots.
    const other = await open((await newMember()).token);
    expect(other.res.status).toBe(200);
    other.abort.abort();

    // Closing a stream releases its lease.
    one.abort.abort();
    await one.res.body?.cancel().catch(() => undefined);
    await expect.poll(() => leases(me.id), { timeout: 5000 }).toBe(1);
    const again = await open(me.token);
    expect(again.res.status).toBe(200);

    // A process that died leaves leases that lapse: a minute later they no longer count.
    await db.update(liveStreamLeases).set({ expiresAt: new Date(0).toISOString() });
    const after = await open(me.token);
    expect(after.res.status).toBe(200);
    for (const s of [two, again, after]) s.abort.abort();
  });
});
