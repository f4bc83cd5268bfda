// The member's own profile: read from the local mirror (filled by the `profile` pull), edited
// through the outbox as one `profile.update` patch of the changed fields.
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type ProfileRow } from '../../db/app-db';
import { queueMutation } from '../../sync/mutate';
import { fieldEdit } from '../../sync/field-edit';
import {
  profileColumnOf,
  profileMergedFields,
  type ProfileUpdateInput,
} from '../../../contract/member';

/** The member's mirrored profile; undefined while reading, null before the first pull. */
export function useMyProfile(memberId: string | undefined): ProfileRow | null | undefined {
  return useLiveQuery(
    async () => (memberId ? ((await appDb.profile.get(memberId)) ?? null) : null),
    [memberId],
  );
}

type Patch = Omit<ProfileUpdateInput, 'id' | 'base'>;

/** The mirrored row after a patch: blanks clear, the card's phone is `contactPhone`. */
export function patchedProfile(row: ProfileRow, patch: Patch, now: string): ProfileRow {
  const next: ProfileRow = { ...row, updatedAt: now };
  const fields = next as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const column = profileColumnOf(key);
    const trimmed = typeof value === 'string' ? value.trim() : value;
    fields[column] = trimmed === '' && key !== 'name' ? null : trimmed;
  }
  return next;
}

/**
 * Saves the changed fields of the member's profile. Offline: shown on this device at once
 * (and after a reload), sent to the server once when the network is back.
 */
export async function saveProfile(memberId: string, patch: Patch): Promise<void> {
  const given = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Patch;
  // With the mirrored row: only what differs from it, with its values as the base, so the
  // server merges per field and keeps a value another device wrote since (decision 1062).
  const mirror = await appDb.profile.get(memberId);
  const edit = mirror ? fieldEdit(mirror, given, profileMergedFields, profileColumnOf) : undefined;
  const changed = edit
    ? (Object.fromEntries(
        Object.entries(given).filter(([field]) => Object.hasOwn(edit.changed, field)),
      ) as Patch)
    : given;
  if (Object.keys(changed).length === 0) return;
  const base = edit ? { base: edit.base as NonNullable<ProfileUpdateInput['base']> } : {};
  const now = new Date().toISOString();
  await queueMutation({
    name: 'profile.update',
    payload: { id: memberId, ...changed, ...base },
    table: 'profile',
    rowId: memberId,
    apply: async (db) => {
      const row = await db.profile.get(memberId);
      // Before the first pull there is no row to show it on; the server still gets the patch.
      if (row) await db.profile.put(patchedProfile(row, changed, now));
    },
  });
}

/** Whether the member has a shown bank, link or video on their card (mirrored rows). */
export function useHasAccountLinks(memberId: string): boolean {
  return (
    useLiveQuery(
      async () =>
        (await appDb.accountLinks.where('memberId').equals(memberId).toArray()).some(
          (row) => row.deletedAt === null && !row.hidden,
        ),
      [memberId],
    ) ?? false
  );
}

export type MissingPart =
  | 'avatar'
  | 'jobTitle'
  | 'phone'
  | 'contactEmail'
  | 'address'
  | 'intro'
  | 'aboutMe'
  | 'interests'
  | 'links';

/** What a visitor would miss on the card, in the order worth filling it. */
export function missingParts(row: ProfileRow, hasAccountLinks: boolean): MissingPart[] {
  const missing: MissingPart[] = [];
  if (!row.avatarUrl) missing.push('avatar');
  if (!row.jobTitle && !row.workplace) missing.push('jobTitle');
  if (!row.contactPhone) missing.push('phone');
  if (!row.contactEmail) missing.push('contactEmail');
  if (!row.address) missing.push('address');
  if (!row.intro) missing.push('intro');
  if (!row.aboutMe) missing.push('aboutMe');
  if (row.interests.length === 0 && row.businessSectors.length === 0) missing.push('interests');
  if (!hasAccountLinks) missing.push('links');
  return missing;
}

/** How much of the card is filled, 0–100. */
export function completeness(row: ProfileRow, hasAccountLinks: boolean): number {
  const total = 9;
  return Math.round(((total - missingParts(row, hasAccountLinks).length) / total) * 100);
}
