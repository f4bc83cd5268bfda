import * as v from 'valibot';
import { fieldBaseSchema } from './field-merge';
import { parseImageUrl } from './image';
import { noBackslash, noControlCharacters } from './url-rules';
import { visibleWhenPresent } from './visible-text';
import { optionalText, uuidSchema } from './common';
import type { PushSettings } from './notification';

export const memberTypes = ['personal', 'organization', 'agency'] as const;
export type MemberType = (typeof memberTypes)[number];
export const memberLanguages = ['VN', 'EN'] as const;
export type MemberLanguage = (typeof memberLanguages)[number];

export const bankSchema = v.object({
  bankName: v.pipe(v.string('bank_name_required'), v.trim(), v.nonEmpty('bank_name_required')),
  ownerName: v.pipe(v.string('owner_name_required'), v.trim(), v.nonEmpty('owner_name_required')),
  accountNumber: v.pipe(
    v.string('account_number_required'),
    v.trim(),
    v.nonEmpty('account_number_required'),
    v.maxLength(40, 'too_long'),
  ),
  qrUrl: v.optional(v.pipe(v.string(), noControlCharacters, noBackslash)),
  /** NAPAS BIN of the bank: the card draws a VietQR for the account when it is known. */
  bin: v.optional(v.string()),
});
export type Bank = v.InferOutput<typeof bankSchema>;

export const linkSchema = v.object({
  title: optionalText(120),
  url: v.pipe(
    v.string('invalid_link'),
    v.trim(),
    v.nonEmpty('invalid_link'),
    noControlCharacters,
    noBackslash,
    v.url('invalid_link'),
    v.regex(/^https?:\/\//i, 'invalid_link'),
  ),
});
export type ProfileLink = v.InferOutput<typeof linkSchema>;

/** A phone as people write it: digits, spaces, + ( ) . - ; empty means none. */
const optionalPhone = v.optional(
  v.pipe(
    v.string('invalid_phone'),
    v.trim(),
    v.maxLength(20, 'too_long'),
    v.regex(/^(?:\+?[\d\s().-]{6,20})?$/, 'invalid_phone'),
  ),
);

/** A web address with or without the scheme (`mecards.vn`, `https://…`); empty means none. */
const websitePattern = /^(?:(?:https?:\/\/)?[^\s/.]+(?:\.[^\s/.]+)+(?:[/?#]\S*)?)?$/i;

/** A card's own picture: only an address of a picture uploaded here (`/img/<id>/…`); '' clears. */
const uploadedPictureOrBlank = v.optional(
  v.pipe(
    v.string('image_url_invalid'),
    v.trim(),
    v.check((url) => url === '' || parseImageUrl(url) !== null, 'image_url_invalid'),
  ),
);

/** Every profile field of spec §3 the owner can edit. */
export const profileSchema = v.object({
  name: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('required'),
      visibleWhenPresent,
      v.maxLength(120, 'too_long'),
    ),
  ),
  shortName: optionalText(60),
  intro: optionalText(300),
  jobTitle: optionalText(120),
  workplace: optionalText(160),
  address: optionalText(300),
  aboutMe: optionalText(5000),
  avatarUrl: uploadedPictureOrBlank,
  bannerUrl: uploadedPictureOrBlank,
  backgroundUrl: uploadedPictureOrBlank,
  phone: optionalPhone,
  otherPhone: optionalPhone,
  contactEmail: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email('invalid_email'))]),
  ),
  website: v.optional(
    v.pipe(
      v.string('invalid_link'),
      v.trim(),
      noControlCharacters,
      noBackslash,
      v.maxLength(300, 'too_long'),
      v.regex(websitePattern, 'invalid_link'),
    ),
  ),
  zalo: optionalText(40),
  interests: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(60, 'too_long'))),
      v.maxLength(20, 'too_long'),
    ),
  ),
  businessSectors: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(80, 'too_long'))),
      v.maxLength(20, 'too_long'),
    ),
  ),
  companyInfo: optionalText(3000),
  language: v.optional(v.picklist(memberLanguages, 'invalid_value')),
});
export type ProfileInput = v.InferOutput<typeof profileSchema>;

/** The profile fields a patch may change, each merged on its own (decision 1062). */
export const profileMergedFields = Object.keys(profileSchema.entries) as (keyof ProfileInput)[];

/** Profile fields (spec §3) shared by a member as the API returns it and by a card's owner. */
export interface ProfileFields {
  id: string;
  name: string;
  shortName: string | null;
  urlMinify: string;
  language: MemberLanguage;
  intro: string | null;
  jobTitle: string | null;
  workplace: string | null;
  address: string | null;
  aboutMe: string | null;
  avatarUrl: string | null;
  bannerUrl: string | null;
  backgroundUrl: string | null;
  /** The phone shown on the card (a member's contact phone, not the login phone). */
  phone: string | null;
  otherPhone: string | null;
  website: string | null;
  zalo: string | null;
  interests: string[];
  businessSectors: string[];
  companyInfo: string | null;
  agencyId: string | null;
  updatedAt: string;
}

/**
 * A card's bank accounts, links and videos: rows of their own (account links, decision 0630),
 * not profile fields; the profile editor does not write them (decision 0671).
 */
export interface CardAccounts {
  banks: Bank[];
  links: ProfileLink[];
  videos: string[];
}

/** A member as the API returns it. */
export interface Member extends ProfileFields {
  type: MemberType;
  theme: string | null;
  themeType: 'list' | 'square';
  contactEmail: string | null;
  isMe?: boolean;
}

/**
 * `profile.update` (PUT /members/updateMemberById/{id}): a patch of the owner's profile. Only
 * the fields present are written; each field's last write wins (decision 0610).
 */
export const profileUpdateSchema = v.object({
  id: uuidSchema,
  ...profileSchema.entries,
  /** What the device held for the changed fields (decision 1062); absent: no conflicts. */
  base: fieldBaseSchema(profileMergedFields),
});
export type ProfileUpdateInput = v.InferInput<typeof profileUpdateSchema>;
export type ProfileUpdate = v.InferOutput<typeof profileUpdateSchema>;

/** The fields of the profile editor at /action/setting (images, links, theme have their own screens). */
export const profileEditorFieldNames = [
  'name',
  'shortName',
  'intro',
  'jobTitle',
  'workplace',
  'address',
  'phone',
  'otherPhone',
  'contactEmail',
  'website',
  'zalo',
  'aboutMe',
  'interests',
  'businessSectors',
  'companyInfo',
  'language',
] as const satisfies readonly (keyof typeof profileSchema.entries)[];
export type ProfileEditorField = (typeof profileEditorFieldNames)[number];

/** The editor's schema: the same rules, the name required (a card needs one). */
export const profileEditorSchema = v.object({
  ...v.pick(profileSchema, profileEditorFieldNames).entries,
  name: v.pipe(
    v.string('required'),
    v.trim(),
    v.nonEmpty('required'),
    visibleWhenPresent,
    v.maxLength(120, 'too_long'),
  ),
});
export type ProfileEditorInput = v.InferInput<typeof profileEditorSchema>;

/**
 * The card's phone has one name in what is shown and sent, `phone` (Member, a card's view,
 * ProfileUpdate, the editor), and another in the owner's own mirrored row, `contactPhone`
 * (MirroredProfile, the device's `profile` table, the members table's contact_phone), where
 * `phone` is the login phone. The mirrored name stays: devices keep rows under it and the
 * login phone holds `phone` there. Every crossing between the two goes through here.
 */
export function profileColumnOf(field: string): string {
  return field === 'phone' ? 'contactPhone' : field;
}

/**
 * The owner's own profile as the `profile` pull source sends it and `profile.update` answers:
 * a Member plus the account columns. `phone` is the login phone; the card's is `contactPhone`
 * (see profileColumnOf).
 */
export interface MirroredProfile extends Omit<Member, 'phone' | 'isMe'> {
  email: string | null;
  phone: string | null;
  contactPhone: string | null;
  /** Which events push to the member's devices (absent in rows mirrored before it existed). */
  pushSettings?: PushSettings;
  createdAt: string;
  deletedAt: string | null;
  changeSeq?: number;
}
