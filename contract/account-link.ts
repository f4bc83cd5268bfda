import * as v from 'valibot';
import { bareDomainToHttps, noBackslash, noControlCharacters } from './url-rules';
import { optionalText, requiredText, uuidSchema } from './common';
import { fieldBaseSchema, type FieldValues } from './field-merge';
import { bankBinPattern, vietQrAccountNumber, vietQrAccountPattern } from './vietqr';
import { youtubeId } from './youtube';
import type { Bank, CardAccounts, ProfileLink } from './member';

// A member's account links (spec §3 "banks, links and videos", §7 updateAccountLinkById): one
// row each, ordered and hideable, written offline through the mutation registry
// (docs/decisions/0630-account-links-rows.md). Ids are made by the client.

export const accountLinkKinds = ['bank', 'link', 'video'] as const;
export type AccountLinkKind = (typeof accountLinkKinds)[number];

/** A bank of the list the server serves (GET /api/members/banks): NAPAS BIN and names. */
export interface BankInfo {
  bin: string;
  code: string;
  shortName: string;
  name: string;
}

const webLink = (requiredCode: string) =>
  v.pipe(
    v.string(requiredCode),
    v.trim(),
    v.nonEmpty(requiredCode),
    noControlCharacters,
    noBackslash,
    bareDomainToHttps,
    v.maxLength(2000, 'too_long'),
    v.url('invalid_link'),
    v.regex(/^https?:\/\//i, 'invalid_link'),
  );

const ordinal = v.optional(
  v.pipe(
    v.number('not_a_number'),
    v.integer('invalid_number'),
    v.minValue(0, 'invalid_number'),
    v.maxValue(1_000_000, 'invalid_number'),
  ),
  0,
);

/**
 * A row's fields an edit may change, each merged on its own (decision 1062): the three kinds
 * share one list; a kind's fields the other kinds do not have stay empty. The order and the
 * hidden flag are fields as texts ("3", "true").
 */
export const accountLinkMergedFields = [
  'kind',
  'title',
  'url',
  'bankBin',
  'ownerName',
  'accountNumber',
  'ordinal',
  'hidden',
] as const;
export type AccountLinkMergedField = (typeof accountLinkMergedFields)[number];

/** The merged field values of a row: a mirrored row or an edit's payload alike. */
export function accountLinkFieldValues(row: {
  [field in AccountLinkMergedField]?: unknown;
}): FieldValues {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  return {
    kind: text(row.kind),
    title: text(row.title),
    url: text(row.url),
    bankBin: text(row.bankBin),
    ownerName: text(row.ownerName),
    accountNumber: text(row.accountNumber),
    ordinal: String(typeof row.ordinal === 'number' ? row.ordinal : 0),
    hidden: row.hidden === true || row.hidden === 'true' ? 'true' : 'false',
  };
}

const common = {
  id: uuidSchema,
  ordinal,
  hidden: v.optional(v.boolean('invalid_value'), false),
  // With a base (decision 1062) only the fields it names are written; without it, all of them.
  base: fieldBaseSchema(accountLinkMergedFields),
};

/** Spec §5: bank name, owner name and account number required. */
export const bankLinkFieldsSchema = v.object({
  kind: v.literal('bank'),
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
});

/** Spec §5: a link must be valid and non-empty. */
export const webLinkFieldsSchema = v.object({
  kind: v.literal('link'),
  title: optionalText(120),
  url: webLink('link_required'),
});

/** Spec §5: a video is a YouTube link with an 11-character id. */
export const videoLinkFieldsSchema = v.object({
  kind: v.literal('video'),
  title: optionalText(120),
  url: v.pipe(
    webLink('link_required'),
    v.check((value) => youtubeId(value) !== null, 'invalid_youtube_link'),
  ),
});

/** accountLink.upsert: the whole row by its client-made id, merged per field with a base. */
export const accountLinkUpsertSchema = v.variant(
  'kind',
  [
    v.object({ ...common, ...bankLinkFieldsSchema.entries }),
    v.object({ ...common, ...webLinkFieldsSchema.entries }),
    v.object({ ...common, ...videoLinkFieldsSchema.entries }),
  ],
  'invalid_value',
);
export type AccountLinkUpsertInput = v.InferInput<typeof accountLinkUpsertSchema>;
export type AccountLinkUpsert = v.InferOutput<typeof accountLinkUpsertSchema>;

/** accountLink.delete: soft delete by id. */
export const accountLinkDeleteSchema = v.object({ id: uuidSchema });

/** An account link as the API returns it and the device mirrors it (Dexie `accountLinks`). */
export interface AccountLink {
  id: string;
  memberId: string;
  kind: AccountLinkKind;
  /** Link and video: what the card shows instead of the address. */
  title: string | null;
  url: string | null;
  bankBin: string | null;
  /** The bank's name from the list at the time of writing (kept if the list changes). */
  bankName: string | null;
  ownerName: string | null;
  accountNumber: string | null;
  ordinal: number;
  hidden: boolean;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  changeSeq?: number;
}

/** What the card's order and content read of a row: a member's or a brand's (decision 1120). */
export type ShownAccountLink = Omit<AccountLink, 'memberId' | 'updatedAt' | 'changeSeq'>;

/** The order the card and the editor show: ordinal, then creation. */
export function compareAccountLinks(a: ShownAccountLink, b: ShownAccountLink): number {
  return (
    a.ordinal - b.ordinal || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)
  );
}

/** What a card shows of account links: the banks, links and videos of the live, shown rows. */
export interface CardAccountFields extends CardAccounts {
  /** Titles the owner gave their videos, by link. */
  videoTitles: Record<string, string>;
}

/**
 * The card's banks, links and videos from account link rows: deleted and hidden rows left out,
 * in the card's order. The server's card and the owner's offline preview both use it.
 */
export function cardAccountsOf(rows: readonly ShownAccountLink[]): CardAccountFields {
  const fields: CardAccountFields = { banks: [], links: [], videos: [], videoTitles: {} };
  const shown = rows.filter((row) => row.deletedAt === null && !row.hidden);
  for (const row of [...shown].sort(compareAccountLinks)) {
    if (row.kind === 'bank') {
      const bank: Bank = {
        bankName: row.bankName ?? '',
        ownerName: row.ownerName ?? '',
        accountNumber: row.accountNumber ?? '',
        ...(row.bankBin ? { bin: row.bankBin } : {}),
      };
      fields.banks.push(bank);
    } else if (row.kind === 'link' && row.url) {
      const link: ProfileLink = { title: row.title ?? undefined, url: row.url };
      fields.links.push(link);
    } else if (row.kind === 'video' && row.url) {
      fields.videos.push(row.url);
      if (row.title) fields.videoTitles[row.url] = row.title;
    }
  }
  return fields;
}
