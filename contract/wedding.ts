import * as v from 'valibot';
import { optionalText, requiredText, uuidSchema } from './common';
import { contactPhoneSchema } from './contact';
import { fieldBaseSchema, type FieldValues } from './field-merge';
import { honeypotField } from './public-forms';
import { bankBinPattern, vietQrAccountNumber, vietQrAccountPattern } from './vietqr';

// Wedding invitations (spec §3 "Wedding invitation", §7 GET /wedding/{id}, POST /weddingGuest,
// §9 defaults): the owner writes one with wedding.upsert (offline, mirrored); guests reply
// without login. Days keep the spec's shape (h, th, d, m, y). Decision 0720.

export const weddingStatuses = ['ACTIVE', 'INACTIVE'] as const;
export type WeddingStatus = (typeof weddingStatuses)[number];

/** Vietnamese weekday names, Sunday first (Date.getUTCDay order). */
export const weekdaysVi = [
  'Chủ nhật',
  'Thứ hai',
  'Thứ ba',
  'Thứ tư',
  'Thứ năm',
  'Thứ sáu',
  'Thứ bảy',
] as const;
export const weekdaysEn = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Weekday (0 = Sunday) of a calendar day, whatever the time zone of the machine. */
export function weekdayOf(d: number, m: number, y: number): number {
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

function isRealDay(d: number, m: number, y: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const whole = (min: number, max: number) =>
  v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.trim(), v.decimal(), v.transform(Number))],
      'invalid_date',
    ),
    v.number('invalid_date'),
    v.integer('invalid_date'),
    v.minValue(min, 'invalid_date'),
    v.maxValue(max, 'invalid_date'),
  );

/** A moment of the wedding as the spec shapes it: h "11H00", th the weekday, d/m/y the day. */
export const weddingMomentSchema = v.pipe(
  v.object(
    {
      h: v.pipe(
        v.string('invalid_wedding_time'),
        v.trim(),
        v.toUpperCase(),
        v.regex(/^([01]?\d|2[0-3])H[0-5]\d$/, 'invalid_wedding_time'),
      ),
      // The weekday is worked out from the day: what a client sends is not trusted.
      th: v.optional(v.string('invalid_value')),
      d: whole(1, 31),
      m: whole(1, 12),
      y: whole(2000, 2100),
    },
    'date_required',
  ),
  v.check((moment) => isRealDay(moment.d, moment.m, moment.y), 'invalid_date'),
  v.transform((moment) => ({
    ...moment,
    th: weekdaysVi[weekdayOf(moment.d, moment.m, moment.y)] as string,
  })),
);
export type WeddingMomentInput = v.InferInput<typeof weddingMomentSchema>;
export interface WeddingMoment {
  h: string;
  th: string;
  d: number;
  m: number;
  y: number;
}

const family = (nameCode: string) =>
  v.object(
    {
      name: requiredText(nameCode, 120),
      father: optionalText(120),
      mother: optionalText(120),
      address: optionalText(300),
    },
    nameCode,
  );

/** A family's bank account for wedding gifts (spec §5 activity rule: bank, owner, number). */
export const weddingBankSchema = v.optional(
  v.nullable(
    v.object({
      bankBin: v.pipe(
        v.string('bank_required'),
        v.trim(),
        v.nonEmpty('bank_required'),
        v.regex(bankBinPattern, 'bank_unknown'),
      ),
      ownerName: requiredText('owner_name_required', 120),
      accountNumber: v.pipe(
        v.string('account_number_required'),
        v.trim(),
        v.nonEmpty('account_number_required'),
        v.maxLength(40, 'too_long'),
        v.check(
          (value) => vietQrAccountPattern.test(vietQrAccountNumber(value)),
          'invalid_account_number',
        ),
      ),
    }),
  ),
  null,
);

/**
 * The invitation's fields an edit may change, each merged on its own (decision 1062). A nested
 * group (a family, a bank, a moment) is one field, compared whole as canonical JSON text.
 */
export const weddingMergedFields = [
  'groomsFamily',
  'bridesFamily',
  'groomsBank',
  'bridesBank',
  'weddingDay',
  'weddingPartyDay',
  'venue',
  'partyVenue',
  'message',
  'status',
] as const;
export type WeddingMergedField = (typeof weddingMergedFields)[number];

const weddingGroupKeys = {
  groomsFamily: ['name', 'father', 'mother', 'address'],
  bridesFamily: ['name', 'father', 'mother', 'address'],
  // The bank's name is looked up from its BIN, the weekday worked out from the day: left out.
  groomsBank: ['bankBin', 'ownerName', 'accountNumber'],
  bridesBank: ['bankBin', 'ownerName', 'accountNumber'],
  weddingDay: ['h', 'd', 'm', 'y'],
  weddingPartyDay: ['h', 'd', 'm', 'y'],
} as const satisfies Partial<Record<WeddingMergedField, readonly string[]>>;
type WeddingGroupField = keyof typeof weddingGroupKeys;

export function isWeddingGroupField(field: string): field is WeddingGroupField {
  return Object.hasOwn(weddingGroupKeys, field);
}

/** A group as canonical text: fixed key order, trimmed, blanks left out, d/m/y as numbers. */
function groupText(field: WeddingGroupField, value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  const source = value as Record<string, unknown>;
  const picked: Record<string, string | number> = {};
  for (const key of weddingGroupKeys[field]) {
    const item = source[key];
    if (key === 'd' || key === 'm' || key === 'y') picked[key] = Number(item);
    else if (typeof item === 'string' && item.trim() !== '') {
      picked[key] = key === 'h' ? item.trim().toUpperCase() : item.trim();
    }
  }
  return JSON.stringify(picked);
}

/** The merged field values of an invitation: a mirrored row or an edit's payload alike. */
export function weddingFieldValues(wedding: {
  [field in WeddingMergedField]?: unknown;
}): FieldValues {
  const values: FieldValues = {};
  for (const field of weddingMergedFields) {
    const value = wedding[field];
    if (isWeddingGroupField(field)) values[field] = groupText(field, value);
    else values[field] = typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  }
  return values;
}

/** A group back from its text (none for a blank or unreadable one). */
export function weddingGroupOf(value: unknown): Record<string, string | number> | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object'
      ? (parsed as Record<string, string | number>)
      : null;
  } catch {
    return null;
  }
}

/**
 * wedding.upsert: the whole invitation by its client-made id. With `base` (decision 1062) only
 * the fields it names are written, each merged on its own; without it (a new invitation, an
 * entry queued by an older app) every field is written, the later write wins.
 */
export const weddingUpsertSchema = v.object(
  {
    id: uuidSchema,
    groomsFamily: family('groom_name_required'),
    bridesFamily: family('bride_name_required'),
    groomsBank: weddingBankSchema,
    bridesBank: weddingBankSchema,
    weddingDay: weddingMomentSchema,
    weddingPartyDay: weddingMomentSchema,
    venue: optionalText(300),
    partyVenue: optionalText(300),
    message: optionalText(2000),
    status: v.optional(v.picklist(weddingStatuses, 'invalid_value'), 'ACTIVE'),
    base: fieldBaseSchema(weddingMergedFields),
  },
  'invalid_value',
);
export type WeddingUpsertInput = v.InferInput<typeof weddingUpsertSchema>;
export type WeddingUpsert = v.InferOutput<typeof weddingUpsertSchema>;

export interface WeddingFamily {
  name: string;
  father?: string | undefined;
  mother?: string | undefined;
  address?: string | undefined;
}

export interface WeddingBank {
  bankBin: string;
  /** The bank's short name from the list when it was written. */
  bankName: string;
  ownerName: string;
  accountNumber: string;
}

/** An invitation as the API returns it and the owner's devices mirror it (Dexie `weddings`). */
export interface Wedding {
  id: string;
  memberId: string;
  type: 'WEDDING';
  status: WeddingStatus;
  groomsFamily: WeddingFamily;
  bridesFamily: WeddingFamily;
  groomsBank: WeddingBank | null;
  bridesBank: WeddingBank | null;
  weddingDay: WeddingMoment;
  weddingPartyDay: WeddingMoment;
  venue: string | null;
  partyVenue: string | null;
  message: string | null;
  /** The owner's card theme, for the public page. */
  theme?: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  changeSeq?: number;
}

/** Spec §9 times: the ceremony at 11H00, the party at 11H30. */
export const defaultWeddingHour = '11H00';
export const defaultPartyHour = '11H30';

/**
 * The day a new invitation starts with: the spec's 23/12/2023 is past, so the first Sunday at
 * least 90 days after today (decision 0720), at the spec's hours.
 */
export function defaultWeddingMoments(today: Date): {
  weddingDay: WeddingMoment;
  weddingPartyDay: WeddingMoment;
} {
  const day = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 90),
  );
  day.setUTCDate(day.getUTCDate() + ((7 - day.getUTCDay()) % 7));
  const base = { d: day.getUTCDate(), m: day.getUTCMonth() + 1, y: day.getUTCFullYear() };
  const th = weekdaysVi[0] as string;
  return {
    weddingDay: { h: defaultWeddingHour, th, ...base },
    weddingPartyDay: { h: defaultPartyHour, th, ...base },
  };
}

/** "11H00, Chủ nhật, 23/12/2023" (spec §9 date format), in a language. */
export function weddingMomentText(moment: WeddingMoment, lang: 'vi' | 'en' = 'vi'): string {
  const weekday = (lang === 'en' ? weekdaysEn : weekdaysVi)[
    weekdayOf(moment.d, moment.m, moment.y)
  ];
  const date = `${String(moment.d).padStart(2, '0')}/${String(moment.m).padStart(2, '0')}/${moment.y}`;
  return `${moment.h}, ${weekday}, ${date}`;
}

/** Most people one reply may bring. */
export const maxGuestsPerReply = 20;

const yesNo = v.pipe(
  v.union(
    [
      v.boolean(),
      v.pipe(
        v.picklist(['yes', 'no', 'true', 'false', '1', '0'], 'attending_required'),
        v.transform((text) => text === 'yes' || text === 'true' || text === '1'),
      ),
    ],
    'attending_required',
  ),
  v.boolean('attending_required'),
);

/** POST /weddingGuest: a guest's reply, without login. The id (client-made) makes a resend one reply. */
export const weddingGuestPostSchema = v.object(
  {
    id: v.optional(uuidSchema),
    weddingId: uuidSchema,
    name: requiredText('guest_name_required', 120),
    phone: contactPhoneSchema,
    attending: yesNo,
    people: v.optional(
      v.pipe(
        v.union(
          [v.number(), v.pipe(v.string(), v.trim(), v.decimal(), v.transform(Number))],
          'guest_count_invalid',
        ),
        v.number('guest_count_invalid'),
        v.integer('guest_count_invalid'),
        v.minValue(1, 'guest_count_invalid'),
        v.maxValue(maxGuestsPerReply, 'guest_count_invalid'),
      ),
      1,
    ),
    wishes: optionalText(1000),
    [honeypotField]: v.optional(v.string()),
  },
  'invalid_value',
);
export type WeddingGuestPostInput = v.InferInput<typeof weddingGuestPostSchema>;

/** A guest's reply as its owner's devices mirror it (Dexie `weddingGuests`). */
export interface WeddingGuest {
  id: string;
  weddingId: string;
  memberId: string;
  name: string;
  phone: string | null;
  attending: boolean;
  people: number;
  wishes: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  changeSeq?: number;
}

/** Replies, people coming (sum of people of the "yes" replies), and declines. */
export function weddingGuestTotals(guests: readonly Pick<WeddingGuest, 'attending' | 'people'>[]): {
  replies: number;
  attendingReplies: number;
  attendingPeople: number;
  declined: number;
} {
  let attendingReplies = 0;
  let attendingPeople = 0;
  for (const g of guests) {
    if (g.attending) {
      attendingReplies += 1;
      attendingPeople += g.people;
    }
  }
  return {
    replies: guests.length,
    attendingReplies,
    attendingPeople,
    declined: guests.length - attendingReplies,
  };
}

/** The share text of every invitation (spec §2, §9). */
export const weddingShareTitle = 'Thiệp cưới';
export const weddingShareDescription = 'Trân trọng kính mời';
