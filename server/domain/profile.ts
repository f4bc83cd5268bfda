// The member's own profile: the one write path (profile.update) shared by the REST route and
// the batch push, and the pull source of the `profile` table (the owner's row only).
import { eq, sql } from 'drizzle-orm';
import { members } from '../db/schema';
import { ApiError } from '../http/errors';
import type { Transaction } from '../db/client';
import type { MutationContext, MutationHandler, PullSource } from '../sync/registry';
import { mergeAndRecord } from './conflicts';
import type { ConflictTarget } from './conflict-target';
import type { FieldValue, FieldValues } from '../../contract/field-merge';
import { careers, childCareers, interests } from './profile-lists';
import {
  profileColumnOf,
  profileMergedFields,
  type MirroredProfile,
  type ProfileUpdate,
} from '../../contract/member';
import { pushSettingsWithDefaults } from '../../contract/notification';

type MemberRow = typeof members.$inferSelect;

/** The owner's row as their devices mirror it (login e-mail and phone included: it is theirs). */
export function profileForOwner(row: MemberRow): MirroredProfile {
  return {
    id: row.id,
    type: row.type,
    email: row.email,
    phone: row.phone,
    contactPhone: row.contactPhone,
    name: row.name,
    shortName: row.shortName,
    urlMinify: row.urlMinify,
    theme: row.theme,
    themeType: row.themeType,
    language: row.language,
    intro: row.intro,
    jobTitle: row.jobTitle,
    workplace: row.workplace,
    address: row.address,
    aboutMe: row.aboutMe,
    avatarUrl: row.avatarUrl,
    bannerUrl: row.bannerUrl,
    backgroundUrl: row.backgroundUrl,
    otherPhone: row.otherPhone,
    contactEmail: row.contactEmail,
    website: row.website,
    zalo: row.zalo,
    interests: row.interests,
    businessSectors: row.businessSectors,
    companyInfo: row.companyInfo,
    agencyId: row.agencyId,
    pushSettings: pushSettingsWithDefaults(row.pushSettings),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
    changeSeq: row.changeSeq,
  };
}

const blankToNull = (value: string | undefined) => (value === '' ? null : value);

/** The columns a patch writes: only the fields it carries (per-field last write wins). */
export function profileColumns(patch: ProfileUpdate): Partial<MemberRow> {
  const set: Partial<MemberRow> = {};
  const text = <K extends keyof MemberRow>(column: K, value: string | undefined) => {
    if (value !== undefined) (set as Record<string, unknown>)[column] = blankToNull(value);
  };
  if (patch.name !== undefined) set.name = patch.name;
  text('shortName', patch.shortName);
  text('intro', patch.intro);
  text('jobTitle', patch.jobTitle);
  text('workplace', patch.workplace);
  text('address', patch.address);
  text('aboutMe', patch.aboutMe);
  text('avatarUrl', patch.avatarUrl);
  text('bannerUrl', patch.bannerUrl);
  text('backgroundUrl', patch.backgroundUrl);
  // The card's phone: `phone` in the patch, contact_phone in the row (profileColumnOf).
  text('contactPhone', patch.phone);
  text('otherPhone', patch.otherPhone);
  text('contactEmail', patch.contactEmail);
  text('website', patch.website);
  text('zalo', patch.zalo);
  text('companyInfo', patch.companyInfo);
  if (patch.interests !== undefined) set.interests = [...new Set(patch.interests)];
  if (patch.businessSectors !== undefined) {
    set.businessSectors = [...new Set(patch.businessSectors)];
  }
  if (patch.language !== undefined) set.language = patch.language;
  return set;
}

const knownInterests: ReadonlySet<string> = new Set(interests);
const knownSectors: ReadonlySet<string> = new Set([
  ...careers,
  ...Object.values(childCareers).flat(),
]);

/**
 * Interests and business sectors come from the lists the app offers (GET /members/interest,
 * careers, childCareers). A value on none of them is refused with the field and the value
 * named, unless the member already had it (a list entry since removed stays; decision 0671).
 */
function checkListedValues(patch: ProfileUpdate, existing: MemberRow): void {
  const lists = [
    ['interests', patch.interests, knownInterests, existing.interests, 'interest_unknown'],
    [
      'businessSectors',
      patch.businessSectors,
      knownSectors,
      existing.businessSectors,
      'business_sector_unknown',
    ],
  ] as const;
  for (const [field, values, known, stored, code] of lists) {
    const unknown = values?.find((value) => !known.has(value) && !stored.includes(value));
    if (unknown !== undefined) {
      throw new ApiError(400, 'validation_failed', {
        [field]: { code, params: { value: unknown } },
      });
    }
  }
}

/** A profile patch's fields by name as the member's row holds them (the card's phone too). */
function storedProfileFields(row: MemberRow): FieldValues {
  const stored: FieldValues = {};
  for (const field of profileMergedFields) {
    const column = profileColumnOf(field);
    const value = (row as Record<string, unknown>)[column];
    stored[field] =
      typeof value === 'string' || Array.isArray(value) ? (value as FieldValue) : null;
  }
  return stored;
}

/** The fields a patch carries, as they will be stored (blanks none, lists without repeats). */
function patchFields(patch: ProfileUpdate): FieldValues {
  const changed: FieldValues = {};
  for (const field of profileMergedFields) {
    const value = patch[field];
    if (value === undefined) continue;
    changed[field] = Array.isArray(value) ? [...new Set(value)] : value === '' ? null : value;
  }
  return changed;
}

/**
 * Writes a patch to the owner's row, per field (decision 1062): with a base, a field another
 * device wrote since is still overwritten and its value kept as a conflict.
 */
async function writeProfilePatch(
  tx: Transaction,
  ctx: MutationContext,
  existing: MemberRow,
  patch: ProfileUpdate,
): Promise<MirroredProfile> {
  const set = profileColumns(patch);
  if (Object.keys(set).length === 0) return profileForOwner(existing);
  await mergeAndRecord(
    tx,
    ctx,
    { entity: 'profile', rowId: existing.id, label: existing.name },
    storedProfileFields(existing),
    patchFields(patch),
    patch.base,
  );
  const [row] = await tx.update(members).set(set).where(eq(members.id, existing.id)).returning();
  if (!row) throw new ApiError(409, 'conflict');
  return profileForOwner(row);
}

async function ownRowForUpdate(tx: Transaction, memberId: string): Promise<MemberRow> {
  const [existing] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
  if (!existing || existing.deletedAt !== null) throw new ApiError(404, 'not_found');
  return existing;
}

/**
 * Writes the fields the patch carries to the caller's own row, in arrival order, per field
 * (decisions 0610, 1062). Another member's id is refused with 403 and changes nothing.
 */
export const updateProfile: MutationHandler<'profile.update'> = {
  async run(tx, ctx, input) {
    if (input.id !== ctx.memberId) throw new ApiError(403, 'forbidden');
    const existing = await ownRowForUpdate(tx, ctx.memberId);
    checkListedValues(input, existing);
    return writeProfilePatch(tx, ctx, existing, input);
  },
};

/** How conflict.resolve writes the owner's kept profile values back (decision 1062). */
export const profileConflictTarget: ConflictTarget = {
  async writeFields(tx, ctx, rowId, values, base) {
    if (rowId !== ctx.memberId) throw new ApiError(403, 'forbidden');
    const existing = await ownRowForUpdate(tx, ctx.memberId);
    const patch: Record<string, unknown> = { id: rowId };
    for (const field of profileMergedFields) {
      if (!Object.hasOwn(values, field)) continue;
      const value = values[field];
      patch[field] = Array.isArray(value) ? [...(value as string[])] : (value ?? '');
    }
    if (base) patch.base = base;
    await writeProfilePatch(tx, ctx, existing, patch as ProfileUpdate);
  },
};

export const profilePullSource: PullSource<'profile'> = {
  entity: 'profile',
  table: members,
  scope: (memberId) => sql`${members.id} = ${memberId}`,
  toClient: (rows) => Promise.resolve((rows as MemberRow[]).map(profileForOwner)),
};
