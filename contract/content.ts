import * as v from 'valibot';
import { bareDomainToHttps, noBackslash, noControlCharacters } from './url-rules';
import { visibleWhenPresent } from './visible-text';
import { policySchema } from './common';
// The type lists are shared with the read API's shapes.
import { postTypes, productTypes } from './card';
import { vietnamDay } from './vietnam-time';
import { parseImageUrl } from './image';

// Spec §5 rules for the content a member or brand publishes. Every schema accepts what a
// form posts (form-urlencoded strings) as well as JSON values, and names its failures with
// message codes whose vi/en texts live in contract/messages.ts.

// ---------------------------------------------------------------------------------------
// Building blocks

/**
 * A required trimmed text. A missing key fails with `code` too (valibot would otherwise
 * report its own "Invalid key" text), so a form always gets a message it can show.
 */
export function requiredTextField(code: string, max = 2000) {
  return v.optional(
    v.pipe(
      v.string(code),
      v.trim(),
      v.nonEmpty(code),
      visibleWhenPresent,
      v.maxLength(max, 'too_long'),
    ),
    '',
  );
}

/** An optional trimmed text; empty means absent. */
export function optionalTextField(max = 2000) {
  return v.optional(
    v.pipe(
      v.nullable(v.string('invalid_value')),
      v.transform((text) => text?.trim() || undefined),
      v.optional(v.pipe(v.string(), visibleWhenPresent, v.maxLength(max, 'too_long'))),
    ),
  );
}

/** A required value out of a fixed list; missing or empty fails with `code`. */
export function requiredChoice<const T extends readonly string[]>(options: T, code: string) {
  return v.optional(v.pipe(v.string(code), v.picklist(options, code)), '');
}

/** YYYY-MM-DD; missing or empty fails with `requiredCode`, nonsense with invalid_date. */
export function requiredDate(requiredCode: string) {
  return v.optional(
    v.pipe(v.string(requiredCode), v.trim(), v.nonEmpty(requiredCode), v.isoDate('invalid_date')),
    '',
  );
}

/** An http(s) address; other schemes (javascript:, data:) are refused. */
function webUrl(code: string) {
  return v.pipe(
    v.string(code),
    v.trim(),
    v.nonEmpty(code),
    noControlCharacters,
    noBackslash,
    bareDomainToHttps,
    v.url(code),
    v.regex(/^https?:\/\//i, code),
    v.maxLength(2000, 'too_long'),
  );
}

export function optionalUrl(code = 'invalid_link') {
  return v.optional(
    v.pipe(
      v.nullable(v.string(code)),
      v.transform((text) => text?.trim() || undefined),
      v.optional(webUrl(code)),
    ),
  );
}

/**
 * A picture of an item: an uploaded picture's address (`/img/<id>/<variant>`, decision 0620)
 * or a web address; blank means none.
 */
export function optionalImageUrl(code = 'invalid_link') {
  return v.optional(
    v.pipe(
      v.nullable(v.string(code)),
      v.transform((text) => text?.trim() || undefined),
      v.optional(
        v.pipe(
          v.string(code),
          noControlCharacters,
          noBackslash,
          v.union(
            [
              v.pipe(
                v.string(code),
                v.check((text) => parseImageUrl(text) !== null, code),
              ),
              webUrl(code),
            ],
            code,
          ),
        ),
      ),
    ),
  );
}

/**
 * A whole number ≥ 0 given as a number or as digits, with dots, commas or spaces between
 * thousands as people type VND amounts ("1.500.000").
 */
export function wholeAmount(code: string) {
  return v.pipe(
    v.union(
      [
        v.number(code),
        v.pipe(
          v.string(code),
          v.trim(),
          v.regex(/^(\d+|\d{1,3}([.,\s]\d{3})+)$/, code),
          v.transform((text) => Number(text.replace(/\D/g, ''))),
        ),
      ],
      code,
    ),
    v.number(code),
    v.integer(code),
    v.minValue(0, code),
    v.maxValue(Number.MAX_SAFE_INTEGER, code),
  );
}

/** A number ≥ 0 that may have decimals ("12.5" or "12,5"); negative fails with `code`. */
export function nonNegativeNumber(code = 'negative_number') {
  return v.pipe(
    v.union(
      [
        v.number('invalid_number'),
        v.pipe(
          v.string('invalid_number'),
          v.trim(),
          v.regex(/^-?\d+([.,]\d+)?$/, 'invalid_number'),
          v.transform((text) => Number(text.replace(',', '.'))),
        ),
      ],
      'invalid_number',
    ),
    v.number('invalid_number'),
    v.finite('invalid_number'),
    v.minValue(0, code),
  );
}

/** Optional number: missing, null or '' is absent. */
function blankAsAbsent<S extends v.GenericSchema>(schema: S) {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (value === '' || value === null ? undefined : value)),
      v.optional(schema),
    ),
  );
}

/** Form checkboxes post "true"/"on"/"1"; JSON posts booleans. */
const flag = v.optional(
  v.pipe(
    v.union(
      [v.boolean(), v.picklist(['true', 'false', 'on', 'off', '1', '0', ''])],
      'invalid_value',
    ),
    v.transform((value) => value === true || value === 'true' || value === 'on' || value === '1'),
  ),
);

/** A list of strings; a form posting one value sends a plain string. */
function textList(itemMax = 2000) {
  return v.pipe(
    v.optional(v.union([v.string(), v.array(v.string())], 'invalid_value'), []),
    v.transform((value) => (Array.isArray(value) ? value : [value])),
    v.transform((list) => list.map((item) => item.trim()).filter((item) => item !== '')),
    v.array(v.pipe(v.string(), v.maxLength(itemMax, 'too_long'))),
  );
}

const ordinal = blankAsAbsent(wholeAmount('invalid_number'));

// ---------------------------------------------------------------------------------------
// Posts (spec §3 post types) and the general title/content/date form

/** Spec §5: "Post/general form: title, content, date required." */
export const generalFormEntries = {
  title: requiredTextField('title_required', 300),
  content: requiredTextField('content_required', 50_000),
  startDate: requiredDate('date_required'),
};
export const generalFormSchema = v.object(generalFormEntries, 'invalid_value');
export type GeneralFormInput = v.InferOutput<typeof generalFormSchema>;

export const postSchema = v.object(
  {
    ...generalFormEntries,
    type: requiredChoice(postTypes, 'post_type_required'),
    imageUrl: optionalImageUrl(),
    ordinal,
    outstanding: flag,
    policy: policySchema,
  },
  'invalid_value',
);
export type PostInput = v.InferOutput<typeof postSchema>;

// ---------------------------------------------------------------------------------------
// Products

const price = blankAsAbsent(wholeAmount('price_invalid'));

export const productSchema = v.object(
  {
    type: requiredChoice(productTypes, 'product_type_required'),
    childType: requiredTextField('child_type_required', 120),
    childCareer: optionalTextField(120),
    title: requiredTextField('title_required', 300),
    content: optionalTextField(50_000),
    /** VND, whole, ≥ 0. */
    listedPrice: price,
    /** VND, whole, ≥ 0. */
    price,
    quantity: blankAsAbsent(wholeAmount('invalid_number')),
    contactUrl: optionalUrl(),
    origin: optionalTextField(200),
    customsCode: optionalTextField(40),
    certificate: optionalTextField(200),
    shopType: optionalTextField(60),
    shopLink: optionalUrl(),
    images: textList(),
    outstanding: flag,
    policy: policySchema,
  },
  'invalid_value',
);
export type ProductInput = v.InferOutput<typeof productSchema>;

// ---------------------------------------------------------------------------------------
// Activities (spec §3 activity types)

/** Types that are a bank account: bank name, owner name and account number required. */
export const bankActivityTypes = ['bankAccount', 'banks'] as const;
/** Types that are a link: the link must be a valid, non-empty web address. */
export const linkActivityTypes = [
  'websites',
  'youtube',
  'registrationLink',
  'productLink',
  'networks',
] as const;
/** The remaining types: a titled entry (education, awards, …). */
export const textActivityTypes = [
  'education',
  'experiences',
  'certificates',
  'projects',
  'support',
  'partner',
  'leaders',
  'society',
  'targets',
  'awards',
  'history',
  'skills',
] as const;
export const activityTypes = [
  ...bankActivityTypes,
  ...textActivityTypes,
  ...linkActivityTypes,
] as const;
export type ActivityType = (typeof activityTypes)[number];

export function isLinkActivity(type: string): type is (typeof linkActivityTypes)[number] {
  return (linkActivityTypes as readonly string[]).includes(type);
}

export function isBankActivity(type: string): type is (typeof bankActivityTypes)[number] {
  return (bankActivityTypes as readonly string[]).includes(type);
}

const activityCommon = {
  content: optionalTextField(10_000),
  ordinal,
  policy: policySchema,
};

const bankActivitySchema = v.object(
  {
    type: v.picklist(bankActivityTypes),
    displayName: optionalTextField(200),
    bankName: requiredTextField('bank_name_required', 120),
    ownerName: requiredTextField('owner_name_required', 120),
    accountNumber: v.optional(
      v.pipe(
        v.string('account_number_required'),
        v.trim(),
        v.nonEmpty('account_number_required'),
        v.regex(/^[\d\s.-]+$/, 'invalid_value'),
        v.maxLength(40, 'too_long'),
      ),
      '',
    ),
    qrUrl: optionalUrl(),
    ...activityCommon,
  },
  'invalid_value',
);

const linkActivitySchema = v.object(
  {
    type: v.picklist(linkActivityTypes),
    displayName: requiredTextField('display_name_required', 200),
    link: v.optional(
      v.pipe(
        v.string('link_required'),
        v.trim(),
        v.nonEmpty('link_required'),
        noControlCharacters,
        noBackslash,
        v.url('invalid_link'),
        v.regex(/^https?:\/\//i, 'invalid_link'),
        v.maxLength(2000, 'too_long'),
      ),
      '',
    ),
    ...activityCommon,
  },
  'invalid_value',
);

const textActivitySchema = v.object(
  {
    type: v.picklist(textActivityTypes),
    displayName: requiredTextField('display_name_required', 200),
    link: optionalUrl(),
    ...activityCommon,
  },
  'invalid_value',
);

export const activitySchema = v.variant(
  'type',
  [bankActivitySchema, linkActivitySchema, textActivitySchema],
  'activity_type_required',
);
export type ActivityInput = v.InferOutput<typeof activitySchema>;

// ---------------------------------------------------------------------------------------
// Posters

export const posterViewTypes = ['showroom', 'activities', 'posts', 'other'] as const;
export type PosterViewType = (typeof posterViewTypes)[number];

export const posterEntries = {
  viewType: requiredChoice(posterViewTypes, 'view_type_required'),
  startDate: requiredDate('start_date_required'),
  endDate: requiredDate('end_date_required'),
  images: v.pipe(textList(), v.minLength(1, 'images_required')),
  enabled: v.optional(flag, false),
};

/** Spec §5: view type, start, end and images required; start before end. */
export const posterSchema = v.pipe(
  v.object(posterEntries, 'invalid_value'),
  v.forward(
    v.partialCheck(
      [['startDate'], ['endDate']],
      (p) => p.startDate < p.endDate,
      'start_before_end',
    ),
    ['endDate'],
  ),
);
export type PosterInput = v.InferOutput<typeof posterSchema>;

/**
 * Spec §4: enabling is refused when the end date is before today. `today` is the
 * YYYY-MM-DD date in Vietnam of whoever decides (the server passes its clock).
 */
export function canEnablePoster(endDate: string, today: string): boolean {
  return endDate >= today;
}

/** The poster rules plus "cannot enable an expired poster", for a given day. */
export function posterSchemaOn(today: string) {
  return v.pipe(
    posterSchema,
    v.forward(
      v.check((p) => !p.enabled || canEnablePoster(p.endDate, today), 'poster_expired'),
      ['enabled'],
    ),
  );
}

/** Today's date (YYYY-MM-DD) in Vietnam, for poster checks. */
export function vietnamToday(now: Date): string {
  return vietnamDay(now);
}

// ---------------------------------------------------------------------------------------
// Relics (member and brand)

export const relicSchema = v.object(
  {
    title: requiredTextField('title_required', 300),
    content: optionalTextField(20_000),
    images: textList(),
    policy: policySchema,
  },
  'invalid_value',
);
export type RelicInput = v.InferOutput<typeof relicSchema>;
