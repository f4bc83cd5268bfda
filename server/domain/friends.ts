// Friend relations: the one write path (registered mutations run by the REST routes and the
// batch push alike), the reads the routes share, and the pull source of `friendships`.
import { createHash } from 'node:crypto';
import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../db/client';
import { friendships, members } from '../db/schema';
import { ApiError } from '../http/errors';
import type { MutationContext, MutationHandler, PullSource } from '../sync/registry';
import { countFriendRequest, limitsOf } from './fair-use';
import { emitNotification } from './notifications';
import {
  friendshipPairKey,
  uuidFromDigest,
  type FriendPerson,
  type Friendship,
  type FriendRequestInput,
} from '../../contract/friend';
import { foldForSearch } from '../../contract/contact';

type FriendshipRow = typeof friendships.$inferSelect;

/** Same id as the client computes (contract/friend.ts friendshipPairId), synchronously. */
export function friendshipPairIdSync(a: string, b: string): string {
  const digest = createHash('sha256').update(friendshipPairKey(a, b)).digest();
  return uuidFromDigest(new Uint8Array(digest));
}

const pairCondition = (a: string, b: string) =>
  or(
    and(eq(friendships.fromMemberId, a), eq(friendships.toMemberId, b)),
    and(eq(friendships.fromMemberId, b), eq(friendships.toMemberId, a)),
  );

/** The live relation of a pair, locked for the rest of the transaction. */
async function livePair(tx: Transaction, a: string, b: string): Promise<FriendshipRow | undefined> {
  // Serialises writes on one pair, so two requests crossing each other cannot both insert.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${friendshipPairKey(a, b)}))`);
  const rows = await tx
    .select()
    .from(friendships)
    .where(and(pairCondition(a, b), isNull(friendships.deletedAt)))
    .for('update');
  return rows[0];
}

async function people(db: Queryable, ids: string[]): Promise<Map<string, FriendPerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: members.id,
      name: members.name,
      urlMinify: members.urlMinify,
      avatarUrl: members.avatarUrl,
      jobTitle: members.jobTitle,
      workplace: members.workplace,
    })
    .from(members)
    .where(inArray(members.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Rows as the client mirrors them, seen from `viewerId`, with the other member's facts. */
export async function friendshipsForClient(
  db: Queryable,
  viewerId: string,
  rows: FriendshipRow[],
): Promise<Friendship[]> {
  const otherOf = (r: FriendshipRow) =>
    r.fromMemberId === viewerId ? r.toMemberId : r.fromMemberId;
  const byId = await people(db, rows.map(otherOf));
  return rows.map((r) => {
    const otherId = otherOf(r);
    const other = byId.get(otherId) ?? {
      id: otherId,
      name: '',
      urlMinify: '',
      avatarUrl: null,
      jobTitle: null,
      workplace: null,
    };
    return {
      id: r.id,
      fromMemberId: r.fromMemberId,
      toMemberId: r.toMemberId,
      status: r.status,
      direction: r.fromMemberId === viewerId ? 'sent' : 'received',
      otherMemberId: otherId,
      other,
      searchKey: foldForSearch(other.name),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      deletedAt: r.deletedAt,
      changeSeq: r.changeSeq,
    };
  });
}

/** Live relations of a member (both directions), newest first. */
export async function liveFriendships(db: Queryable, memberId: string): Promise<FriendshipRow[]> {
  return db
    .select()
    .from(friendships)
    .where(
      and(
        or(eq(friendships.fromMemberId, memberId), eq(friendships.toMemberId, memberId)),
        isNull(friendships.deletedAt),
      ),
    )
    .orderBy(sql`${friendships.updatedAt} DESC`, friendships.id);
}

export async function livePairFor(
  db: Queryable,
  a: string,
  b: string,
): Promise<FriendshipRow | undefined> {
  const rows = await db
    .select()
    .from(friendships)
    .where(and(pairCondition(a, b), isNull(friendships.deletedAt)));
  return rows[0];
}

function checkPair(input: FriendRequestInput): void {
  if (input.from === input.to) throw new ApiError(400, 'friend_self');
}

async function requireActiveMember(tx: Transaction, id: string): Promise<void> {
  const rows = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, id), isNull(members.deletedAt)));
  if (rows.length === 0) throw new ApiError(404, 'not_found');
}

async function setStatus(
  tx: Transaction,
  row: FriendshipRow,
  status: FriendshipRow['status'],
  now: Date,
): Promise<FriendshipRow> {
  const ended = status === 'rejected' || status === 'cancelled' || status === 'removed';
  const [updated] = await tx
    .update(friendships)
    .set({ status, deletedAt: ended ? now.toISOString() : null })
    .where(eq(friendships.id, row.id))
    .returning();
  if (!updated) throw new ApiError(409, 'conflict');
  return updated;
}

async function answer(
  tx: Transaction,
  ctx: MutationContext,
  row: FriendshipRow,
): Promise<Friendship> {
  const [client] = await friendshipsForClient(tx, ctx.memberId, [row]);
  if (!client) throw new ApiError(409, 'conflict');
  return client;
}

/** Tells `memberId` that `actorId` asked to be friends or accepted their request. */
async function notifyFriend(
  tx: Transaction,
  row: FriendshipRow,
  memberId: string,
  actorId: string,
  kind: 'friend_request' | 'friend_accepted',
): Promise<void> {
  await emitNotification(tx, {
    memberId,
    kind,
    actorMemberId: actorId,
    subjectId: row.id,
    link: kind === 'friend_request' ? `/friends/${memberId}?tab=received` : `/friends/${memberId}`,
  });
}

/** Sends a request from the caller; a request the other side already sent is accepted. */
export const addFriend: MutationHandler<'friend.add'> = {
  async run(tx, ctx, input) {
    checkPair(input);
    if (input.from !== ctx.memberId) throw new ApiError(403, 'friend_mismatch');
    await requireActiveMember(tx, input.to);
    const live = await livePair(tx, input.from, input.to);
    if (live) {
      if (live.status === 'accepted') throw new ApiError(409, 'friend_already');
      // The same request again (another device, a retry with a new key): nothing changes.
      if (live.fromMemberId === input.from) return answer(tx, ctx, live);
      const accepted = await setStatus(tx, live, 'accepted', ctx.now);
      await notifyFriend(tx, accepted, input.to, input.from, 'friend_accepted');
      return answer(tx, ctx, accepted);
    }
    // A new request: counted in the sender's day (decision 1023).
    await countFriendRequest(tx, ctx.memberId, ctx.now, limitsOf(ctx));
    // No live relation: reuse the pair's own row, so every device agrees on its id.
    const id = friendshipPairIdSync(input.from, input.to);
    const [existing] = await tx.select().from(friendships).where(eq(friendships.id, id));
    if (existing) {
      const [revived] = await tx
        .update(friendships)
        .set({
          fromMemberId: input.from,
          toMemberId: input.to,
          status: 'pending',
          deletedAt: null,
        })
        .where(eq(friendships.id, id))
        .returning();
      if (!revived) throw new ApiError(409, 'conflict');
      await notifyFriend(tx, revived, input.to, input.from, 'friend_request');
      return answer(tx, ctx, revived);
    }
    const [inserted] = await tx
      .insert(friendships)
      .values({ id, fromMemberId: input.from, toMemberId: input.to, status: 'pending' })
      .returning();
    if (!inserted) throw new ApiError(409, 'conflict');
    await notifyFriend(tx, inserted, input.to, input.from, 'friend_request');
    return answer(tx, ctx, inserted);
  },
};

/** The receiver (`to`) answers a waiting request from `from`. */
async function answerRequest(
  tx: Transaction,
  ctx: MutationContext,
  input: FriendRequestInput,
  status: 'accepted' | 'rejected',
): Promise<Friendship> {
  checkPair(input);
  if (input.to !== ctx.memberId) throw new ApiError(403, 'friend_mismatch');
  const live = await livePair(tx, input.from, input.to);
  if (live?.status === 'accepted') throw new ApiError(409, 'friend_already');
  if (!live || live.status !== 'pending' || live.fromMemberId !== input.from) {
    throw new ApiError(409, 'friend_request_missing');
  }
  const answered = await setStatus(tx, live, status, ctx.now);
  if (status === 'accepted') {
    await notifyFriend(tx, answered, input.from, input.to, 'friend_accepted');
  }
  return answer(tx, ctx, answered);
}

export const acceptFriend: MutationHandler<'friend.accept'> = {
  run: (tx, ctx, input) => answerRequest(tx, ctx, input, 'accepted'),
};

export const rejectFriend: MutationHandler<'friend.reject'> = {
  run: (tx, ctx, input) => answerRequest(tx, ctx, input, 'rejected'),
};

/** The sender (`from`) withdraws a request that is still waiting. */
export const cancelFriend: MutationHandler<'friend.cancel'> = {
  async run(tx, ctx, input) {
    checkPair(input);
    if (input.from !== ctx.memberId) throw new ApiError(403, 'friend_mismatch');
    const live = await livePair(tx, input.from, input.to);
    if (live?.status === 'accepted') throw new ApiError(409, 'friend_already');
    if (!live || live.status !== 'pending' || live.fromMemberId !== input.from) {
      throw new ApiError(409, 'friend_request_missing');
    }
    return answer(tx, ctx, await setStatus(tx, live, 'cancelled', ctx.now));
  },
};

/** Either friend ends the friendship; `from` is the caller, `to` the friend. */
export const unfriend: MutationHandler<'friend.unfriend'> = {
  async run(tx, ctx, input) {
    checkPair(input);
    if (input.from !== ctx.memberId) throw new ApiError(403, 'friend_mismatch');
    const live = await livePair(tx, input.from, input.to);
    if (!live || live.status !== 'accepted') throw new ApiError(409, 'friend_not_friends');
    return answer(tx, ctx, await setStatus(tx, live, 'removed', ctx.now));
  },
};

export const friendshipsPullSource: PullSource<'friendships'> = {
  entity: 'friendships',
  table: friendships,
  scope: (memberId) =>
    or(eq(friendships.fromMemberId, memberId), eq(friendships.toMemberId, memberId)) ?? sql`false`,
  toClient: async (rows, { tx, memberId }) =>
    await friendshipsForClient(tx, memberId, rows as FriendshipRow[]),
};

/** How many accepted friends a member has; anyone may know it. */
export async function acceptedFriendCount(db: Queryable, memberId: string): Promise<number> {
  const [accepted] = await db
    .select({ n: count() })
    .from(friendships)
    .where(
      and(
        or(eq(friendships.fromMemberId, memberId), eq(friendships.toMemberId, memberId)),
        eq(friendships.status, 'accepted'),
        isNull(friendships.deletedAt),
      ),
    );
  return Number(accepted?.n ?? 0);
}
