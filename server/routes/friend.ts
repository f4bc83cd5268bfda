// Spec §7 Friends, plus cancel and unfriend (docs/decisions/0250-friend-calls.md).
// Writes run the registered friend.* mutations, the same handlers as the batch push.
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { optionalMember, requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { readBody, readQuery, uuidParam } from '../http/input';
import { runMutationRoute } from '../sync/run-mutation';
import {
  acceptedFriendCount,
  friendshipsForClient,
  liveFriendships,
  livePairFor,
} from '../domain/friends';
import {
  friendRequestSchema,
  friendsByStatusQuerySchema,
  type FriendRelation,
  type FriendTotals,
} from '../../contract/friend';
import { foldForSearch } from '../../contract/contact';

/** Lists of a member's own relations are theirs alone. */
function requireSelf(c: Context<AppEnv>, id: string): string {
  const me = requireMember(c);
  if (me.memberId !== id) throw new ApiError(403, 'forbidden');
  return id;
}

export function friendRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  /** Accepted friends of the caller. */
  app.get('/friend/getFriendsByMemberId/:id', async (c) => {
    const id = requireSelf(c, uuidParam(c, 'id'));
    const rows = (await liveFriendships(db, id)).filter((r) => r.status === 'accepted');
    return c.json(await friendshipsForClient(db, id, rows));
  });

  /** The relation between the caller and member :id (the add-friend button of a card). */
  app.get('/friend/getFriendsStatusByMemberId/:id', async (c) => {
    const me = requireMember(c);
    const id = uuidParam(c, 'id');
    if (id === me.memberId)
      return c.json({ state: 'self', friendship: null } satisfies FriendRelation);
    const row = await livePairFor(db, me.memberId, id);
    if (!row) return c.json({ state: 'none', friendship: null } satisfies FriendRelation);
    const [friendship] = await friendshipsForClient(db, me.memberId, [row]);
    const state =
      row.status === 'accepted'
        ? 'accepted'
        : row.fromMemberId === me.memberId
          ? 'sent'
          : 'received';
    return c.json({ state, friendship: friendship ?? null } satisfies FriendRelation);
  });

  /** Requests waiting for the caller's answer. */
  app.get('/friend/getFriendsIsAcceptById/:id', async (c) => {
    const id = requireSelf(c, uuidParam(c, 'id'));
    const rows = (await liveFriendships(db, id)).filter(
      (r) => r.status === 'pending' && r.toMemberId === id,
    );
    return c.json(await friendshipsForClient(db, id, rows));
  });

  /** status: accepted (default), received, sent or pending (both); name: part of a name. */
  app.get('/friend/getFriendsByStatus/:id', async (c) => {
    const id = requireSelf(c, uuidParam(c, 'id'));
    const query = readQuery(c, friendsByStatusQuerySchema);
    const rows = (await liveFriendships(db, id)).filter((r) => {
      if (query.status === 'accepted') return r.status === 'accepted';
      if (r.status !== 'pending') return false;
      if (query.status === 'received') return r.toMemberId === id;
      if (query.status === 'sent') return r.fromMemberId === id;
      return true;
    });
    const list = await friendshipsForClient(db, id, rows);
    const needle = foldForSearch(query.name);
    return c.json(needle ? list.filter((f) => f.searchKey.includes(needle)) : list);
  });

  /** Number of friends of anyone; the member themself also gets their waiting requests. */
  app.get('/friend/getTotalFriend/:id', async (c) => {
    const id = uuidParam(c, 'id');
    const me = optionalMember(c);
    const totals: FriendTotals = { total: await acceptedFriendCount(db, id) };
    if (me?.memberId === id) {
      const pending = (await liveFriendships(db, id)).filter((r) => r.status === 'pending');
      totals.received = pending.filter((r) => r.toMemberId === id).length;
      totals.sent = pending.filter((r) => r.fromMemberId === id).length;
    }
    return c.json(totals);
  });

  // Writes: the path's {from} is the body's `from`; who acts is always the token's member.
  const write = (path: string, name: string) =>
    app.put(`/friend/${path}/:from`, async (c) => {
      const from = uuidParam(c, 'from');
      const body = await readBody(c, friendRequestSchema);
      if (body.from.toLowerCase() !== from) throw new ApiError(400, 'friend_mismatch');
      return runMutationRoute(c, deps, name, {
        from: body.from.toLowerCase(),
        to: body.to.toLowerCase(),
      });
    });
  write('addFriendsById', 'friend.add');
  write('acceptFriendsById', 'friend.accept');
  write('rejectedFriendsById', 'friend.reject');
  write('cancelFriendsById', 'friend.cancel');
  write('unfriendById', 'friend.unfriend');

  return app;
}
