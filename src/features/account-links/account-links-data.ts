// Banks, links and videos of the member: reads the local mirror, writes through the outbox
// (accountLink.upsert / accountLink.delete).
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type AccountLinkRow, type AppDb } from '../../db/app-db';
import { fieldEdit } from '../../sync/field-edit';
import { queueMutationIn, type QueueMutationInput } from '../../sync/mutate';
import { outboxChanged } from '../../sync/flush-signal';
import { readSession } from '../../api/session-store';
import {
  accountLinkFieldValues,
  accountLinkMergedFields,
  compareAccountLinks,
  type AccountLinkKind,
  type AccountLinkUpsertInput,
  type BankInfo,
} from '../../../contract/account-link';
import type { MutationName } from '../../../contract/mutations';

/** What the add/edit forms produce: one kind's fields. */
export type AccountLinkFields =
  | { kind: 'bank'; bankBin: string; ownerName: string; accountNumber: string }
  | { kind: 'link'; title?: string | undefined; url: string }
  | { kind: 'video'; title?: string | undefined; url: string };

async function queue<N extends MutationName>(db: AppDb, input: QueueMutationInput<N>) {
  const session = await readSession();
  const entry = await queueMutationIn(db, input, session?.memberId ?? null);
  outboxChanged();
  return entry;
}

/** The member's live rows in card order (hidden ones too); undefined while the first read runs. */
export function useAccountLinks(memberId: string | undefined): AccountLinkRow[] | undefined {
  return useLiveQuery(async () => {
    if (!memberId) return [];
    const rows = await appDb.accountLinks.where('memberId').equals(memberId).toArray();
    return rows.filter((row) => row.deletedAt === null).sort(compareAccountLinks);
  }, [memberId]);
}

/** Live rows of one member in card order, read from a given database (tests, screens). */
export async function liveAccountLinks(db: AppDb, memberId: string): Promise<AccountLinkRow[]> {
  const rows = await db.accountLinks.where('memberId').equals(memberId).toArray();
  return rows.filter((row) => row.deletedAt === null).sort(compareAccountLinks);
}

function payloadOf(row: AccountLinkRow): AccountLinkUpsertInput {
  const common = { id: row.id, ordinal: row.ordinal, hidden: row.hidden };
  if (row.kind === 'bank') {
    return {
      ...common,
      kind: 'bank',
      bankBin: row.bankBin ?? '',
      ownerName: row.ownerName ?? '',
      accountNumber: row.accountNumber ?? '',
    };
  }
  return { ...common, kind: row.kind, title: row.title ?? '', url: row.url ?? '' };
}

/**
 * Queues a row. An edit of `before` (the row as the member saw it) sends the row whole with a
 * base naming the changed fields, so another device's change of other fields survives and a
 * same-field clash is kept for the member to choose (decision 1062); a new row goes whole.
 */
async function putRow(db: AppDb, row: AccountLinkRow, before?: AccountLinkRow): Promise<void> {
  const edit =
    before && before.deletedAt === null
      ? fieldEdit(
          accountLinkFieldValues(before),
          accountLinkFieldValues(row),
          accountLinkMergedFields,
        )
      : null;
  const changed: string[] = edit ? Object.keys(edit.changed) : [];
  // The bank's name goes with its BIN.
  if (changed.includes('bankBin')) changed.push('bankName');
  await queue(db, {
    name: 'accountLink.upsert',
    payload: edit
      ? { ...payloadOf(row), base: edit.base as NonNullable<AccountLinkUpsertInput['base']> }
      : payloadOf(row),
    table: 'accountLinks',
    rowId: row.id,
    apply: async (tx) => {
      // An edit writes only its fields: others keep what this device holds now (a pull).
      const current = edit ? await tx.accountLinks.get(row.id) : undefined;
      if (!current || current.deletedAt !== null) return void (await tx.accountLinks.put(row));
      const next: Record<string, unknown> = { ...current, updatedAt: row.updatedAt };
      for (const field of changed) next[field] = row[field as keyof AccountLinkRow];
      await tx.accountLinks.put(next as unknown as AccountLinkRow);
    },
  });
}

/**
 * Adds a row at the end of the list, or edits one. Offline: shown on this device at once and
 * sent when the network is back (an edit of a row deleted elsewhere is kept as a conflict).
 */
export async function saveAccountLink(
  db: AppDb,
  memberId: string,
  fields: AccountLinkFields,
  banks: readonly BankInfo[],
  existing?: AccountLinkRow,
): Promise<string> {
  const now = new Date().toISOString();
  const ordinal =
    existing?.ordinal ??
    (await liveAccountLinks(db, memberId)).reduce((max, row) => Math.max(max, row.ordinal + 1), 0);
  const bank = fields.kind === 'bank' ? banks.find((b) => b.bin === fields.bankBin) : undefined;
  const row: AccountLinkRow = {
    id: existing?.id ?? crypto.randomUUID(),
    memberId,
    kind: fields.kind,
    title: fields.kind === 'bank' ? null : fields.title?.trim() || null,
    url: fields.kind === 'bank' ? null : fields.url.trim(),
    bankBin: fields.kind === 'bank' ? fields.bankBin : null,
    bankName: fields.kind === 'bank' ? (bank?.shortName ?? null) : null,
    ownerName: fields.kind === 'bank' ? fields.ownerName.trim() : null,
    accountNumber: fields.kind === 'bank' ? fields.accountNumber.trim() : null,
    ordinal,
    hidden: existing?.hidden ?? false,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
    deletedAt: null,
    ...(existing?.changeSeq !== undefined ? { changeSeq: existing.changeSeq } : {}),
  };
  await putRow(db, row, existing);
  return row.id;
}

/** Shows or hides a row on the card. Offline: at once here, on the server later. */
export async function setAccountLinkHidden(
  db: AppDb,
  row: AccountLinkRow,
  hidden: boolean,
): Promise<void> {
  await putRow(db, { ...row, hidden, updatedAt: new Date().toISOString() }, row);
}

/**
 * Moves a row one place up (-1) or down (+1) among the rows of its kind: the list is
 * renumbered and every row whose place changed is saved. Offline: queued like any edit.
 */
export async function moveAccountLink(
  db: AppDb,
  memberId: string,
  id: string,
  step: -1 | 1,
): Promise<void> {
  const all = await liveAccountLinks(db, memberId);
  const row = all.find((r) => r.id === id);
  if (!row) return;
  const sameKind = all.filter((r) => r.kind === row.kind);
  const at = sameKind.indexOf(row);
  const to = at + step;
  if (to < 0 || to >= sameKind.length) return;
  const reordered = [...sameKind];
  reordered.splice(at, 1);
  reordered.splice(to, 0, row);
  // Ordinals are shared by all kinds: the kind's rows take its existing ordinals in new order.
  const slots = sameKind.map((r) => r.ordinal).sort((a, b) => a - b);
  const distinct = new Set(slots).size === slots.length;
  const now = new Date().toISOString();
  for (const [index, item] of reordered.entries()) {
    const ordinal = distinct ? (slots[index] ?? index) : index;
    if (item.ordinal !== ordinal) await putRow(db, { ...item, ordinal, updatedAt: now }, item);
  }
}

/** Soft delete. Offline: gone from this device at once, deleted on the server later. */
export async function deleteAccountLink(db: AppDb, row: AccountLinkRow): Promise<void> {
  const now = new Date().toISOString();
  await queue(db, {
    name: 'accountLink.delete',
    payload: { id: row.id },
    table: 'accountLinks',
    rowId: row.id,
    apply: (tx) => tx.accountLinks.put({ ...row, deletedAt: now, updatedAt: now }),
  });
}

export const accountLinkKinds: readonly AccountLinkKind[] = ['bank', 'link', 'video'];
