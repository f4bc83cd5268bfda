import * as v from 'valibot';
import { isLocalPath, noBackslash, noControlCharacters } from './url-rules';
import { visibleWhenPresent } from './visible-text';
import { optionalText, uuidSchema } from './common';
import { phoneDigits } from './phone';
import { fieldBaseSchema } from './field-merge';

// Phonebook contacts: a member's saved cards and manual contacts. Ids are made by the client
// (uuid) so a contact written offline keeps its id when it reaches the server.

const phonePattern = /^\+?[0-9 ().-]+$/;

/** Optional phone: digits with the usual separators, 6 to 15 digits. Empty means absent. */
export const contactPhoneSchema = v.optional(
  v.pipe(
    v.string('invalid_phone'),
    v.trim(),
    v.maxLength(24, 'invalid_phone'),
    v.check(
      (value) =>
        value === '' ||
        (phonePattern.test(value) &&
          value.replace(/\D/g, '').length >= 6 &&
          value.replace(/\D/g, '').length <= 15),
      'invalid_phone',
    ),
  ),
);

export const contactEmailSchema = v.optional(
  v.union(
    [
      v.literal(''),
      v.pipe(v.string(), v.trim(), v.maxLength(254, 'too_long'), v.email('invalid_email')),
    ],
    'invalid_email',
  ),
);

/**
 * A saved card's picture as the card showed it: a path of this site (uploads, demo pictures)
 * or a brand's http(s) picture; never a script address or a header break.
 */
const snapshotPicture = v.optional(
  v.pipe(
    v.string('image_url_invalid'),
    v.trim(),
    noControlCharacters,
    v.maxLength(1000, 'too_long'),
    v.check(
      (url) => url === '' || isLocalPath(url) || /^https?:\/\/[^\s\\]+$/i.test(url),
      'image_url_invalid',
    ),
  ),
);

/** What a saved card keeps so it opens with no network (the public card's main facts). */
export const cardSnapshotSchema = v.object({
  name: v.pipe(v.string('invalid_value'), v.trim(), v.maxLength(120, 'too_long')),
  urlMinify: v.pipe(v.string('invalid_value'), v.trim(), v.maxLength(120, 'too_long')),
  shortName: optionalText(60),
  intro: optionalText(300),
  jobTitle: optionalText(120),
  workplace: optionalText(160),
  address: optionalText(300),
  avatarUrl: snapshotPicture,
  bannerUrl: snapshotPicture,
  phone: optionalText(24),
  otherPhone: optionalText(24),
  email: optionalText(254),
  website: v.optional(
    v.pipe(v.string('invalid_link'), v.trim(), noControlCharacters, noBackslash, v.maxLength(300)),
  ),
  zalo: optionalText(40),
  theme: optionalText(60),
  aboutMe: optionalText(5000),
  savedAt: optionalText(40),
});
export type CardSnapshot = v.InferOutput<typeof cardSnapshotSchema>;

/** Editable fields of a contact (the phonebook form). */
export const contactFieldsSchema = v.object({
  name: v.pipe(
    v.string('contact_name_required'),
    v.trim(),
    v.nonEmpty('contact_name_required'),
    visibleWhenPresent,
    v.maxLength(120, 'too_long'),
  ),
  phone: contactPhoneSchema,
  email: contactEmailSchema,
  company: optionalText(160),
  jobTitle: optionalText(120),
  address: optionalText(300),
  note: optionalText(2000),
});
export type ContactFieldsInput = v.InferInput<typeof contactFieldsSchema>;
export type ContactFields = v.InferOutput<typeof contactFieldsSchema>;

/** The contact fields an edit may change and that merge one by one (decision 1062). */
export const contactMergedFields = [
  'name',
  'phone',
  'email',
  'company',
  'jobTitle',
  'address',
  'note',
] as const;
export type ContactMergedField = (typeof contactMergedFields)[number];

/**
 * contact.upsert by the contact's client-made id. With `base` (decision 1062): an edit of the
 * fields named in `base`, each merged on its own. Without it (a new contact, an entry queued by
 * an older app, the REST call): every field is written, the later write wins.
 */
export const contactUpsertSchema = v.pipe(
  v.object({
    id: uuidSchema,
    ...contactFieldsSchema.entries,
    name: v.optional(contactFieldsSchema.entries.name),
    cardMemberId: v.optional(v.nullable(uuidSchema)),
    cardSnapshot: v.optional(v.nullable(cardSnapshotSchema)),
    base: fieldBaseSchema(contactMergedFields),
  }),
  v.forward(
    v.check(
      (input) => input.name !== undefined || input.base !== undefined,
      'contact_name_required',
    ),
    ['name'],
  ),
);
export type ContactUpsertInput = v.InferOutput<typeof contactUpsertSchema>;

/** contact.delete: soft delete by id. */
export const contactDeleteSchema = v.object({ id: uuidSchema });

export const contactListQuerySchema = v.object({
  filter: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'too_long'))),
  page: v.optional(
    v.pipe(v.string(), v.decimal('invalid_number'), v.transform(Number), v.minValue(1)),
    '1',
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.decimal('invalid_number'),
      v.transform(Number),
      v.minValue(1, 'invalid_number'),
      v.maxValue(500, 'invalid_number'),
    ),
    '50',
  ),
});

/**
 * Where a lead came from (issue 27 item 5): a visitor's form on a card or brand page, or a
 * two-way card exchange on a member's card (decision 1100). Set by the server only.
 */
export interface LeadSource {
  kind: 'card' | 'brand' | 'exchange';
  /** The card it was left on, or the exchange was made on (the card owner's). */
  cardMemberId: string | null;
  /** The brand page it was left on; for an exchange, the brand the card's member works for. */
  groupId: string | null;
  /** When it arrived (ISO). */
  at: string;
  /** The consent box's text as the visitor saw it, and when they ticked it (the form only). */
  consentText?: string;
  consentAt?: string;
  /** When a card exchange linked this contact, on both sides (contract/card-exchange.ts). */
  exchangedAt?: string;
}

/** A contact as the API returns it and as the client mirrors it (Dexie `contacts`). */
export interface Contact {
  id: string;
  ownerMemberId: string;
  cardMemberId: string | null;
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  jobTitle: string | null;
  address: string | null;
  note: string | null;
  cardSnapshot: CardSnapshot | null;
  /** Set on leads: where the contact came from. */
  leadSource?: LeadSource | null;
  /** contactSearchKey of the row, kept on the row so a keystroke only compares strings. */
  searchKey: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  changeSeq?: number;
}

export interface ContactPage {
  items: Contact[];
  page: number;
  limit: number;
  total: number;
}

/** What `foldForSearch` does, on the whole text at once (and for text outside the Latin ranges). */
export function foldForSearchWhole(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Each Latin character folded once: a phonebook folds the same few dozen letters 100,000 times. */
const foldedLatin = new Map<number, string>();

/** A Latin character folded; ' ' for any space (NBSP among them), '' for a diacritic mark. */
function foldedLatinOf(code: number): string {
  let folded = foldedLatin.get(code);
  if (folded === undefined) {
    const char = String.fromCharCode(code);
    folded = /\s/.test(char)
      ? ' '
      : char
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .replace(/[đĐ]/g, 'd')
          .toLowerCase();
    foldedLatin.set(code, folded);
  }
  return folded;
}

/**
 * Text folded for search: lower case, Vietnamese diacritics stripped (đ → d), spaces collapsed.
 * "Nguyễn Đức" and "nguyen duc" fold to the same text. Latin text (Vietnamese included) is folded
 * a character at a time from a table, several times faster than normalising the whole text;
 * anything else takes the whole-text path, whose result this always equals.
 */
export function foldForSearch(text: string | null | undefined): string {
  if (!text) return '';
  let out = '';
  let space = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let folded: string;
    if (code < 0x80) {
      if (code === 32 || (code >= 9 && code <= 13)) {
        space = out !== '';
        continue;
      }
      folded = code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[i]!;
    } else if (
      code < 0x0250 ||
      (code >= 0x0300 && code <= 0x036f) ||
      (code >= 0x1e00 && code <= 0x1eff)
    ) {
      folded = foldedLatinOf(code);
      if (folded === '') continue;
      if (folded === ' ') {
        space = out !== '';
        continue;
      }
    } else {
      return foldForSearchWhole(text);
    }
    if (space) out += ' ';
    space = false;
    out += folded;
  }
  return out;
}

/** The pre-folded text a contact is searched by (name, company, job title, email, phone). */
export function contactSearchKey(contact: {
  name: string;
  phone?: string | null | undefined;
  email?: string | null | undefined;
  company?: string | null | undefined;
  jobTitle?: string | null | undefined;
}): string {
  return [
    foldForSearch(contact.name),
    foldForSearch(contact.company),
    foldForSearch(contact.jobTitle),
    foldForSearch(contact.email),
    phoneDigits(contact.phone),
  ].join('\u0001');
}
