// The owner's card settings: which themes a member or a brand may choose (spec §4/§6:
// layoutPermission LIMIT keeps a brand to its own styles), the profile.setTheme handler, and
// the brand admin's check used by every brand write.
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../db/client';
import { groupMembers, groups, members, themeStyles } from '../db/schema';
import { ApiError } from '../http/errors';
import { styleOf } from './cards';
import type { MutationHandler } from '../sync/registry';
import { findTheme, themeCatalogue, type ThemeStyle } from '../../contract/theme';
import type * as v from 'valibot';
import type {
  BrandFormData,
  BrandSettings,
  brandUpdateSchema,
  MemberFormData,
  StyleList,
  ThemeAuth,
  ThemeType,
} from '../../contract/card-settings';
import { activeMembership } from './membership';
import { findUpload } from '../images/image-store';
import { mainImageUrl, parseImageUrl } from '../../contract/image';

type GroupRow = typeof groups.$inferSelect;
type MemberRow = typeof members.$inferSelect;

/** A live brand or group by id, or 404. */
export async function liveGroup(db: Queryable, groupId: string): Promise<GroupRow> {
  const [row] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.id, groupId), isNull(groups.deletedAt)))
    .limit(1);
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** Whether the member runs the brand: its owner or an active admin. */
export async function isBrandAdmin(
  db: Queryable,
  memberId: string,
  group: GroupRow,
): Promise<boolean> {
  if (group.ownerMemberId === memberId) return true;
  const [row] = await db
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, group.id),
        eq(groupMembers.memberId, memberId),
        eq(groupMembers.role, 'admin'),
        activeMembership(),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The brand a member edits, or 404 (no brand) / 403 (not one of its admins); nothing changes. */
export async function adminBrand(
  db: Queryable,
  memberId: string,
  groupId: string,
): Promise<GroupRow> {
  const group = await liveGroup(db, groupId);
  if (!(await isBrandAdmin(db, memberId, group))) throw new ApiError(403, 'forbidden');
  return group;
}

/**
 * The LIMIT brand an organisation member acts for (owned or administered), if any: its styles
 * bound the member's own card too.
 */
async function limitingBrandOf(db: Queryable, member: MemberRow): Promise<GroupRow | null> {
  if (member.type !== 'organization') return null;
  const [row] = await db
    .select({ group: groups })
    .from(groups)
    .leftJoin(
      groupMembers,
      and(
        eq(groupMembers.groupId, groups.id),
        eq(groupMembers.memberId, member.id),
        eq(groupMembers.role, 'admin'),
        activeMembership(),
      ),
    )
    .where(
      and(
        isNull(groups.deletedAt),
        eq(groups.layoutPermission, 'LIMIT'),
        or(eq(groups.ownerMemberId, member.id), sql`${groupMembers.id} IS NOT NULL`),
      ),
    )
    .orderBy(asc(groups.createdAt))
    .limit(1);
  return row?.group ?? null;
}

/**
 * The styles a LIMIT brand may use: its own active styles, else the default organisation
 * styles (the same places the card's theme choice looks, spec §4), else the default theme.
 */
async function brandStyles(db: Queryable, groupId: string): Promise<ThemeStyle[]> {
  const own = await db
    .select()
    .from(themeStyles)
    .where(and(eq(themeStyles.groupId, groupId), eq(themeStyles.active, true)))
    .orderBy(asc(themeStyles.createdAt));
  const defaults = await db
    .select()
    .from(themeStyles)
    .where(
      and(
        isNull(themeStyles.groupId),
        isNull(themeStyles.agencyId),
        eq(themeStyles.scope, 'organization'),
        eq(themeStyles.active, true),
      ),
    )
    .orderBy(asc(themeStyles.createdAt));
  const styles = [...own, ...defaults].map(styleOf);
  const unique = styles.filter((s, i) => styles.findIndex((t) => t.code === s.code) === i);
  if (unique.length > 0) return unique;
  const fallback = findTheme('OrganizationMode');
  return fallback ? [fallback] : [];
}

interface ThemeOwner {
  theme: string | null;
  themeType: ThemeType;
  /** The LIMIT brand whose styles bound the choice, if any. */
  limitedBy: GroupRow | null;
}

async function choicesFor(db: Queryable, owner: ThemeOwner): Promise<StyleList> {
  if (!owner.limitedBy) return { layoutPermission: 'FULL', styles: [...themeCatalogue] };
  return { layoutPermission: 'LIMIT', styles: await brandStyles(db, owner.limitedBy.id) };
}

async function memberThemeOwner(db: Queryable, memberId: string): Promise<ThemeOwner> {
  const [member] = await db
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)));
  if (!member) throw new ApiError(404, 'not_found');
  return {
    theme: member.theme,
    themeType: member.themeType,
    limitedBy: await limitingBrandOf(db, member),
  };
}

function groupThemeOwner(group: GroupRow): ThemeOwner {
  return {
    theme: group.theme,
    themeType: group.themeType,
    limitedBy: group.layoutPermission === 'LIMIT' ? group : null,
  };
}

/** The styles the member (or, with a group, the brand) may choose. */
export async function stylesFor(
  db: Queryable,
  memberId: string,
  group?: GroupRow,
): Promise<StyleList> {
  return choicesFor(db, group ? groupThemeOwner(group) : await memberThemeOwner(db, memberId));
}

/** getThemeCheckAuth: the current theme and what may be chosen. */
export async function themeAuthFor(
  db: Queryable,
  memberId: string,
  group?: GroupRow,
): Promise<ThemeAuth> {
  const owner = group ? groupThemeOwner(group) : await memberThemeOwner(db, memberId);
  const list = await choicesFor(db, owner);
  return {
    theme: owner.theme,
    themeType: owner.themeType,
    layoutPermission: list.layoutPermission,
    brandId: owner.limitedBy?.id ?? null,
    allowedCodes: list.styles.map((s) => s.code),
  };
}

/**
 * Refuses a code that is not a theme at all (400, field message) or one a LIMIT brand may not
 * use (403 with the reason on the field); nothing changes either way.
 */
async function requireAllowedTheme(db: Queryable, owner: ThemeOwner, code: string): Promise<void> {
  const list = await choicesFor(db, owner);
  if (list.styles.some((s) => s.code === code)) return;
  if (owner.limitedBy && findTheme(code)) {
    throw new ApiError(403, 'theme_not_allowed', { theme: 'theme_not_allowed' });
  }
  throw new ApiError(400, 'validation_failed', { theme: 'unknown_theme' });
}

/** Sets the caller's card theme and layout mode (last write wins). */
export const setMemberTheme: MutationHandler<'profile.setTheme'> = {
  async run(tx, ctx, input) {
    const owner = await memberThemeOwner(tx, ctx.memberId);
    await requireAllowedTheme(tx, owner, input.theme);
    const [row] = await tx
      .update(members)
      .set({ theme: input.theme, themeType: input.themeType })
      .where(eq(members.id, ctx.memberId))
      .returning({ id: members.id, theme: members.theme, themeType: members.themeType });
    if (!row) throw new ApiError(404, 'not_found');
    return { memberId: row.id, theme: row.theme ?? input.theme, themeType: row.themeType };
  },
};

/** Sets a brand's theme (groupAndBrand updateTheme); the caller must be one of its admins. */
export async function setBrandTheme(
  db: Queryable,
  memberId: string,
  groupId: string,
  input: { theme: string; themeType: ThemeType },
): Promise<GroupRow> {
  const group = await adminBrand(db, memberId, groupId);
  await requireAllowedTheme(db, groupThemeOwner(group), input.theme);
  const [row] = await db
    .update(groups)
    .set({ theme: input.theme, themeType: input.themeType })
    .where(eq(groups.id, group.id))
    .returning();
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** A text of the brand's profile JSON, or null. */
function profileText(row: GroupRow, key: BrandProfileKey): string | null {
  const value = row.profile[key];
  return typeof value === 'string' && value ? value : null;
}

/** The brand's fields kept in its profile JSON (the card reads them there, cards.ts). */
const brandProfileKeys = ['aboutMe', 'phone', 'address', 'website', 'email', 'bannerUrl'] as const;
type BrandProfileKey = (typeof brandProfileKeys)[number];

export function brandSettingsOf(row: GroupRow): BrandSettings {
  return {
    id: row.id,
    name: row.name,
    note: row.note,
    aboutMe: profileText(row, 'aboutMe'),
    phone: profileText(row, 'phone'),
    address: profileText(row, 'address'),
    website: profileText(row, 'website'),
    email: profileText(row, 'email'),
    imagesUrl: row.imagesUrl,
    bannerUrl: profileText(row, 'bannerUrl'),
    language: row.language,
    urlMinify: row.urlMinify,
    theme: row.theme,
    themeType: row.themeType,
    layoutPermission: row.layoutPermission,
    updatedAt: row.updatedAt,
  };
}

type BrandUpdate = v.InferOutput<typeof brandUpdateSchema>;

const blankToNull = (value: string | undefined) => (value === '' ? null : value);

/**
 * A picture uploaded here (`/img/<id>/…`) must be one the admin uploaded, for that place: the
 * logo as an avatar, the cover as a banner. An address from elsewhere is kept as it is.
 */
async function requireOwnUpload(
  tx: Transaction,
  memberId: string,
  url: string | undefined,
  purpose: 'avatar' | 'banner',
  field: 'imagesUrl' | 'bannerUrl',
): Promise<void> {
  if (!url?.startsWith('/img/')) return;
  const parsed = parseImageUrl(url);
  const upload = parsed ? await findUpload(tx, parsed.uploadId) : undefined;
  if (!parsed || !upload)
    throw new ApiError(422, 'image_not_uploaded', { [field]: 'image_not_uploaded' });
  if (upload.memberId !== memberId) throw new ApiError(403, 'forbidden');
  if (upload.purpose !== purpose || url !== mainImageUrl(upload.id, purpose)) {
    throw new ApiError(400, 'validation_failed', { [field]: 'image_url_invalid' });
  }
}

/** Changes a brand's own fields (the admin is checked again); absent fields stay, '' clears. */
export async function updateBrand(
  tx: Transaction,
  memberId: string,
  groupId: string,
  input: BrandUpdate,
): Promise<GroupRow> {
  const group = await adminBrand(tx, memberId, groupId);
  await requireOwnUpload(tx, memberId, input.imagesUrl, 'avatar', 'imagesUrl');
  await requireOwnUpload(tx, memberId, input.bannerUrl, 'banner', 'bannerUrl');
  const profile: Record<string, unknown> = { ...group.profile };
  for (const key of brandProfileKeys) {
    const value = input[key];
    if (value !== undefined) profile[key] = blankToNull(value);
  }
  const [updated] = await tx
    .update(groups)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.note !== undefined ? { note: blankToNull(input.note) } : {}),
      ...(input.imagesUrl !== undefined ? { imagesUrl: blankToNull(input.imagesUrl) } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
      profile,
    })
    .where(eq(groups.id, groupId))
    .returning();
  if (!updated) throw new ApiError(404, 'not_found');
  return updated;
}

/** Replaces the fields of the brand's visitor form (the admin is checked again). */
export async function setBrandFormData(
  tx: Transaction,
  memberId: string,
  groupId: string,
  fields: BrandFormData['fields'],
): Promise<GroupRow> {
  await adminBrand(tx, memberId, groupId);
  const [row] = await tx
    .update(groups)
    .set({ formData: fields })
    .where(eq(groups.id, groupId))
    .returning();
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

export function formDataOf(row: GroupRow): BrandFormData {
  return { groupId: row.id, fields: row.formData, updatedAt: row.updatedAt };
}

/** A live member by id for their form (deleted or locked: 404). */
async function formMember(db: Queryable, memberId: string): Promise<MemberRow> {
  const [row] = await db
    .select()
    .from(members)
    .where(
      and(eq(members.id, memberId), isNull(members.deletedAt), sql`${members.status} <> 'locked'`),
    )
    .limit(1);
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

export function memberFormDataOf(row: MemberRow): MemberFormData {
  return { memberId: row.id, fields: row.formData, updatedAt: row.updatedAt };
}

/** getFormDataByMemberId: the fields of a member's registration form (decision 1121). */
export async function memberFormData(db: Queryable, memberId: string): Promise<MemberFormData> {
  return memberFormDataOf(await formMember(db, memberId));
}

/** updateFormDataByMemberId: replaces the fields of the caller's own form. */
export async function setMemberFormData(
  tx: Transaction,
  memberId: string,
  fields: MemberFormData['fields'],
): Promise<MemberFormData> {
  await formMember(tx, memberId);
  const [row] = await tx
    .update(members)
    .set({ formData: fields })
    .where(eq(members.id, memberId))
    .returning();
  if (!row) throw new ApiError(404, 'not_found');
  return memberFormDataOf(row);
}
