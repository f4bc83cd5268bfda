import { beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import type { Conversation, MessageCopy } from '../../contract/message';
import type { NotificationItem } from '../../contract/notification';
import type { PullResponse } from '../../contract/sync';
import { startTestServer } from './test-server';
import { copiesForClient, sendMessageHandler } from '../../server/domain/messages';
import { messageCopies } from '../../server/db/schema-messages';
import type { PushResult } from '../../contract/sync';
import { entry, pointsCast, type PointsCast } from './points-fixture';

// Big enough for the 10,000-recipient case to reach the schema (the default limit is 1 MiB).
const server = await startTestServer({ demo: true, config: { bodyLimitBytes: 1024 * 1024 } });

const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
let cast: PointsCast;

async function memberId(urlMinify: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    server.database.db,
    sql`SELECT id FROM members WHERE url_minify = ${urlMinify}`,
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  for (const url of ['demo', 'binh-tran', 'le-hoang-nam', 'pham-thu-ha', 'vo-quoc-bao']) {
    ids[url] = await memberId(url);
    tokens[url] = await server.tokenFor(ids[url]);
  }
  cast = await pointsCast(server);
});

const send = (token: string, json: unknown, key?: string) =>
  server.request('/api/messages', {
    method: 'POST',
    token,
    json,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const copiesOf = (messageId: string) =>
  queryRows<{ owner_member_id: string; bcc_ids: string[]; deleted_at: string | null }>(
    server.database.db,
    sql`SELECT owner_member_id, bcc_ids, deleted_at FROM message_copies WHERE message_id = ${messageId}`,
  );

const get = async <T>(path: string, token: string) => {
  const res = await server.request(path, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

describe('messages', () => {
  it('sends to, cc and bcc; a bcc receiver is invisible to the others', async () => {
    const id = randomUUID();
    const groupMessageId = randomUUID();
    const res = await send(tokens.demo!, {
      id,
      groupMessageId,
      to: [ids['binh-tran']],
      cc: [ids['le-hoang-nam']],
      bcc: [ids['pham-thu-ha']],
      body: 'Chào bạn, xem https://mecards.vn nhé',
    });
    expect(res.status).toBe(200);
    const own = (await res.json()) as MessageCopy;
    expect(own).toMatchObject({ id, groupMessageId, bcc: [ids['pham-thu-ha']] });
    const copies = await copiesOf(id);
    expect(copies.map((c) => c.owner_member_id).sort()).toEqual(
      [ids.demo, ids['binh-tran'], ids['le-hoang-nam'], ids['pham-thu-ha']].sort(),
    );
    const binhThread = await get<MessageCopy[]>(
      `/api/messages/findByGroupMessegerId?groupMessageId=${groupMessageId}`,
      tokens['binh-tran']!,
    );
    expect(binhThread).toHaveLength(1);
    expect(binhThread[0]!.bcc).toEqual([]);
    expect(JSON.stringify(binhThread)).not.toContain(ids['pham-thu-ha']);
    const bccThread = await get<MessageCopy[]>(
      `/api/messages/findByGroupMessegerId?groupMessageId=${groupMessageId}`,
      tokens['pham-thu-ha']!,
    );
    expect(bccThread[0]!.bcc).toEqual([ids['pham-thu-ha']]);

    // Only participants read a thread; an unknown one is 404.
    const outsider = await server.request(
      `/api/messages/findByGroupMessegerId?groupMessageId=${groupMessageId}`,
      { token: tokens['vo-quoc-bao'] },
    );
    expect(outsider.status).toBe(403);
    const missing = await server.request(
      `/api/messages/findByGroupMessegerId?groupMessageId=${randomUUID()}`,
      { token: tokens.demo },
    );
    expect(missing.status).toBe(404);
    // Nor can an outsider post into it.
    const intrude = await send(tokens['vo-quoc-bao']!, {
      id: randomUUID(),
      groupMessageId,
      to: [ids.demo],
      body: 'xin chào',
    });
    expect(intrude.status).toBe(403);
    expect(await copiesOf(id)).toHaveLength(4);
  });

  it('replays once, keeps a conversation in send order, counts unread and reads', async () => {
    const groupMessageId = randomUUID();
    const key = randomUUID();
    const first = { id: randomUUID(), groupMessageId, to: [ids['binh-tran']], body: 'một' };
    expect((await send(tokens.demo!, first, key)).status).toBe(200);
    expect((await send(tokens.demo!, first, key)).status).toBe(200);
    // The same message under another key (another device's retry) is still one message.
    expect((await send(tokens.demo!, first, randomUUID())).status).toBe(200);
    expect(await copiesOf(first.id)).toHaveLength(2);
    for (const body of ['hai', 'ba']) {
      const res = await send(tokens.demo!, {
        id: randomUUID(),
        groupMessageId,
        to: [ids['binh-tran']],
        body,
      });
      expect(res.status).toBe(200);
    }
    const thread = await get<MessageCopy[]>(
      `/api/messages/findByGroupMessegerId?groupMessageId=${groupMessageId}`,
      tokens['binh-tran']!,
    );
    expect(thread.map((m) => m.body)).toEqual(['ba', 'hai', 'một']);
    const older = await get<MessageCopy[]>(
      `/api/messages/findByGroupMessegerId?groupMessageId=${groupMessageId}&time=${encodeURIComponent(thread[1]!.sentAt)}`,
      tokens['binh-tran']!,
    );
    expect(older.map((m) => m.body)).toEqual(['một']);

    const before = await get<{ count: number }>('/api/messages/count', tokens['binh-tran']!);
    expect(before.count).toBeGreaterThanOrEqual(3);
    const list = await get<Conversation[]>('/api/messages', tokens['binh-tran']!);
    const conversation = list.find((c) => c.groupMessageId === groupMessageId);
    expect(conversation).toMatchObject({ unread: 3 });
    expect(conversation?.last.body).toBe('ba');
    expect(conversation?.others.map((p) => p.name)).toEqual(['Nguyễn Thị Minh Anh']);

    const read = await server.request('/api/messages/readMess', {
      method: 'PUT',
      token: tokens['binh-tran'],
      json: { groupMessageId },
    });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ read: 3 });
    const after = await get<{ count: number }>('/api/messages/count', tokens['binh-tran']!);
    expect(after.count).toBe(before.count - 3);
    // The sender's own messages never count as unread.
    const sender = await get<Conversation[]>('/api/messages', tokens.demo!);
    expect(sender.find((c) => c.groupMessageId === groupMessageId)?.unread).toBe(0);
  });

  it('hides and deletes for the member who did it only', async () => {
    const groupMessageId = randomUUID();
    const id = randomUUID();
    await send(tokens.demo!, { id, groupMessageId, to: [ids['binh-tran']], body: 'ẩn' });
    const hide = await server.request('/api/messages/hide', {
      method: 'PUT',
      token: tokens['binh-tran'],
      json: { groupMessageId },
    });
    expect(hide.status).toBe(200);
    const binh = await get<Conversation[]>('/api/messages', tokens['binh-tran']!);
    expect(binh.some((c) => c.groupMessageId === groupMessageId)).toBe(false);
    const demo = await get<Conversation[]>('/api/messages', tokens.demo!);
    expect(demo.some((c) => c.groupMessageId === groupMessageId)).toBe(true);

    const foreign = await server.request(`/api/messages/delete?id=${id}`, {
      method: 'PUT',
      token: tokens['binh-tran'],
    });
    expect(foreign.status).toBe(403);
    const del = await server.request(`/api/messages/delete?id=${id}`, {
      method: 'PUT',
      token: tokens.demo,
    });
    expect(del.status).toBe(200);
    const copies = await copiesOf(id);
    expect(copies.find((c) => c.owner_member_id === ids.demo)?.deleted_at).not.toBeNull();
    expect(copies.find((c) => c.owner_member_id === ids['binh-tran'])?.deleted_at).toBeNull();
    const unknown = await server.request(`/api/messages/delete?id=${randomUUID()}`, {
      method: 'PUT',
      token: tokens.demo,
    });
    expect(unknown.status).toBe(404);
    const stranger = await server.request('/api/messages/hide', {
      method: 'PUT',
      token: tokens['vo-quoc-bao'],
      json: { groupMessageId },
    });
    expect(stranger.status).toBe(403);
  });

  it('refuses bad input with the field message and stores nothing', async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          server.database.db,
          sql`SELECT count(*)::int AS n FROM message_copies`,
        )
      )[0]!.n;
    const start = await count();
    const cases: [unknown, string, string][] = [
      [{ to: [], body: 'x' }, 'to', 'Vui lòng chọn người nhận'],
      [{ body: 'x' }, 'to', 'Vui lòng chọn người nhận'],
      [{ to: [ids['binh-tran']], body: '   ' }, 'body', 'Vui lòng nhập lời nhắn'],
      [{ to: [randomUUID()], body: 'x' }, 'to', 'Người nhận không phải là thành viên'],
      [
        { to: Array.from({ length: 10_000 }, () => randomUUID()), body: 'x' },
        'to',
        'Mỗi lời nhắn gửi được tối đa 500 người nhận',
      ],
    ];
    for (const [json, field, text] of cases) {
      const res = await server.request('/api/messages', {
        method: 'POST',
        token: tokens.demo,
        json,
        headers: { 'accept-language': 'vi' },
      });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      const body = (await res.json()) as { error: { fields: Record<string, string> } };
      expect(body.error.fields[field]).toBe(text);
    }
    const en = await server.request('/api/messages', {
      method: 'POST',
      token: tokens.demo,
      json: { to: [], body: 'x' },
      headers: { 'accept-language': 'en' },
    });
    expect(
      ((await en.json()) as { error: { fields: Record<string, string> } }).error.fields.to,
    ).toBe('Please choose a recipient');
    const many = await server.request('/api/messages/sendMany', {
      method: 'POST',
      token: tokens.demo,
      json: { to: [ids['binh-tran'], randomUUID()], body: 'x' },
    });
    expect(many.status).toBe(400);
    expect(await count()).toBe(start);
  });

  it('the pull builds message rows exactly as copiesForClient does', async () => {
    const id = randomUUID();
    const res = await send(tokens.demo!, {
      id,
      groupMessageId: randomUUID(),
      to: [ids['binh-tran']],
      cc: [ids['le-hoang-nam']],
      bcc: [ids['pham-thu-ha']],
      body: 'Gửi "mọi người" — xem\nhttps://mecards.vn <b>nhé</b> 😀',
    });
    expect(res.status).toBe(200);
    // Every timestamp filled on one copy (read, hidden, deleted).
    await queryRows(
      server.database.db,
      sql`UPDATE message_copies SET read_at = now(), hidden_at = now(), deleted_at = now()
          WHERE message_id = ${id} AND owner_member_id = ${ids['le-hoang-nam']}`,
    );
    for (const url of ['demo', 'binh-tran', 'le-hoang-nam', 'pham-thu-ha']) {
      const pulled: unknown[] = [];
      for (let cursor = 0; ;) {
        const page = await get<PullResponse>(
          `/api/sync/pull?cursor=${cursor}&limit=7`,
          tokens[url]!,
        );
        pulled.push(...page.changes.filter((c) => c.entity === 'messages').map((c) => c.row));
        cursor = page.cursor;
        if (!page.hasMore) break;
      }
      const rows = await server.database.db
        .select()
        .from(messageCopies)
        .where(eq(messageCopies.ownerMemberId, ids[url]!))
        .orderBy(asc(messageCopies.changeSeq), asc(messageCopies.id));
      expect(rows.length).toBeGreaterThan(0);
      expect(pulled, url).toEqual(await copiesForClient(server.database.db, rows));
    }
  });

  it('sends many, each in a conversation of its own', async () => {
    const res = await server.request('/api/messages/sendMany', {
      method: 'POST',
      token: tokens.demo,
      form: { to: `${ids['binh-tran']},${ids['le-hoang-nam']}`, body: 'Chúc mừng năm mới' },
    });
    expect(res.status).toBe(200);
    const sent = (await res.json()) as MessageCopy[];
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((m) => m.groupMessageId)).size).toBe(2);
  });
});

describe('notifications', () => {
  const notificationsOf = (token: string) => get<NotificationItem[]>('/api/notifications', token);

  it('are made for a message, a friend request and its acceptance, points', async () => {
    const groupMessageId = randomUUID();
    await send(tokens['le-hoang-nam']!, {
      id: randomUUID(),
      groupMessageId,
      to: [ids['vo-quoc-bao']],
      body: 'Hẹn cà phê?',
    });
    const bao = await notificationsOf(tokens['vo-quoc-bao']!);
    expect(bao[0]).toMatchObject({
      kind: 'message',
      actorName: 'Lê Hoàng Nam',
      subjectId: groupMessageId,
      link: `/messages/${groupMessageId}`,
      params: { preview: 'Hẹn cà phê?' },
    });

    const add = await server.request(`/api/friend/addFriendsById/${ids['le-hoang-nam']}`, {
      method: 'PUT',
      token: tokens['le-hoang-nam'],
      json: { from: ids['le-hoang-nam'], to: ids['vo-quoc-bao'] },
    });
    expect(add.status).toBe(200);
    expect((await notificationsOf(tokens['vo-quoc-bao']!))[0]).toMatchObject({
      kind: 'friend_request',
      actorMemberId: ids['le-hoang-nam'],
    });
    const accept = await server.request(`/api/friend/acceptFriendsById/${ids['le-hoang-nam']}`, {
      method: 'PUT',
      token: tokens['vo-quoc-bao'],
      json: { from: ids['le-hoang-nam'], to: ids['vo-quoc-bao'] },
    });
    expect(accept.status).toBe(200);
    expect((await notificationsOf(tokens['le-hoang-nam']!))[0]).toMatchObject({
      kind: 'friend_accepted',
      actorMemberId: ids['vo-quoc-bao'],
    });

    const point = await server.request('/api/orderPoint', {
      method: 'POST',
      token: cast.staff.token,
      json: entry(cast, { invoiceValue: 200_000 }),
    });
    expect(point.status).toBe(200);
    const demo = await notificationsOf(cast.demo.token);
    expect(demo[0]).toMatchObject({ kind: 'points_added', params: { group: 'Cà Phê Sương Mai' } });
  });

  it('opens one (the caller’s only), counts, pages, and pulls', async () => {
    const list = await notificationsOf(tokens['vo-quoc-bao']!);
    const before = await get<{ count: number }>('/api/notifications/count', tokens['vo-quoc-bao']!);
    expect(before.count).toBe(list.filter((n) => n.openedAt === null).length);
    const target = list.find((n) => n.openedAt === null)!;
    const foreign = await server.request(`/api/notifications/open/${target.id}`, {
      method: 'PUT',
      token: tokens.demo,
    });
    expect(foreign.status).toBe(403);
    const missing = await server.request(`/api/notifications/open/${randomUUID()}`, {
      method: 'PUT',
      token: tokens.demo,
    });
    expect(missing.status).toBe(404);
    const open = await server.request(`/api/notifications/open/${target.id}`, {
      method: 'PUT',
      token: tokens['vo-quoc-bao'],
    });
    expect(open.status).toBe(200);
    const after = await get<{ count: number }>('/api/notifications/count', tokens['vo-quoc-bao']!);
    expect(after.count).toBe(before.count - 1);
    const other = await server.request(`/api/notifications?memberId=${ids.demo}`, {
      token: tokens['vo-quoc-bao'],
    });
    expect(other.status).toBe(403);
    const page = await get<{ items: NotificationItem[]; total: number }>(
      `/api/notifications/get-list?memberId=${ids['vo-quoc-bao']}&page=1`,
      tokens['vo-quoc-bao']!,
    );
    expect(page.total).toBe(list.length);
    const pulled = await get<PullResponse>(
      '/api/sync/pull?cursor=0&limit=500',
      tokens['vo-quoc-bao']!,
    );
    const entities = new Set(pulled.changes.map((c) => c.entity));
    expect(entities.has('notifications')).toBe(true);
    expect(entities.has('messages')).toBe(true);
  });
});

describe('push addresses', () => {
  it('stores a token for the caller; deleting a stale or foreign one changes nothing', async () => {
    const token = `fcm-${randomUUID()}`;
    const put = await server.request('/api/fcmToken', {
      method: 'PUT',
      token: tokens.demo,
      json: { memberId: ids.demo, token },
    });
    expect(put.status).toBe(200);
    const foreignPut = await server.request('/api/fcmToken', {
      method: 'PUT',
      token: tokens.demo,
      json: { memberId: ids['binh-tran'], token: 'x' },
    });
    expect(foreignPut.status).toBe(403);
    const empty = await server.request('/api/fcmToken', {
      method: 'PUT',
      token: tokens.demo,
      json: { token: ' ' },
    });
    expect(empty.status).toBe(400);
    const foreign = await server.request('/api/fcmToken/delete', {
      method: 'POST',
      token: tokens['binh-tran'],
      json: { token },
    });
    expect(await foreign.json()).toEqual({ deleted: 0 });
    const stale = await server.request('/api/fcmToken/delete', {
      method: 'POST',
      token: tokens.demo,
      json: { token: 'never-stored' },
    });
    expect(await stale.json()).toEqual({ deleted: 0 });
    const rows = await queryRows<{ member_id: string }>(
      server.database.db,
      sql`SELECT member_id FROM push_tokens WHERE token = ${token}`,
    );
    expect(rows).toEqual([{ member_id: ids.demo }]);
    const own = await server.request('/api/fcmToken/delete', {
      method: 'POST',
      token: tokens.demo,
      json: { token },
    });
    expect(await own.json()).toEqual({ deleted: 1 });
  });

  it('keeps push settings per member', async () => {
    const put = await server.request('/api/notifications/settings', {
      method: 'PUT',
      token: tokens.demo,
      json: { points: false },
    });
    expect(await put.json()).toEqual({ messages: true, friends: true, points: false });
    expect(await get('/api/notifications/settings', tokens['binh-tran']!)).toEqual({
      messages: true,
      friends: true,
      points: true,
    });
  });

  describe('batch push of message.send (decision 0303)', () => {
    const push = async (token: string, mutations: unknown[]) => {
      const res = await server.request('/api/sync/push', {
        method: 'POST',
        token,
        json: { mutations },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { results: PushResult[] }).results;
    };

    it('applies a run of queued messages at once, in order, exactly once', async () => {
      const many = vi.spyOn(sendMessageHandler, 'runMany');
      const groupMessageId = randomUUID();
      const entries = Array.from({ length: 40 }, (_, i) => ({
        id: randomUUID(),
        name: 'message.send',
        payload: {
          id: randomUUID(),
          groupMessageId,
          to: [ids['binh-tran']],
          ...(i === 3 ? { bcc: [ids['pham-thu-ha']] } : {}),
          body: `Tin ${i}`,
        },
      }));
      const results = await push(tokens.demo!, entries);
      expect(results.map((r) => r.status)).toEqual(entries.map(() => 'applied'));
      // One transaction for the run: the fast path answered (it did not hand back).
      expect(many).toHaveBeenCalledTimes(1);
      await expect(many.mock.results[0]!.value).resolves.toHaveLength(40);
      many.mockRestore();
      const rows = await queryRows<{ owner_member_id: string; body: string; bcc_ids: string[] }>(
        server.database.db,
        sql`SELECT owner_member_id, body, bcc_ids FROM message_copies
            WHERE group_message_id = ${groupMessageId} ORDER BY sent_at, owner_member_id`,
      );
      const binh = rows.filter((r) => r.owner_member_id === ids['binh-tran']);
      expect(binh.map((r) => r.body)).toEqual(entries.map((_, i) => `Tin ${i}`));
      expect(rows.filter((r) => r.owner_member_id === ids.demo)).toHaveLength(40);
      // The bcc receiver has their own copy and sees only themself on the bcc line.
      const bcc = rows.filter((r) => r.owner_member_id === ids['pham-thu-ha']);
      expect(bcc).toEqual([
        { owner_member_id: ids['pham-thu-ha'], body: 'Tin 3', bcc_ids: [ids['pham-thu-ha']] },
      ]);
      expect(binh.every((r) => r.bcc_ids.length === 0)).toBe(true);
      const [notes] = await queryRows<{ n: number }>(
        server.database.db,
        sql`SELECT count(*)::int AS n FROM notifications
            WHERE subject_id = ${groupMessageId} AND member_id = ${ids['binh-tran']}`,
      );
      expect(notes?.n).toBe(40);

      // Delivered again (a lost answer): the same answers, nothing stored twice.
      const again = await push(tokens.demo!, entries);
      expect(again.map((r) => r.status)).toEqual(entries.map(() => 'applied'));
      const [count] = await queryRows<{ n: number }>(
        server.database.db,
        sql`SELECT count(*)::int AS n FROM message_copies WHERE group_message_id = ${groupMessageId}`,
      );
      expect(count?.n).toBe(81);
    });

    it('a refused entry in the run gets its own answer and the others are applied', async () => {
      const foreign = randomUUID();
      const other = await send(tokens['binh-tran']!, {
        id: randomUUID(),
        groupMessageId: foreign,
        to: [ids['le-hoang-nam']],
        body: 'Riêng hai người',
      });
      expect(other.status).toBe(200);
      const groupMessageId = randomUUID();
      const payload = (i: number, extra: Record<string, unknown> = {}) => ({
        id: randomUUID(),
        groupMessageId,
        to: [ids['binh-tran']],
        body: `Tin ${i}`,
        ...extra,
      });
      const entries = [
        { id: randomUUID(), name: 'message.send', payload: payload(0) },
        { id: randomUUID(), name: 'message.send', payload: payload(1, { to: [randomUUID()] }) },
        {
          id: randomUUID(),
          name: 'message.send',
          payload: payload(2, { groupMessageId: foreign }),
        },
        { id: randomUUID(), name: 'message.send', payload: payload(3) },
      ];
      const results = await push(tokens.demo!, entries);
      expect(results.map((r) => r.status)).toEqual(['applied', 'rejected', 'rejected', 'applied']);
      expect(results[1]).toMatchObject({ httpStatus: 400 });
      expect(results[2]).toMatchObject({ httpStatus: 403 });
      const [foreignCount] = await queryRows<{ n: number }>(
        server.database.db,
        sql`SELECT count(*)::int AS n FROM message_copies WHERE group_message_id = ${foreign}`,
      );
      expect(foreignCount?.n).toBe(2);
    });
  });
});
