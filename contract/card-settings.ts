// What an owner sets about how their card looks and where it lives: the theme and its layout
// mode, the short link (/me/{link}, /mbg/{link}) and, for a brand, its name, note, images,
// language and form data. One set of schemas for the server and the settings screens.
import * as v from 'valibot';
import { noBackslash, noControlCharacters, withWebScheme } from './url-rules';
import { normalizePhone } from './phone';
import { visibleWhenPresent } from './visible-text';
import { isUuid, optionalText } from './common';
import { memberLanguages } from './member';
import type { ThemeStyle } from './theme';

export const themeTypes = ['list', 'square'] as const;
export type ThemeType = (typeof themeTypes)[number];

/** A theme code: the catalogue's or a brand's own style (checked against the list by the server). */
const themeCodeSchema = v.pipe(
  v.string('unknown_theme'),
  v.trim(),
  v.nonEmpty('unknown_theme'),
  v.maxLength(60),
  v.regex(/^[A-Za-z0-9_-]+$/, 'unknown_theme'),
);

/** `profile.setTheme` and the spec's updateMemberTheme / groupAndBrand updateTheme. */
export const themeSetSchema = v.object({
  theme: themeCodeSchema,
  themeType: v.optional(v.picklist(themeTypes), 'list'),
});
export type ThemeSetInput = v.InferInput<typeof themeSetSchema>;

/** What profile.setTheme answers: the member's theme as stored. */
export interface ThemeSetting {
  memberId: string;
  theme: string;
  themeType: ThemeType;
}

export const urlMinifyMinLength = 3;
export const urlMinifyMaxLength = 40;

/**
 * First path segments and card sub-page names a short link may not take: /me/products/{id}
 * and /me/{link}/products must stay unambiguous, and app paths are not cards.
 */
export const reservedUrlMinifies: ReadonlySet<string> = new Set([
  'products',
  'posts',
  'relics',
  'all-activity',
  'detail-activity',
  'action',
  'admin',
  'api',
  'assets',
  'blog',
  'mrd',
  'fme',
  'smc',
  'me',
  'mbg',
  'new-me',
  'new-mbg',
  'login',
  'logout',
  'register',
  'wedding',
  'cv',
  'scan-qr',
  'null',
  'undefined',
]);

/**
 * A short link: 3–40 lowercase letters a-z, digits and single hyphens, starting and ending
 * with a letter or digit; not reserved, not shaped like an id (ids and links share the path).
 */
export const urlMinifySchema = v.pipe(
  v.string('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.minLength(urlMinifyMinLength),
  v.maxLength(urlMinifyMaxLength),
  v.regex(/^[a-z0-9-]+$/, 'url_minify_chars'),
  v.check((s) => /^[a-z0-9](?:[a-z0-9]|-(?!-))*[a-z0-9]$/.test(s), 'url_minify_edges'),
  v.check((s) => !reservedUrlMinifies.has(s) && !isUuid(s), 'url_minify_reserved'),
);

export const urlMinifySetSchema = v.object({ urlMinify: urlMinifySchema });
export type UrlMinifySetInput = v.InferInput<typeof urlMinifySetSchema>;

/** checkUrlMinify's answer. */
export const urlMinifyCheckSchema = v.object({
  urlMinify: v.string(),
  exists: v.boolean(),
  available: v.boolean(),
  /** True when the link is the caller's own, now or earlier (taking it back is allowed). */
  own: v.optional(v.boolean()),
});
export type UrlMinifyCheck = v.InferOutput<typeof urlMinifyCheckSchema>;

/** updateUrlMinify's answer. */
export interface UrlMinifyChange {
  id: string;
  urlMinify: string;
  previous: string;
}

/**
 * What a typed link becomes as the owner types: accents and đ dropped, lowercase, spaces and
 * other signs turned into single hyphens (leading/trailing hyphens stay while typing).
 */
export function tidyUrlMinify(typed: string): string {
  return typed
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .slice(0, urlMinifyMaxLength);
}

/** An image given by its address for now: absolute http(s) or a path of this site. */
const imageUrlSchema = v.optional(
  v.pipe(
    v.string('image_link_invalid'),
    v.trim(),
    noControlCharacters,
    noBackslash,
    v.maxLength(1000),
    v.check(
      (s) => s === '' || /^(https?:\/\/[^\s]+|\/[^\s/\\][^\s]*)$/.test(s),
      'image_link_invalid',
    ),
  ),
);

export const formFieldTypes = ['text', 'textarea', 'phone', 'email', 'number', 'date'] as const;

/** One field of the brand's form (what visitors fill in when they register with the brand). */
export const formFieldSchema = v.object({
  label: v.pipe(
    v.string('form_field_label_required'),
    v.trim(),
    v.nonEmpty('form_field_label_required'),
    visibleWhenPresent,
    v.maxLength(80),
  ),
  type: v.optional(v.picklist(formFieldTypes), 'text'),
  required: v.optional(v.boolean(), false),
});
export type FormField = v.InferOutput<typeof formFieldSchema>;

export const formDataSchema = v.object({
  fields: v.pipe(v.array(formFieldSchema), v.maxLength(20)),
});
export type FormDataInput = v.InferInput<typeof formDataSchema>;

/** getFormDataByBrandAndGroupId's answer. */
export interface BrandFormData {
  groupId: string;
  fields: FormField[];
  updatedAt: string;
}

/** getFormDataByMemberId's answer: the member's own form (decision 1121). */
export interface MemberFormData {
  memberId: string;
  fields: FormField[];
  updatedAt: string;
}

/** The brand's phone: a Vietnamese number (0…, +84…; spaces and dots allowed); '' clears. */
const brandPhoneSchema = v.optional(
  v.pipe(
    v.string('brand_phone_invalid'),
    v.trim(),
    v.maxLength(20, 'brand_phone_invalid'),
    v.check((s) => s === '' || normalizePhone(s) !== null, 'brand_phone_invalid'),
  ),
);

/** The brand's e-mail; '' clears. */
const brandEmailSchema = v.optional(
  v.pipe(
    v.string('email_format_invalid'),
    v.trim(),
    v.maxLength(254, 'too_long'),
    v.check((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'email_format_invalid'),
  ),
);

/** The brand's website: `suongmai.vn` becomes `https://suongmai.vn`; '' clears. */
const brandWebsiteSchema = v.optional(
  v.pipe(
    v.string('website_invalid'),
    v.trim(),
    noControlCharacters,
    noBackslash,
    v.maxLength(300, 'too_long'),
    v.transform(withWebScheme),
    v.check(
      (s) => s === '' || /^https?:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/i.test(s),
      'website_invalid',
    ),
  ),
);

/** updateUById: the brand's own fields. Absent fields stay as they are; '' clears. */
export const brandUpdateSchema = v.object({
  name: v.optional(
    v.pipe(
      v.string('required'),
      v.trim(),
      v.nonEmpty('required'),
      visibleWhenPresent,
      v.maxLength(120),
    ),
  ),
  /** The brand's short intro, shown under its name on the card (spec §3 `note`). */
  note: optionalText(1000),
  aboutMe: optionalText(5000),
  phone: brandPhoneSchema,
  address: optionalText(300),
  website: brandWebsiteSchema,
  email: brandEmailSchema,
  imagesUrl: imageUrlSchema,
  bannerUrl: imageUrlSchema,
  language: v.optional(v.picklist(memberLanguages)),
});
export type BrandUpdateInput = v.InferInput<typeof brandUpdateSchema>;

/** A brand as its admins edit it. */
export interface BrandSettings {
  id: string;
  name: string;
  note: string | null;
  aboutMe: string | null;
  phone: string | null;
  address: string | null;
  website: string | null;
  email: string | null;
  imagesUrl: string | null;
  bannerUrl: string | null;
  language: 'VN' | 'EN';
  urlMinify: string;
  theme: string | null;
  themeType: ThemeType;
  layoutPermission: 'FULL' | 'LIMIT';
  updatedAt: string;
}

/** getThemeCheckAuth's answer: the caller's theme and what they may choose from. */
export interface ThemeAuth {
  theme: string | null;
  themeType: ThemeType;
  /** LIMIT: only the styles of `brandId` may be chosen. */
  layoutPermission: 'FULL' | 'LIMIT';
  brandId: string | null;
  allowedCodes: string[];
}

/** getStylesListByActive's answer: the styles the caller may choose, in display order. */
export interface StyleList {
  layoutPermission: 'FULL' | 'LIMIT';
  styles: ThemeStyle[];
}
