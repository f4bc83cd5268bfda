// Helpers of the batch push's fast path (runMany) of point entries and check-ins.
import { and, inArray, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { checkIns, members, pointEntries } from '../../db/schema';

/**
 * Entries of a booth's run applied in one transaction: a ledger row is small (about 0.4 ms of
 * PGlite's time with its notification and key), so 250 hold the database about as long as 100
 * contacts do, and a reconnecting booth pays a transaction's fixed cost less often.
 */
export const ledgerRunLength = 250;

/** Thrown by a batch path to hand the batch back to the one-by-one path. */
export class NeedsOneByOne extends Error {}

/**
 * Rows as the database stores them, without RETURNING: the columns it would default filled in
 * here. The change sequence number stays 0 as the pushing device has always been answered (it
 * never reads it); `insertedRecords` leaves it to the database.
 */
export function freshRecords<T extends object>(rows: T[], now: Date) {
  const at = now.toISOString();
  return rows.map((r) => ({
    ...r,
    createdAt: at,
    updatedAt: at,
    changeSeq: 0,
    deletedAt: null,
  }));
}

/** The rows to insert: the change sequence number from the column's default (migration 1170). */
export function insertedRecords<T extends { changeSeq: number }>(
  records: T[],
): Omit<T, 'changeSeq'>[] {
  return records.map(({ changeSeq: _numberedByTheDatabase, ...row }) => row);
}

/** Fails the batch unless every id is new and every member exists. */
export async function requireFresh(
  tx: Transaction,
  table: typeof pointEntries | typeof checkIns,
  ids: string[],
  memberIds: string[],
): Promise<void> {
  if (new Set(ids).size !== ids.length) throw new NeedsOneByOne();
  const taken = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  if (taken.length > 0) throw new NeedsOneByOne();
  const wanted = [...new Set(memberIds)];
  const found = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(inArray(members.id, wanted), isNull(members.deletedAt)));
  if (found.length !== wanted.length) throw new NeedsOneByOne();
}
