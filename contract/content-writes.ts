import * as v from 'valibot';
import { uuidSchema } from './common';
import type { CardActivity, CardPost, CardPoster, CardProduct, CardRelic } from './card';
import type { FieldValue, FieldValues } from './field-merge';
import {
  activitySchema,
  isBankActivity,
  posterEntries,
  posterViewTypes,
  postSchema,
  productSchema,
  relicSchema,
  type PosterViewType,
} from './content';

// The writes of a member's or a brand's content (posts, products, activities, relics, posters):
// the payloads of the `<kind>.upsert` / `<kind>.delete` mutations and the rows the owner's
// devices mirror. Ids are made by the client, so an item written offline keeps its id.

/** The item kinds a member or a brand's admins publish. */
export const contentKinds = ['post', 'product', 'activity', 'relic', 'poster'] as const;
export type ContentKind = (typeof contentKinds)[number];

/**
 * Who an item belongs to: absent or null is the member writing; a brand/group id means that
 * brand's page (only its admins may write). Fixed when the item is created.
 */
const groupIdEntry = v.optional(
  v.pipe(
    v.nullable(v.string('invalid_id')),
    v.transform((text) => text?.trim() || null),
    v.nullable(v.pipe(v.string(), v.uuid('invalid_id'))),
  ),
);

const itemKeys = { id: uuidSchema, groupId: groupIdEntry };

/** A bank account activity's facts, each merged as a field of its own (decision 1062). */
const activityDetailFields = ['bankName', 'ownerName', 'accountNumber', 'qrUrl'] as const;

/**
 * The fields of each kind an edit may change, each merged on its own (decision 1062). Every
 * value is compared as text: a price, a quantity or an order number as its digits, a switch as
 * "true"/"false", an images list whole (order included: it is the gallery's order).
 */
export const contentMergedFields = {
  post: ['type', 'title', 'content', 'imageUrl', 'ordinal', 'startDate', 'outstanding', 'policy'],
  product: [
    'type',
    'childType',
    'childCareer',
    'title',
    'content',
    'listedPrice',
    'price',
    'quantity',
    'contactUrl',
    'origin',
    'customsCode',
    'certificate',
    'shopType',
    'shopLink',
    'images',
    'outstanding',
    'policy',
  ],
  activity: [
    'type',
    'displayName',
    'link',
    'content',
    'ordinal',
    'policy',
    ...activityDetailFields,
  ],
  relic: ['title', 'content', 'images', 'policy'],
  poster: ['viewType', 'startDate', 'endDate', 'enabled', 'images'],
} as const satisfies Record<ContentKind, readonly string[]>;

/** A content field's value in a base: text (a post's content is long), a list of texts, or none. */
const contentFieldValueSchema = v.nullable(
  v.union(
    [
      v.pipe(v.string('invalid_value'), v.maxLength(50_000, 'too_long')),
      v.pipe(
        v.array(v.pipe(v.string('invalid_value'), v.maxLength(2000, 'too_long'))),
        v.maxLength(100, 'too_long'),
      ),
    ],
    'invalid_value',
  ),
);

/**
 * The `base` of an edit of an item (decision 1062): for each changed field, what the device's
 * mirror held. Without it (a new item, an older app, the REST routes) every field is written.
 */
function contentBaseSchema<K extends ContentKind>(kind: K) {
  const fields = contentMergedFields[kind] as readonly string[];
  const entries = Object.fromEntries(
    fields.map((field) => [field, v.optional(contentFieldValueSchema)]),
  ) as Record<string, v.OptionalSchema<typeof contentFieldValueSchema, undefined>>;
  return { base: v.optional(v.strictObject(entries, 'base_field_unknown')) };
}

export const postUpsertSchema = v.object(
  { ...itemKeys, ...postSchema.entries, ...contentBaseSchema('post') },
  'invalid_value',
);
export const productUpsertSchema = v.object(
  { ...itemKeys, ...productSchema.entries, ...contentBaseSchema('product') },
  'invalid_value',
);
export const relicUpsertSchema = v.object(
  { ...itemKeys, ...relicSchema.entries, ...contentBaseSchema('relic') },
  'invalid_value',
);
const activityBase = contentBaseSchema('activity');
/** One of the three activity shapes (bank, link, titled entry), by type. */
export const activityUpsertSchema = v.variant(
  'type',
  [
    v.object(
      { ...itemKeys, ...activitySchema.options[0].entries, ...activityBase },
      'invalid_value',
    ),
    v.object(
      { ...itemKeys, ...activitySchema.options[1].entries, ...activityBase },
      'invalid_value',
    ),
    v.object(
      { ...itemKeys, ...activitySchema.options[2].entries, ...activityBase },
      'invalid_value',
    ),
  ],
  'activity_type_required',
);
/** Spec §5: view type, dates and images required; start before end. */
export const posterUpsertSchema = v.pipe(
  v.object({ ...itemKeys, ...posterEntries, ...contentBaseSchema('poster') }, 'invalid_value'),
  v.forward(
    v.partialCheck(
      [['startDate'], ['endDate']],
      (p) => p.startDate < p.endDate,
      'start_before_end',
    ),
    ['endDate'],
  ),
);
/** `<kind>.delete`: soft delete by id. */
export const contentDeleteSchema = v.object({ id: uuidSchema }, 'invalid_value');

export type PostUpsertInput = v.InferInput<typeof postUpsertSchema>;
export type ProductUpsertInput = v.InferInput<typeof productUpsertSchema>;
export type ActivityUpsertInput = v.InferInput<typeof activityUpsertSchema>;
export type RelicUpsertInput = v.InferInput<typeof relicUpsertSchema>;
export type PosterUpsertInput = v.InferInput<typeof posterUpsertSchema>;

/** Columns of a mirrored item beyond what the public card shows. */
interface MirroredItem {
  deletedAt: string | null;
  changeSeq?: number;
}

/** Bank facts of a bank-account activity (bankAccount, banks). */
export interface ActivityBankDetails {
  bankName?: string;
  ownerName?: string;
  accountNumber?: string;
  qrUrl?: string;
}

export type PostRecord = CardPost & MirroredItem;
export type ProductRecord = CardProduct & MirroredItem;
export type ActivityRecord = CardActivity & MirroredItem & { details: ActivityBankDetails };
export type RelicRecord = CardRelic & MirroredItem;
export interface PosterRecord extends MirroredItem {
  id: string;
  memberId: string | null;
  groupId: string | null;
  viewType: PosterViewType;
  startDate: string;
  endDate: string;
  enabled: boolean;
  images: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * The posters a card shows on `today` (Vietnam's day), in its order: live, enabled and running,
 * at most 20 — the rule of the server's listCardPosters, for the owner's preview on the device.
 */
export function runningPosters(records: readonly PosterRecord[], today: string): CardPoster[] {
  return records
    .filter((p) => p.deletedAt === null && p.enabled && p.startDate <= today && p.endDate >= today)
    .sort((a, b) =>
      a.startDate === b.startDate ? (a.id < b.id ? -1 : 1) : a.startDate < b.startDate ? -1 : 1,
    )
    .slice(0, 20)
    .map(({ id, viewType, startDate, endDate, images }) => ({
      id,
      viewType,
      startDate,
      endDate,
      images,
    }));
}

/** The query of GET /poster/get-poster-by-group-member-id/{id}. */
export const posterQuerySchema = v.object({
  posterType: v.optional(v.picklist(posterViewTypes, 'invalid_value')),
});

const orNull = <T>(value: T | undefined | null): T | null => value ?? null;

/**
 * The stored fields of each kind's upsert (owner, id and times apart): what the server writes
 * and what the device shows at once, from the same validated input.
 */
export const contentColumns = {
  post: (input: v.InferOutput<typeof postUpsertSchema>) => ({
    type: input.type,
    title: input.title,
    content: input.content,
    imageUrl: orNull(input.imageUrl),
    ordinal: input.ordinal ?? 0,
    startDate: input.startDate,
    outstanding: input.outstanding ?? false,
    policy: input.policy,
  }),
  product: (input: v.InferOutput<typeof productUpsertSchema>) => ({
    type: input.type,
    childType: input.childType,
    childCareer: orNull(input.childCareer),
    title: input.title,
    content: input.content ?? '',
    listedPrice: orNull(input.listedPrice),
    price: orNull(input.price),
    quantity: orNull(input.quantity),
    contactUrl: orNull(input.contactUrl),
    origin: orNull(input.origin),
    customsCode: orNull(input.customsCode),
    certificate: orNull(input.certificate),
    shopType: orNull(input.shopType),
    shopLink: orNull(input.shopLink),
    images: input.images,
    outstanding: input.outstanding ?? false,
    policy: input.policy,
  }),
  activity: (input: v.InferOutput<typeof activityUpsertSchema>) => {
    const bank = isBankActivity(input.type) && 'bankName' in input ? input : undefined;
    const details: ActivityBankDetails = bank
      ? {
          bankName: bank.bankName,
          ownerName: bank.ownerName,
          accountNumber: bank.accountNumber,
          ...(bank.qrUrl ? { qrUrl: bank.qrUrl } : {}),
        }
      : {};
    return {
      type: input.type as string,
      // A bank account without a display name is shown by its bank's name.
      displayName: input.displayName ?? bank?.bankName ?? '',
      link: 'link' in input ? orNull(input.link) : null,
      content: orNull(input.content),
      details,
      ordinal: input.ordinal ?? 0,
      policy: input.policy,
    };
  },
  relic: (input: v.InferOutput<typeof relicUpsertSchema>) => ({
    title: input.title,
    content: input.content ?? '',
    images: input.images,
    policy: input.policy,
  }),
  poster: (input: v.InferOutput<typeof posterUpsertSchema>) => ({
    viewType: input.viewType,
    startDate: input.startDate,
    endDate: input.endDate,
    enabled: input.enabled,
    images: input.images,
  }),
};

const numberFields = new Set(['ordinal', 'listedPrice', 'price', 'quantity']);
const switchFields = new Set(['outstanding', 'enabled']);
const nullableTextFields: Record<ContentKind, ReadonlySet<string>> = {
  post: new Set(['imageUrl', 'startDate']),
  product: new Set([
    'childCareer',
    'contactUrl',
    'origin',
    'customsCode',
    'certificate',
    'shopType',
    'shopLink',
  ]),
  activity: new Set(['link', 'content']),
  relic: new Set(),
  poster: new Set(),
};

function asFieldText(value: unknown): FieldValue {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' ? value : null;
}

/**
 * An item's merged fields as texts (decision 1062), from its stored columns (contentColumns'
 * shape: a bank activity's facts in `details`). The server and the device compare the same way.
 */
export function contentFieldValues(kind: ContentKind, columns: object): FieldValues {
  const row = columns as Record<string, unknown>;
  const details = (row.details ?? {}) as Record<string, unknown>;
  const values: FieldValues = {};
  for (const field of contentMergedFields[kind] as readonly string[]) {
    const detail =
      kind === 'activity' && (activityDetailFields as readonly string[]).includes(field);
    values[field] = asFieldText(detail ? details[field] : row[field]);
  }
  return values;
}

/**
 * The stored columns of merged field values (only the fields present), back from texts: the
 * inverse of contentFieldValues. A bank activity's facts are put into `details` as held now.
 */
export function contentColumnsOfFields(
  kind: ContentKind,
  values: FieldValues,
  heldDetails: ActivityBankDetails = {},
): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  let details: Record<string, unknown> | undefined;
  for (const field of contentMergedFields[kind] as readonly string[]) {
    if (!Object.hasOwn(values, field)) continue;
    const value = values[field] ?? null;
    const text = typeof value === 'string' ? value : null;
    if (kind === 'activity' && (activityDetailFields as readonly string[]).includes(field)) {
      details ??= { ...heldDetails };
      if (text === null) delete details[field];
      else details[field] = text;
    } else if (field === 'images') set[field] = Array.isArray(value) ? value.map(String) : [];
    else if (numberFields.has(field)) {
      set[field] = text === null ? (field === 'ordinal' ? 0 : null) : Number(text);
    } else if (switchFields.has(field)) set[field] = text === 'true';
    else set[field] = text ?? (nullableTextFields[kind].has(field) ? null : '');
  }
  if (details) set.details = details;
  return set;
}
