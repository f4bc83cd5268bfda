// Account links (a member's banks, links and videos): the one write path (accountLink.upsert,
// accountLink.delete) shared by the REST routes and the batch push, the card's read and the
// pull source of `accountLinks` (decision 0630).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { accountLinks } from '../db/schema';
import { ApiError } from '../http/errors';
import { bankByBin } from '../data/bank-list';
import type { MutationContext, MutationHandler, PullSource } from '../sync/registry';
import {
  changedFieldsOf,
  mergeAndRecord,
  pickFields,
  recordConflict,
  settleConflictsOf,
} from './conflicts';
import type { ConflictTarget } from './conflict-target';
import type { FieldValues } from '../../contract/field-merge';
import type { MutationInput } from '../../contract/mutations';
import {
  accountLinkFieldValues,
  accountLinkMergedFields,
  cardAccountsOf,
  type AccountLink,
  type CardAccountFields,
} from '../../contract/account-link';

type AccountLinkRow = typeof accountLinks.$inferSelect;

export function accountLinkForClient(row: AccountLinkRow): AccountLink {
  return {
    id: row.id,
    // Only a member's rows reach the member's device (the pull's scope); a brand's have a group.
    memberId: row.memberId ?? '',
    kind: row.kind,
    title: row.title,
    url: row.url,
    bankBin: row.bankBin,
    bankName: row.bankName,
    ownerName: row.ownerName,
    accountNumber: row.accountNumber,
    ordinal: row.ordinal,
    hidden: row.hidden,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
    changeSeq: row.changeSeq,
  };
}

/** A row by id: another member's is 403 (their id in the path changes nothing), none is 404. */
async function rowOf(
  db: Queryable,
  memberId: string,
  id: string,
  lock: boolean,
): Promise<AccountLinkRow | undefined> {
  const query = db.select().from(accountLinks).where(eq(accountLinks.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (row && row.memberId !== memberId) throw new ApiError(403, 'forbidden');
  return row;
}

export async function ownedAccountLink(
  db: Queryable,
  memberId: string,
  id: string,
): Promise<AccountLinkRow> {
  const row = await rowOf(db, memberId, id, false);
  if (!row || row.deletedAt !== null) throw new ApiError(404, 'not_found');
  return row;
}

/** Whose rows: a member's (decision 0630) or a brand's (decision 1120). */
export type AccountLinkOwner = { kind: 'member' | 'group'; id: string };

/** Live rows of an owner in card order; `visibleOnly` leaves out the hidden ones. */
export async function liveAccountLinks(
  db: Queryable,
  owner: AccountLinkOwner,
  visibleOnly: boolean,
): Promise<AccountLinkRow[]> {
  return db
    .select()
    .from(accountLinks)
    .where(
      and(
        owner.kind === 'member'
          ? eq(accountLinks.memberId, owner.id)
          : eq(accountLinks.groupId, owner.id),
        isNull(accountLinks.deletedAt),
        visibleOnly ? eq(accountLinks.hidden, false) : undefined,
      ),
    )
    .orderBy(asc(accountLinks.ordinal), asc(accountLinks.createdAt), asc(accountLinks.id));
}

/** The card's banks, links and videos of a member or a brand: the visible rows, in order. */
export async function cardAccountFields(
  db: Queryable,
  owner: AccountLinkOwner,
): Promise<CardAccountFields> {
  return cardAccountsOf(await liveAccountLinks(db, owner, true));
}

/** The stored columns of an upsert: the other kinds' columns are emptied. */
function rowValues(input: MutationInput<'accountLink.upsert'>) {
  const base = {
    kind: input.kind,
    ordinal: input.ordinal,
    hidden: input.hidden,
    title: null as string | null,
    url: null as string | null,
    bankBin: null as string | null,
    bankName: null as string | null,
    ownerName: null as string | null,
    accountNumber: null as string | null,
  };
  if (input.kind === 'bank') {
    const bank = bankByBin(input.bankBin);
    if (!bank) throw new ApiError(400, 'validation_failed', { bankBin: 'bank_unknown' });
    return {
      ...base,
      bankBin: bank.bin,
      bankName: bank.shortName,
      ownerName: input.ownerName,
      accountNumber: input.accountNumber,
    };
  }
  return { ...base, title: input.title || null, url: input.url };
}

/** What names a row in a conflict: its title, address or account. */
function linkLabel(values: FieldValues): string {
  const text = (field: string) => (typeof values[field] === 'string' ? values[field] : '');
  return (
    text('title') || text('url') || [text('ownerName'), text('accountNumber')].join(' ').trim()
  );
}

/** The row's columns of merged field values, whole: the other kinds' columns are emptied. */
function mergedColumns(values: FieldValues) {
  const text = (field: string) => {
    const value = values[field];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const kind = text('kind');
  if (kind !== 'bank' && kind !== 'link' && kind !== 'video') {
    throw new ApiError(400, 'validation_failed', { kind: 'invalid_value' });
  }
  const common = {
    kind,
    ordinal: Number(text('ordinal') ?? 0) || 0,
    hidden: text('hidden') === 'true',
  };
  if (kind === 'bank') {
    return rowValues({
      ...common,
      id: '',
      kind,
      bankBin: text('bankBin') ?? '',
      ownerName: text('ownerName') ?? '',
      accountNumber: text('accountNumber') ?? '',
    });
  }
  return rowValues({ ...common, id: '', kind, title: text('title') ?? '', url: text('url') ?? '' });
}

/**
 * Writes changed fields to a row, merged per field against `base` (decision 1062): a field
 * another device wrote since the base is overwritten and its value kept as a conflict.
 */
async function writeLinkFields(
  tx: Queryable,
  ctx: MutationContext,
  existing: AccountLinkRow,
  changed: FieldValues,
  base: FieldValues | undefined,
  extra: Partial<AccountLinkRow> = {},
): Promise<AccountLinkRow> {
  const stored = accountLinkFieldValues(existing);
  const set = await mergeAndRecord(
    tx,
    ctx,
    { entity: 'accountLinks', rowId: existing.id, label: linkLabel(stored) },
    stored,
    changed,
    base,
  );
  const [row] = await tx
    .update(accountLinks)
    .set({ ...mergedColumns({ ...stored, ...set }), ...extra })
    .where(eq(accountLinks.id, existing.id))
    .returning();
  if (!row) throw new ApiError(409, 'conflict');
  return row;
}

/**
 * Creates a row by its client-made id, or edits one: with a base, only the fields it names,
 * each merged on its own (decision 1062); without one, the whole row (the later write wins). An
 * edit that arrives for a deleted row is kept as a conflict of kind `deleted` (the member
 * restores the row with it or lets it go); the row stays deleted.
 */
export const upsertAccountLink: MutationHandler<'accountLink.upsert'> = {
  async run(tx, ctx, input) {
    const existing = await rowOf(tx, ctx.memberId, input.id, true);
    const values = rowValues(input);
    if (existing?.deletedAt) {
      const changed = changedFieldsOf(accountLinkFieldValues(input), input.base);
      await recordConflict(tx, ctx, {
        entity: 'accountLinks',
        rowId: existing.id,
        kind: 'deleted',
        label: linkLabel(accountLinkFieldValues(input)),
        lost: changed,
        written: null,
      });
      return accountLinkForClient(existing);
    }
    if (existing && input.base) {
      const changed = changedFieldsOf(accountLinkFieldValues(input), input.base);
      return accountLinkForClient(await writeLinkFields(tx, ctx, existing, changed, input.base));
    }
    const [row] = existing
      ? await tx.update(accountLinks).set(values).where(eq(accountLinks.id, input.id)).returning()
      : await tx
          .insert(accountLinks)
          .values({ id: input.id, memberId: ctx.memberId, ...values })
          .returning();
    if (!row) throw new ApiError(409, 'conflict');
    return accountLinkForClient(row);
  },
};

/** How conflict.resolve writes a row's kept values back or restores it (decision 1062). */
export const accountLinkConflictTarget: ConflictTarget = {
  async writeFields(tx, ctx, rowId, values, base) {
    const existing = await rowOf(tx, ctx.memberId, rowId, true);
    if (!existing || existing.deletedAt !== null) return;
    await writeLinkFields(tx, ctx, existing, pickFields(values, accountLinkMergedFields), base);
  },
  async restore(tx, ctx, rowId, values) {
    const existing = await rowOf(tx, ctx.memberId, rowId, true);
    if (!existing) throw new ApiError(404, 'not_found');
    await writeLinkFields(
      tx,
      ctx,
      existing,
      pickFields(values, accountLinkMergedFields),
      undefined,
      {
        deletedAt: null,
      },
    );
  },
};

/** Soft delete; deleting again answers the same tombstone. */
export const deleteAccountLink: MutationHandler<'accountLink.delete'> = {
  async run(tx, ctx, input) {
    const row = await rowOf(tx, ctx.memberId, input.id, true);
    if (!row) throw new ApiError(404, 'not_found');
    if (row.deletedAt !== null) return accountLinkForClient(row);
    const [deleted] = await tx
      .update(accountLinks)
      .set({ deletedAt: ctx.now.toISOString() })
      .where(eq(accountLinks.id, row.id))
      .returning();
    if (!deleted) throw new ApiError(409, 'conflict');
    await settleConflictsOf(tx, ctx, 'accountLinks', row.id);
    return accountLinkForClient(deleted);
  },
};

export const accountLinksPullSource: PullSource<'accountLinks'> = {
  entity: 'accountLinks',
  table: accountLinks,
  scope: (memberId) => sql`${accountLinks.memberId} = ${memberId}`,
  toClient: (rows) => Promise.resolve((rows as AccountLinkRow[]).map(accountLinkForClient)),
};
