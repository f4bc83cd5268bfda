// Wedding invitations of the member: read from the local mirror, written through the outbox
// (wedding.upsert); the guests' replies arrive by the pull (decision 0720).
import { useLiveQuery } from 'dexie-react-hooks';
import {
  appDb,
  type AppDb,
  type OutboxEntry,
  type WeddingGuestRow,
  type WeddingRow,
} from '../../db/app-db';
import { fieldEdit } from '../../sync/field-edit';
import { queueMutationIn, type QueueMutationInput } from '../../sync/mutate';
import { outboxChanged } from '../../sync/flush-signal';
import {
  weddingFieldValues,
  weddingMergedFields,
  weekdayOf,
  weekdaysVi,
  type WeddingBank,
  type WeddingMoment,
  type WeddingUpsertInput,
} from '../../../contract/wedding';
import type { BankInfo } from '../../../contract/account-link';
import type { MutationName } from '../../../contract/mutations';

async function queue<N extends MutationName>(
  db: AppDb,
  memberId: string,
  input: QueueMutationInput<N>,
) {
  const entry = await queueMutationIn(db, input, memberId);
  outboxChanged();
  return entry;
}

/** The member's live invitations, newest first; undefined while the first read runs. */
export function useMyWeddings(memberId: string | undefined): WeddingRow[] | undefined {
  return useLiveQuery(async () => {
    if (!memberId) return [];
    const rows = await appDb.weddings.where('memberId').equals(memberId).toArray();
    return rows
      .filter((row) => row.deletedAt === null)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  }, [memberId]);
}

/** The replies to one invitation, oldest first. */
export function useWeddingGuests(weddingId: string | undefined): WeddingGuestRow[] | undefined {
  return useLiveQuery(async () => {
    if (!weddingId) return [];
    const rows = await appDb.weddingGuests.where('weddingId').equals(weddingId).toArray();
    return rows
      .filter((row) => row.deletedAt === null)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }, [weddingId]);
}

/** A moment as the device shows it at once (the server works the weekday out the same way). */
function momentOf(input: WeddingUpsertInput['weddingDay']): WeddingMoment {
  const d = Number(input.d);
  const m = Number(input.m);
  const y = Number(input.y);
  return { h: input.h.trim().toUpperCase(), th: weekdaysVi[weekdayOf(d, m, y)] ?? '', d, m, y };
}

function bankOf(
  input: WeddingUpsertInput['groomsBank'],
  banks: readonly BankInfo[],
): WeddingBank | null {
  if (!input) return null;
  return {
    bankBin: input.bankBin,
    bankName: banks.find((b) => b.bin === input.bankBin)?.shortName ?? '',
    ownerName: input.ownerName.trim(),
    accountNumber: input.accountNumber.trim(),
  };
}

const blank = (value: string | undefined) => value?.trim() || null;

/**
 * Creates or edits an invitation. A new one is sent whole; an edit sends the form whole with a
 * base naming the fields the member changed against the invitation the form was opened on
 * (`existing`), so another device's change of other fields survives and a same-field clash is
 * kept for the member to choose (decision 1062). Offline: shown on this device at once and sent
 * when the network is back (the server refuses a bank it does not know; the device then undoes it).
 */
export async function saveWedding(
  db: AppDb,
  memberId: string,
  payload: WeddingUpsertInput,
  banks: readonly BankInfo[],
  existing?: WeddingRow,
): Promise<OutboxEntry> {
  const now = new Date().toISOString();
  const row: WeddingRow = {
    id: payload.id,
    memberId,
    type: 'WEDDING',
    status: payload.status ?? 'ACTIVE',
    groomsFamily: { ...payload.groomsFamily, name: payload.groomsFamily.name.trim() },
    bridesFamily: { ...payload.bridesFamily, name: payload.bridesFamily.name.trim() },
    groomsBank: bankOf(payload.groomsBank, banks),
    bridesBank: bankOf(payload.bridesBank, banks),
    weddingDay: momentOf(payload.weddingDay),
    weddingPartyDay: momentOf(payload.weddingPartyDay),
    venue: blank(payload.venue),
    partyVenue: blank(payload.partyVenue),
    message: blank(payload.message),
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
    deletedAt: null,
    ...(existing?.changeSeq !== undefined ? { changeSeq: existing.changeSeq } : {}),
  };
  const edit =
    existing && existing.deletedAt === null
      ? fieldEdit(weddingFieldValues(existing), weddingFieldValues(payload), weddingMergedFields)
      : null;
  const changed = edit ? Object.keys(edit.changed) : [];
  return queue(db, memberId, {
    name: 'wedding.upsert',
    payload: edit
      ? { ...payload, base: edit.base as NonNullable<WeddingUpsertInput['base']> }
      : payload,
    table: 'weddings',
    rowId: row.id,
    apply: async (tx) => {
      // An edit writes only its fields: others keep what this device holds now (a pull).
      const current = edit ? await tx.weddings.get(row.id) : undefined;
      if (!current) return void (await tx.weddings.put(row));
      const next: Record<string, unknown> = { ...current, updatedAt: now };
      for (const field of changed) next[field] = row[field as keyof WeddingRow];
      await tx.weddings.put(next as unknown as WeddingRow);
    },
  });
}

/** The payload that saves a mirrored invitation again as it is. */
export function weddingPayloadOf(row: WeddingRow): WeddingUpsertInput {
  const bank = (b: WeddingBank | null) =>
    b ? { bankBin: b.bankBin, ownerName: b.ownerName, accountNumber: b.accountNumber } : null;
  const moment = (m: WeddingMoment) => ({ h: m.h, d: m.d, m: m.m, y: m.y });
  return {
    id: row.id,
    groomsFamily: row.groomsFamily,
    bridesFamily: row.bridesFamily,
    groomsBank: bank(row.groomsBank),
    bridesBank: bank(row.bridesBank),
    weddingDay: moment(row.weddingDay),
    weddingPartyDay: moment(row.weddingPartyDay),
    venue: row.venue ?? '',
    partyVenue: row.partyVenue ?? '',
    message: row.message ?? '',
    status: row.status,
  };
}
