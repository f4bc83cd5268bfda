// The card's avatar, banner or background set to an uploaded picture (decision 0620).
// Offline: the profile row (if mirrored) changes at once; the entry waits in the outbox, and
// the engine uploads the pictures it points at before pushing it.
import type { ProfileImageSlot } from '../../contract/image';
import { appDb, type AppDb, type OutboxEntry } from '../db/app-db';
import { readSession } from '../api/session-store';
import { queueMutationIn, type QueueMutationInput } from './mutate';
import { outboxChanged } from './flush-signal';

const slotField = {
  avatar: 'avatarUrl',
  banner: 'bannerUrl',
  background: 'backgroundUrl',
} as const;

function setImageInput(
  memberId: string,
  slot: ProfileImageSlot,
  url: string | null,
): QueueMutationInput<'profile.setImage'> {
  return {
    name: 'profile.setImage',
    payload: { slot, url },
    table: 'profile',
    rowId: memberId,
    // Only a mirrored profile changes; without one there is nothing to show yet.
    apply: async (db) => {
      const row = await db.profile.get(memberId);
      if (row) await db.profile.put({ ...row, [slotField[slot]]: url });
    },
  };
}

/** Queues profile.setImage into a given database (tests, the service worker). */
export function queueProfileImageIn(
  db: AppDb,
  memberId: string,
  slot: ProfileImageSlot,
  url: string | null,
): Promise<OutboxEntry> {
  return queueMutationIn(db, setImageInput(memberId, slot, url), memberId);
}

/** Sets a card picture of the logged-in member (url from queueImageUpload, or null). */
export async function queueProfileImage(
  slot: ProfileImageSlot,
  url: string | null,
): Promise<OutboxEntry> {
  const session = await readSession();
  if (!session) throw new Error('not logged in');
  const entry = await queueProfileImageIn(appDb, session.memberId, slot, url);
  outboxChanged();
  return entry;
}
