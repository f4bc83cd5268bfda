// A friend request to another member (friend.add), shared by the friends screen and the
// "add friend" button of a card page (which loads it only when tapped).
import { appDb, type AppDb, type FriendshipRow } from '../db/app-db';
import { queueMutation, type QueueMutationInput } from './mutate';
import { foldForSearch } from '../../contract/contact';
import { friendshipPairId, type FriendPerson } from '../../contract/friend';

/** The live relation (friends or a waiting request, either way) between me and another member. */
export async function livePairRow(
  me: string,
  other: string,
  db: AppDb = appDb,
): Promise<FriendshipRow | undefined> {
  const rows = await db.friendships.where('otherMemberId').equals(other).toArray();
  return rows.find((r) => r.deletedAt === null && (r.fromMemberId === me || r.toMemberId === me));
}

/**
 * Sends a friend request (a request the other side already sent becomes a friendship, as on
 * the server). Offline: shown as sent at once, delivered when the network is back.
 */
export async function sendFriendRequest(me: string, person: FriendPerson): Promise<void> {
  await queueMutation(await friendRequestWrite(appDb, me, person));
}

/** The outbox write of a friend request from this device's store (`db`). */
export async function friendRequestWrite(
  db: AppDb,
  me: string,
  person: FriendPerson,
): Promise<QueueMutationInput<'friend.add'>> {
  const live = await livePairRow(me, person.id, db);
  // The server picks the pair's live row, else the pair's own id: the same rule here.
  const id = live?.id ?? (await friendshipPairId(me, person.id));
  const now = new Date().toISOString();
  // The same request again changes nothing on the server, so nothing here either: a newer
  // `updatedAt` would never be replaced, as no pull brings the unchanged row back.
  const row: FriendshipRow = live
    ? live.fromMemberId === me
      ? live
      : { ...live, status: 'accepted', updatedAt: now }
    : {
        id,
        fromMemberId: me,
        toMemberId: person.id,
        status: 'pending',
        direction: 'sent',
        otherMemberId: person.id,
        other: person,
        searchKey: foldForSearch(person.name),
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      };
  return {
    name: 'friend.add',
    payload: { from: me, to: person.id },
    table: 'friendships',
    rowId: id,
    apply: (tx) => tx.friendships.put(row),
  };
}
