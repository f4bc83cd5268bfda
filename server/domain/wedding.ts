// Wedding invitations (decision 0720): the one write path (wedding.upsert, run by the REST
// routes and the batch push alike), guests' replies (public, no login), the reads of the
// routes and the pull sources of `weddings` and `weddingGuests` (the owner's devices).
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../db/client';
import { members } from '../db/schema';
import { weddingGuests, weddings } from '../db/schema-wedding';
import { ApiError } from '../http/errors';
import { bankByBin } from '../data/bank-list';
import { emitNotifications } from './notifications';
import type { MutationContext, MutationHandler, PullSource } from '../sync/registry';
import { changedFieldsOf, mergeAndRecord, pickFields } from './conflicts';
import type { ConflictTarget } from './conflict-target';
import type { FieldValues } from '../../contract/field-merge';
import type { MutationInput } from '../../contract/mutations';
import {
  isWeddingGroupField,
  weddingFieldValues,
  weddingGroupOf,
  weddingMergedFields,
  weekdayOf,
  weekdaysVi,
  type Wedding,
  type WeddingBank,
  type WeddingGuest,
  type WeddingMoment,
} from '../../contract/wedding';

type WeddingRow = typeof weddings.$inferSelect;
type GuestRow = typeof weddingGuests.$inferSelect;

export function weddingForClient(row: WeddingRow, theme?: string | null): Wedding {
  return {
    id: row.id,
    memberId: row.memberId,
    type: row.type,
    status: row.status,
    groomsFamily: row.groomsFamily,
    bridesFamily: row.bridesFamily,
    groomsBank: row.groomsBank ?? null,
    bridesBank: row.bridesBank ?? null,
    weddingDay: row.weddingDay,
    weddingPartyDay: row.weddingPartyDay,
    venue: row.venue,
    partyVenue: row.partyVenue,
    message: row.message,
    ...(theme !== undefined ? { theme } : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
    changeSeq: row.changeSeq,
  };
}

export function guestForClient(row: GuestRow): WeddingGuest {
  return {
    id: row.id,
    weddingId: row.weddingId,
    memberId: row.memberId,
    name: row.name,
    phone: row.phone,
    attending: row.attending,
    people: row.people,
    wishes: row.wishes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
    changeSeq: row.changeSeq,
  };
}

/** The bank as stored: the bank's name from the server's list (an unknown BIN is refused). */
function bankOf(
  input: MutationInput<'wedding.upsert'>['groomsBank'],
  field: 'groomsBank' | 'bridesBank',
): WeddingBank | null {
  if (!input) return null;
  const bank = bankByBin(input.bankBin);
  if (!bank) {
    throw new ApiError(400, 'validation_failed', { [`${field}.bankBin`]: 'bank_unknown' });
  }
  return {
    bankBin: bank.bin,
    bankName: bank.shortName,
    ownerName: input.ownerName,
    accountNumber: input.accountNumber,
  };
}

/** The invitation columns of merged field values (only the fields present). */
function weddingColumns(values: FieldValues): Partial<WeddingRow> {
  const set: Record<string, unknown> = {};
  for (const field of weddingMergedFields) {
    if (!Object.hasOwn(values, field)) continue;
    const value = values[field];
    if (!isWeddingGroupField(field)) {
      if (field === 'status') {
        if (value === 'ACTIVE' || value === 'INACTIVE') set.status = value;
      } else set[field] = typeof value === 'string' && value !== '' ? value : null;
      continue;
    }
    const group = weddingGroupOf(value);
    if (field === 'groomsBank' || field === 'bridesBank') {
      set[field] = group
        ? bankOf(
            {
              bankBin: String(group.bankBin ?? ''),
              ownerName: String(group.ownerName ?? ''),
              accountNumber: String(group.accountNumber ?? ''),
            },
            field,
          )
        : null;
    } else if (field === 'weddingDay' || field === 'weddingPartyDay') {
      // A moment is never blank: a value that cannot be read leaves the stored one.
      if (!group) continue;
      const [d, m, y] = [Number(group.d), Number(group.m), Number(group.y)];
      const moment: WeddingMoment = {
        h: String(group.h ?? ''),
        th: weekdaysVi[weekdayOf(d, m, y)] ?? '',
        d,
        m,
        y,
      };
      set[field] = moment;
    } else if (group && typeof group.name === 'string' && group.name !== '') {
      set[field] = group;
    }
  }
  return set;
}

/**
 * Writes changed fields to an invitation, merged per field against `base` (decision 1062): a
 * field another device wrote since the base is overwritten and its value kept as a conflict.
 */
async function writeWeddingFields(
  tx: Queryable,
  ctx: MutationContext,
  existing: WeddingRow,
  changed: FieldValues,
  base: FieldValues | undefined,
): Promise<WeddingRow> {
  const set = await mergeAndRecord(
    tx,
    ctx,
    {
      entity: 'weddings',
      rowId: existing.id,
      label: `${existing.groomsFamily.name} & ${existing.bridesFamily.name}`,
    },
    weddingFieldValues(existing),
    changed,
    base,
  );
  const columns = weddingColumns(set);
  if (Object.keys(columns).length === 0) return existing;
  const [row] = await tx
    .update(weddings)
    .set(columns)
    .where(eq(weddings.id, existing.id))
    .returning();
  if (!row) throw new ApiError(409, 'conflict');
  return row;
}

/**
 * Creates an invitation by its client-made id, or edits one: with a base, only the fields it
 * names, each merged on its own (decision 1062); without one, the whole invitation (the later
 * write wins). Another member's is 403.
 */
export const upsertWedding: MutationHandler<'wedding.upsert'> = {
  async run(tx, ctx, input) {
    const [existing] = await tx
      .select()
      .from(weddings)
      .where(eq(weddings.id, input.id))
      .for('update');
    if (existing && existing.memberId !== ctx.memberId) throw new ApiError(403, 'forbidden');
    if (existing?.deletedAt) throw new ApiError(404, 'not_found');
    if (existing && input.base) {
      const changed = changedFieldsOf(weddingFieldValues(input), input.base);
      return weddingForClient(await writeWeddingFields(tx, ctx, existing, changed, input.base));
    }
    const values = {
      status: input.status,
      groomsFamily: input.groomsFamily,
      bridesFamily: input.bridesFamily,
      groomsBank: bankOf(input.groomsBank, 'groomsBank'),
      bridesBank: bankOf(input.bridesBank, 'bridesBank'),
      weddingDay: input.weddingDay,
      weddingPartyDay: input.weddingPartyDay,
      venue: input.venue || null,
      partyVenue: input.partyVenue || null,
      message: input.message || null,
    };
    const [row] = existing
      ? await tx.update(weddings).set(values).where(eq(weddings.id, input.id)).returning()
      : await tx
          .insert(weddings)
          .values({ id: input.id, memberId: ctx.memberId, ...values })
          .returning();
    if (!row) throw new ApiError(409, 'conflict');
    return weddingForClient(row);
  },
};

/** How conflict.resolve writes an invitation's kept values back (decision 1062). */
export const weddingConflictTarget: ConflictTarget = {
  async writeFields(tx, ctx, rowId, values, base) {
    const existing = await ownedWedding(tx, ctx.memberId, rowId);
    await writeWeddingFields(tx, ctx, existing, pickFields(values, weddingMergedFields), base);
  },
};

/**
 * The invitation a guest sees: live and active, with the owner's card theme. The owner sees an
 * inactive one too (to preview it); anyone else gets 404.
 */
export async function publicWedding(
  db: Queryable,
  id: string,
  viewerId?: string,
): Promise<Wedding | undefined> {
  const [found] = await db
    .select({ wedding: weddings, theme: members.theme })
    .from(weddings)
    .innerJoin(members, eq(members.id, weddings.memberId))
    .where(and(eq(weddings.id, id), sql`${weddings.deletedAt} IS NULL`))
    .limit(1);
  if (!found) return undefined;
  if (found.wedding.status !== 'ACTIVE' && found.wedding.memberId !== viewerId) return undefined;
  return weddingForClient(found.wedding, found.theme);
}

export interface GuestReply {
  id: string;
  weddingId: string;
  name: string;
  phone: string | null;
  attending: boolean;
  people: number;
  wishes: string | null;
}

/**
 * Stores a guest's reply once (a resend with the same id answers the stored one) and tells
 * the owner. Unknown or inactive invitation: 404.
 */
export async function insertGuestReply(
  tx: Transaction,
  reply: GuestReply,
): Promise<{ guest: WeddingGuest; created: boolean }> {
  const wedding = await publicWedding(tx, reply.weddingId);
  if (!wedding) throw new ApiError(404, 'not_found');
  const inserted = await tx
    .insert(weddingGuests)
    .values({ ...reply, memberId: wedding.memberId })
    .onConflictDoNothing({ target: weddingGuests.id })
    .returning();
  const row = inserted[0];
  if (!row) {
    const [same] = await tx.select().from(weddingGuests).where(eq(weddingGuests.id, reply.id));
    // The id of a reply to another invitation cannot be taken over.
    if (!same || same.weddingId !== reply.weddingId) throw new ApiError(409, 'conflict');
    return { guest: guestForClient(same), created: false };
  }
  await emitNotifications(tx, [
    {
      memberId: wedding.memberId,
      kind: 'wedding_rsvp',
      actorName: reply.name,
      subjectId: wedding.id,
      link: `/action/wedding?guests=1`,
    },
  ]);
  return { guest: guestForClient(row), created: true };
}

/** A guest's reply in its own transaction (see `insertGuestReply`). */
export function storeGuestReply(
  db: Database,
  reply: GuestReply,
): Promise<{ guest: WeddingGuest; created: boolean }> {
  return db.transaction((tx) => insertGuestReply(tx, reply));
}

/** A member's own invitations, newest first. */
export async function memberWeddings(db: Queryable, memberId: string): Promise<Wedding[]> {
  const rows = await db
    .select()
    .from(weddings)
    .where(and(eq(weddings.memberId, memberId), isNull(weddings.deletedAt)))
    .orderBy(desc(weddings.createdAt));
  return rows.map((row) => weddingForClient(row));
}

/** The owner's invitation by id (403 for another member's, 404 for none). */
export async function ownedWedding(
  db: Queryable,
  memberId: string,
  id: string,
): Promise<WeddingRow> {
  const [row] = await db.select().from(weddings).where(eq(weddings.id, id));
  if (!row || row.deletedAt) throw new ApiError(404, 'not_found');
  if (row.memberId !== memberId) throw new ApiError(403, 'forbidden');
  return row;
}

export async function guestsOf(db: Queryable, weddingId: string): Promise<WeddingGuest[]> {
  const rows = await db
    .select()
    .from(weddingGuests)
    .where(and(eq(weddingGuests.weddingId, weddingId), sql`${weddingGuests.deletedAt} IS NULL`))
    .orderBy(asc(weddingGuests.createdAt), asc(weddingGuests.id));
  return rows.map(guestForClient);
}

export const weddingsPullSource: PullSource<'weddings'> = {
  entity: 'weddings',
  table: weddings,
  scope: (memberId) => sql`${weddings.memberId} = ${memberId}`,
  toClient: (rows) => Promise.resolve((rows as WeddingRow[]).map((r) => weddingForClient(r))),
};

export const weddingGuestsPullSource: PullSource<'weddingGuests'> = {
  entity: 'weddingGuests',
  table: weddingGuests,
  scope: (memberId) => sql`${weddingGuests.memberId} = ${memberId}`,
  toClient: (rows) => Promise.resolve((rows as GuestRow[]).map(guestForClient)),
};
