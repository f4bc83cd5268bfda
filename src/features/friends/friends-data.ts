// Friend relations: read from the local mirror, written through the outbox.
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type ContactRow, type FriendshipRow } from '../../db/app-db';
import { queueMutation, type QueueMutationInput } from '../../sync/mutate';
import type { FriendPerson } from '../../../contract/friend';

/** Live relations of the member (friends and waiting requests, both directions). */
export function useFriendships(memberId: string | undefined): FriendshipRow[] | undefined {
  return useLiveQuery(async () => {
    if (!memberId) return [];
    const rows = await appDb.friendships.toArray();
    return rows
      .filter(
        (r) => r.deletedAt === null && (r.fromMemberId === memberId || r.toMemberId === memberId),
      )
      .sort((a, b) => a.searchKey.localeCompare(b.searchKey));
  }, [memberId]);
}

/** Saved cards of members who are not friends yet and have no waiting request. */
export function useFriendSuggestions(
  memberId: string | undefined,
  friendships: FriendshipRow[] | undefined,
): ContactRow[] {
  const cards = useLiveQuery(async () => {
    if (!memberId) return [];
    const rows = await appDb.contacts.where('cardMemberId').above('').toArray();
    return rows.filter((c) => c.deletedAt === null && c.ownerMemberId === memberId);
  }, [memberId]);
  const related = new Set((friendships ?? []).map((f) => f.otherMemberId));
  const seen = new Set<string>();
  return (cards ?? []).filter((c) => {
    const id = c.cardMemberId;
    if (!id || id === memberId || related.has(id) || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

export function personFromContact(contact: ContactRow): FriendPerson {
  return {
    id: contact.cardMemberId ?? '',
    name: contact.cardSnapshot?.name ?? contact.name,
    urlMinify: contact.cardSnapshot?.urlMinify ?? '',
    avatarUrl: contact.cardSnapshot?.avatarUrl ?? null,
    jobTitle: contact.cardSnapshot?.jobTitle ?? contact.jobTitle,
    workplace: contact.cardSnapshot?.workplace ?? contact.company,
  };
}

type Ending = 'rejected' | 'cancelled' | 'removed';

/** The friend mutations that answer or end a relation (their payload is the same). */
export type FriendChange = 'friend.accept' | 'friend.reject' | 'friend.cancel' | 'friend.unfriend';

/** The outbox write that answers or ends a relation: the row takes its new status at once. */
export function friendChangeWrite(
  row: FriendshipRow,
  name: FriendChange,
  payload: { from: string; to: string },
  status: FriendshipRow['status'],
): QueueMutationInput<FriendChange> {
  const now = new Date().toISOString();
  const ended = (['rejected', 'cancelled', 'removed'] as string[]).includes(status);
  return {
    name,
    payload,
    table: 'friendships',
    rowId: row.id,
    apply: (db) =>
      db.friendships.update(row.id, {
        status,
        updatedAt: now,
        deletedAt: ended ? now : null,
      }),
  };
}

async function change(
  row: FriendshipRow,
  name: FriendChange,
  payload: { from: string; to: string },
  status: FriendshipRow['status'],
): Promise<void> {
  await queueMutation(friendChangeWrite(row, name, payload, status));
}

/** Accepts a request received. Offline: friends at once on this device, sent later. */
export function acceptFriendRequest(me: string, row: FriendshipRow): Promise<void> {
  return change(row, 'friend.accept', { from: row.fromMemberId, to: me }, 'accepted');
}

/** Rejects (deletes) a request received. Offline: gone at once, sent later. */
export function rejectFriendRequest(me: string, row: FriendshipRow): Promise<void> {
  return change(
    row,
    'friend.reject',
    { from: row.fromMemberId, to: me },
    'rejected' satisfies Ending,
  );
}

/** Withdraws a request sent. Offline: gone at once, sent later. */
export function cancelFriendRequest(me: string, row: FriendshipRow): Promise<void> {
  return change(
    row,
    'friend.cancel',
    { from: me, to: row.toMemberId },
    'cancelled' satisfies Ending,
  );
}

/** Ends a friendship. Offline: gone at once, sent later. */
export function unfriend(me: string, row: FriendshipRow): Promise<void> {
  return change(
    row,
    'friend.unfriend',
    { from: me, to: row.otherMemberId },
    'removed' satisfies Ending,
  );
}
