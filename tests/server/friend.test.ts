import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { findMutation } from '../../server/sync/mutation-handlers';
import { pullSources } from '../../server/sync/pull-sources';
import { friendshipPairIdSync } from '../../server/domain/friends';
import { friendshipPairId, type Friendship, type FriendTotals } from '../../contract/friend';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });

const urls = [
  'demo',
  'binh-tran',
  'le-hoang-nam',
  'pham-thu-ha',
  'vo-quoc-bao',
  'dang-ngoc-lan',
  'suong-mai',
] as const;
type Url = (typeof urls)[number];
const ids = {} as Record<Url, string>;
const tokens = {} as Record<Url, string>;

async function memberId(urlMinify: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    server.database.db,
    sql`SELECT id FROM members WHERE url_minify = ${urlMinify}`,
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`no member ${urlMinify}`);
  return id;
}

async function relation(a: string, b: string) {
  return queryRows<{
    id: string;
    status: string;
    from_member_id: string;
    deleted_at: string | null;
  }>(
    server.database.db,
    sql`SELECT id, status, from_member_id, deleted_at FROM friendships
        WHERE (from_member_id = ${a} AND to_member_id = ${b})
           OR (from_member_id = ${b} AND to_member_id = ${a})
        ORDER BY created_at`,
  );
}

const put = (path: string, token: string, json: unknown, key?: string) =>
  server.request(`/api/friend/${path}`, {
    method: 'PUT',
    token,
    json,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

beforeAll(async () => {
  for (const url of urls) {
    ids[url] = await memberId(url);
    tokens[url] = await server.tokenFor(ids[url]);
  }
});

describe('friend reads', () => {
  it('lists accepted friends with the other member facts', async () => {
    const res = await server.request(`/api/friend/getFriendsByMemberId/${ids.demo}`, {
      token: tokens.demo,
    });
    expect(res.status).toBe(200);
    const list = (await res.json()) as Friendship[];
    expect(list.map((f) => f.other.name).sort()).toEqual(
      ['Lê Hoàng Nam', 'Phạm Thu Hà', 'Trần Văn Bình'].sort(),
    );
    expect(list.every((f) => f.status === 'accepted')).toBe(true);
    const nam = list.find((f) => f.other.urlMinify === 'le-hoang-nam');
    expect(nam).toMatchObject({ direction: 'sent', other: { jobTitle: 'Kiến trúc sư' } });
  });

  it("refuses another member's lists with 403 and a visitor with 401", async () => {
    for (const path of [
      `getFriendsByMemberId/${ids.demo}`,
      `getFriendsIsAcceptById/${ids.demo}`,
      `getFriendsByStatus/${ids.demo}?status=sent`,
    ]) {
      const other = await server.request(`/api/friend/${path}`, { token: tokens['binh-tran'] });
      expect(other.status).toBe(403);
      const visitor = await server.request(`/api/friend/${path}`);
      expect(visitor.status).toBe(401);
    }
  });

  it('lists requests received and sent, and filters by name without diacritics', async () => {
    const received = (await (
      await server.request(`/api/friend/getFriendsIsAcceptById/${ids.demo}`, { token: tokens.demo })
    ).json()) as Friendship[];
    expect(received.map((f) => f.other.name)).toEqual(['Võ Quốc Bảo']);
    expect(received[0]?.direction).toBe('received');

    const sent = (await (
      await server.request(`/api/friend/getFriendsByStatus/${ids.demo}?status=sent`, {
        token: tokens.demo,
      })
    ).json()) as Friendship[];
    expect(sent.map((f) => f.other.name)).toEqual(['Đặng Ngọc Lan']);

    const byName = (await (
      await server.request(
        `/api/friend/getFriendsByStatus/${ids.demo}?status=accepted&name=hoang%20nam`,
        {
          token: tokens.demo,
        },
      )
    ).json()) as Friendship[];
    expect(byName.map((f) => f.other.name)).toEqual(['Lê Hoàng Nam']);

    const bad = await server.request(`/api/friend/getFriendsByStatus/${ids.demo}?status=nope`, {
      token: tokens.demo,
    });
    expect(bad.status).toBe(400);
  });

  it('counts friends, and waiting requests for the member themself', async () => {
    const own = (await (
      await server.request(`/api/friend/getTotalFriend/${ids.demo}`, { token: tokens.demo })
    ).json()) as FriendTotals;
    expect(own).toEqual({ total: 3, received: 1, sent: 1 });
    const seen = (await (
      await server.request(`/api/friend/getTotalFriend/${ids.demo}`, { token: tokens['binh-tran'] })
    ).json()) as FriendTotals;
    expect(seen).toEqual({ total: 3 });
  });

  it('tells the relation between the caller and another member', async () => {
    const state = async (url: Url) =>
      (
        (await (
          await server.request(`/api/friend/getFriendsStatusByMemberId/${ids[url]}`, {
            token: tokens.demo,
          })
        ).json()) as { state: string }
      ).state;
    expect(await state('le-hoang-nam')).toBe('accepted');
    expect(await state('vo-quoc-bao')).toBe('received');
    expect(await state('dang-ngoc-lan')).toBe('sent');
    expect(await state('suong-mai')).toBe('none');
    expect(await state('demo')).toBe('self');
  });
});

describe('friend writes', () => {
  it('sends a request; identity comes from the token, never the body', async () => {
    const forged = await put(`addFriendsById/${ids['binh-tran']}`, tokens.demo, {
      from: ids['binh-tran'],
      to: ids['suong-mai'],
    });
    expect(forged.status).toBe(403);
    const mismatch = await put(`addFriendsById/${ids.demo}`, tokens.demo, {
      from: ids['binh-tran'],
      to: ids['suong-mai'],
    });
    expect(mismatch.status).toBe(400);
    const self = await put(`addFriendsById/${ids.demo}`, tokens.demo, {
      from: ids.demo,
      to: ids.demo,
    });
    expect(self.status).toBe(400);
    const unknown = await put(`addFriendsById/${ids.demo}`, tokens.demo, {
      from: ids.demo,
      to: randomUUID(),
    });
    expect(unknown.status).toBe(404);
    const visitor = await server.request(`/api/friend/addFriendsById/${ids.demo}`, {
      method: 'PUT',
      json: { from: ids.demo, to: ids['suong-mai'] },
    });
    expect(visitor.status).toBe(401);
    expect(await relation(ids.demo, ids['suong-mai'])).toEqual([]);

    const res = await put(`addFriendsById/${ids.demo}`, tokens.demo, {
      from: ids.demo,
      to: ids['suong-mai'],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Friendship;
    expect(body).toMatchObject({
      status: 'pending',
      direction: 'sent',
      other: { name: 'Cà Phê Sương Mai' },
    });
    // The pair's id is the same one the client computes offline.
    expect(body.id).toBe(await friendshipPairId(ids['suong-mai'], ids.demo));
    expect(body.id).toBe(friendshipPairIdSync(ids.demo, ids['suong-mai']));
    const rows = await relation(ids.demo, ids['suong-mai']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', from_member_id: ids.demo });
  });

  it('accepts the form-urlencoded body of the spec', async () => {
    const res = await server.request(`/api/friend/cancelFriendsById/${ids.demo}`, {
      method: 'PUT',
      token: tokens.demo,
      form: { from: ids.demo, to: ids['suong-mai'] },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'cancelled' });
    const rows = await relation(ids.demo, ids['suong-mai']);
    expect(rows[0]?.deleted_at).not.toBeNull();
  });

  it('cannot accept your own request; only the receiver accepts, once', async () => {
    const pair = { from: ids.demo, to: ids['suong-mai'] };
    expect((await put(`addFriendsById/${ids.demo}`, tokens.demo, pair)).status).toBe(200);
    // The sender trying to accept their own request.
    expect((await put(`acceptFriendsById/${ids.demo}`, tokens.demo, pair)).status).toBe(403);
    // The sender claiming the other direction: there is no request that way.
    const reversed = await put(`acceptFriendsById/${ids['suong-mai']}`, tokens.demo, {
      from: ids['suong-mai'],
      to: ids.demo,
    });
    expect(reversed.status).toBe(409);
    expect(await reversed.json()).toMatchObject({ error: { code: 'friend_request_missing' } });
    // A third member cannot answer.
    expect((await put(`acceptFriendsById/${ids.demo}`, tokens['binh-tran'], pair)).status).toBe(
      403,
    );

    const accepted = await put(`acceptFriendsById/${ids.demo}`, tokens['suong-mai'], pair);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ status: 'accepted', direction: 'received' });
    const twice = await put(`acceptFriendsById/${ids.demo}`, tokens['suong-mai'], pair);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ error: { code: 'friend_already' } });
    // Adding again when already friends is refused too.
    expect((await put(`addFriendsById/${ids.demo}`, tokens.demo, pair)).status).toBe(409);
  });

  it('cancel only by the sender, and only while waiting', async () => {
    const pair = { from: ids['binh-tran'], to: ids['le-hoang-nam'] };
    expect(
      (await put(`addFriendsById/${ids['binh-tran']}`, tokens['binh-tran'], pair)).status,
    ).toBe(200);
    expect(
      (await put(`cancelFriendsById/${ids['binh-tran']}`, tokens['le-hoang-nam'], pair)).status,
    ).toBe(403);
    expect(
      (await put(`cancelFriendsById/${ids['binh-tran']}`, tokens['binh-tran'], pair)).status,
    ).toBe(200);
    const again = await put(`cancelFriendsById/${ids['binh-tran']}`, tokens['binh-tran'], pair);
    expect(again.status).toBe(409);
    // A cancelled request can be sent again: the same row comes back to life.
    expect(
      (await put(`addFriendsById/${ids['binh-tran']}`, tokens['binh-tran'], pair)).status,
    ).toBe(200);
    const rows = await relation(ids['binh-tran'], ids['le-hoang-nam']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', deleted_at: null });
  });

  it('reject by the receiver ends the request', async () => {
    const pair = { from: ids['binh-tran'], to: ids['le-hoang-nam'] };
    expect(
      (await put(`rejectedFriendsById/${ids['binh-tran']}`, tokens['binh-tran'], pair)).status,
    ).toBe(403);
    const res = await put(`rejectedFriendsById/${ids['binh-tran']}`, tokens['le-hoang-nam'], pair);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'rejected' });
    expect((await relation(ids['binh-tran'], ids['le-hoang-nam']))[0]?.status).toBe('rejected');
  });

  it('a request crossing one from the other side makes them friends', async () => {
    const res = await put(`addFriendsById/${ids.demo}`, tokens.demo, {
      from: ids.demo,
      to: ids['vo-quoc-bao'],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'accepted' });
    expect(await relation(ids.demo, ids['vo-quoc-bao'])).toHaveLength(1);
  });

  it('two requests sent at the same moment from both sides end as one friendship', async () => {
    const [a, b] = await Promise.all([
      put(`addFriendsById/${ids['dang-ngoc-lan']}`, tokens['dang-ngoc-lan'], {
        from: ids['dang-ngoc-lan'],
        to: ids['le-hoang-nam'],
      }),
      put(`addFriendsById/${ids['le-hoang-nam']}`, tokens['le-hoang-nam'], {
        from: ids['le-hoang-nam'],
        to: ids['dang-ngoc-lan'],
      }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rows = await relation(ids['dang-ngoc-lan'], ids['le-hoang-nam']);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('accepted');
  });

  it('unfriend only when accepted, by either friend', async () => {
    const notFriends = await put(`unfriendById/${ids.demo}`, tokens.demo, {
      from: ids.demo,
      to: ids['dang-ngoc-lan'],
    });
    expect(notFriends.status).toBe(409);
    expect(await notFriends.json()).toMatchObject({ error: { code: 'friend_not_friends' } });
    // Phạm Thu Hà sent the original request; demo ends the friendship.
    const res = await put(`unfriendById/${ids.demo}`, tokens.demo, {
      from: ids.demo,
      to: ids['pham-thu-ha'],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'removed' });
    const rows = await relation(ids.demo, ids['pham-thu-ha']);
    expect(rows[0]).toMatchObject({ status: 'removed' });
    expect(rows[0]?.deleted_at).not.toBeNull();
  });

  it('replays an idempotency key with the first answer and no second effect', async () => {
    const key = randomUUID();
    const pair = { from: ids['binh-tran'], to: ids['pham-thu-ha'] };
    const first = await put(`addFriendsById/${ids['binh-tran']}`, tokens['binh-tran'], pair, key);
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as Friendship;
    const seqBefore = await queryRows<{ change_seq: string }>(
      server.database.db,
      sql`SELECT change_seq FROM friendships WHERE id = ${firstBody.id}`,
    );
    // Cancel in between: a replay of the add must not bring the request back.
    expect(
      (await put(`cancelFriendsById/${ids['binh-tran']}`, tokens['binh-tran'], pair)).status,
    ).toBe(200);
    const replay = await put(`addFriendsById/${ids['binh-tran']}`, tokens['binh-tran'], pair, key);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(firstBody);
    const rows = await relation(ids['binh-tran'], ids['pham-thu-ha']);
    expect(rows[0]?.status).toBe('cancelled');
    expect(seqBefore).toHaveLength(1);
  });

  it('registers the friend mutations and the friendships pull source', () => {
    for (const name of [
      'friend.add',
      'friend.accept',
      'friend.reject',
      'friend.cancel',
      'friend.unfriend',
    ]) {
      expect(findMutation(name)).toBeDefined();
    }
    expect(pullSources.map((s) => s.entity)).toContain('friendships');
  });

  it('the pull source enriches rows with the other member, seen from the puller', async () => {
    const source = pullSources.find((s) => s.entity === 'friendships');
    if (!source) throw new Error('no friendships source');
    const rows = await server.database.db.transaction(async (tx) => {
      const raw = await tx.select().from(source.table).where(source.scope(ids['le-hoang-nam']));
      return source.toClient(raw, {
        tx,
        memberId: ids['le-hoang-nam'],
      });
    });
    const fromDemo = rows.find((r) => r.otherMemberId === ids.demo);
    expect(fromDemo).toMatchObject({
      status: 'accepted',
      direction: 'received',
      other: { name: 'Nguyễn Thị Minh Anh', urlMinify: 'demo' },
      searchKey: 'nguyen thi minh anh',
    });
    // Tombstones are carried too.
    expect(rows.some((r) => r.deletedAt !== null)).toBe(true);
  });
});

describe('friend facts on mirrored rows', () => {
  it("a friend's new name reaches the next pull of the member's devices", async () => {
    const pull = async (cursor: number) => {
      const res = await server.request(`/api/sync/pull?cursor=${cursor}&limit=5000`, {
        token: tokens.demo,
      });
      expect(res.status).toBe(200);
      return (await res.json()) as {
        cursor: number;
        changes: { entity: string; row: Friendship }[];
      };
    };
    const before = await pull(0);
    await server.database.db.execute(
      sql`UPDATE members SET name = 'Lê Hoàng Nam (KTS)' WHERE id = ${ids['le-hoang-nam']}`,
    );
    const after = await pull(before.cursor);
    const rows = after.changes.filter(
      (c) => c.entity === 'friendships' && c.row.otherMemberId === ids['le-hoang-nam'],
    );
    expect(rows.map((c) => c.row.other.name)).toEqual(['Lê Hoàng Nam (KTS)']);
  });
});
