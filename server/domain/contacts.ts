// Phonebook contacts: the one write path (contact.upsert, contact.delete) shared by the REST
// routes and the batch push, the reads of the routes, and the pull source of `contacts`.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { contacts, members } from '../db/schema';
import { ApiError } from '../http/errors';
import type { MutationHandler, PullSource } from '../sync/registry';
import { limitsOf, requireContactRoom } from './fair-use';
import { NeedsOneByOne } from './points/batch-path';
import type { MutationInput } from '../../contract/mutations';
import {
  contactSearchKey,
  type Contact,
  type CardSnapshot,
  type LeadSource,
} from '../../contract/contact';

export type ContactRow = typeof contacts.$inferSelect;

export function contactForClient(row: ContactRow): Contact {
  return {
    id: row.id,
    ownerMemberId: row.ownerMemberId,
    cardMemberId: row.cardMemberId,
    name: row.name,
    phone: row.phone,
    email: row.email,
    company: row.company,
    jobTitle: row.jobTitle,
    address: row.address,
    note: row.note,
    cardSnapshot: (row.cardSnapshot as CardSnapshot | null) ?? null,
    leadSource: row.leadSource ?? null,
    searchKey: contactSearchKey(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
    changeSeq: row.changeSeq,
  };
}

/** A contact of this owner, or 404 (someone else's contact is not told apart from none). */
export async function ownedContact(
  db: Queryable,
  ownerId: string,
  id: string,
): Promise<ContactRow> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  if (!row || row.ownerMemberId !== ownerId) throw new ApiError(404, 'not_found');
  return row;
}

/** Live contacts of a member in name order. */
export async function liveContacts(db: Queryable, ownerId: string): Promise<ContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.ownerMemberId, ownerId), isNull(contacts.deletedAt)))
    .orderBy(contacts.name, contacts.id);
}

/** One page of a member's live contacts in name order (the list call without a filter). */
export async function contactListPage(
  db: Queryable,
  ownerId: string,
  offset: number,
  limit: number,
): Promise<ContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.ownerMemberId, ownerId), isNull(contacts.deletedAt)))
    .orderBy(contacts.name, contacts.id)
    .offset(offset)
    .limit(limit);
}

export async function liveContactCount(db: Queryable, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contacts)
    .where(and(eq(contacts.ownerMemberId, ownerId), isNull(contacts.deletedAt)));
  return Number(row?.n ?? 0);
}

/** Rows per page of an export or a list read: small enough to format between two turns. */
export const contactPageSize = 1000;

/**
 * Live contacts of a member in name order, page after page: each page starts after the last
 * row of the one before (name, id), so no page rereads or skips rows (index contacts_live_name).
 */
export async function* liveContactPages(
  db: Queryable,
  ownerId: string,
  size = contactPageSize,
): AsyncGenerator<ContactRow[]> {
  let after: { name: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(contacts)
      .where(
        and(
          eq(contacts.ownerMemberId, ownerId),
          isNull(contacts.deletedAt),
          after
            ? sql`(${contacts.name}, ${contacts.id}) > (${after.name}, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(contacts.name, contacts.id)
      .limit(size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { name: last.name, id: last.id };
  }
}

const blankToNull = (value: string | undefined | null) =>
  value === undefined || value === null || value === '' ? null : value;

/**
 * Creates or replaces a contact by its client-made id (last write wins per contact). A deleted
 * contact stays deleted: an edit that arrives after a delete is refused with 404.
 */
export const upsertContact: MutationHandler<'contact.upsert'> = {
  async run(tx, ctx, input) {
    const [existing] = await tx
      .select()
      .from(contacts)
      .where(eq(contacts.id, input.id))
      .for('update');
    if (existing && (existing.ownerMemberId !== ctx.memberId || existing.deletedAt !== null)) {
      throw new ApiError(404, 'not_found');
    }
    if (!existing) await requireContactRoom(tx, ctx.memberId, 1, ctx.now, limitsOf(ctx));
    const cardMemberId = input.cardMemberId ?? null;
    if (cardMemberId) {
      const [card] = await tx
        .select({ id: members.id })
        .from(members)
        .where(eq(members.id, cardMemberId));
      if (!card) throw new ApiError(400, 'validation_failed', { cardMemberId: 'not_found' });
    }
    const values = {
      ...contactValues(input),
      // An edit without a snapshot keeps the saved card's snapshot.
      ...(input.cardSnapshot !== undefined ? { cardSnapshot: input.cardSnapshot } : {}),
    };
    const [row] = existing
      ? await tx.update(contacts).set(values).where(eq(contacts.id, input.id)).returning()
      : await tx
          .insert(contacts)
          .values({ id: input.id, ownerMemberId: ctx.memberId, ...values })
          .returning();
    if (!row) throw new ApiError(409, 'conflict');
    return contactForClient(row);
  },

  /**
   * A run of upserts in one multi-row insert … on conflict (decision 0303). Anything `run`
   * would refuse (someone else's or a deleted contact, an unknown card) or that depends on an
   * earlier entry of the run (the same contact twice) goes back to the one-by-one path.
   */
  async runMany(tx, ctx, inputs) {
    const ids = inputs.map((input) => input.id);
    if (new Set(ids).size !== ids.length) throw new NeedsOneByOne();
    const existing = new Map(
      (await tx.select().from(contacts).where(inArray(contacts.id, ids)).for('update')).map(
        (row) => [row.id, row],
      ),
    );
    for (const row of existing.values()) {
      if (row.ownerMemberId !== ctx.memberId || row.deletedAt !== null) throw new NeedsOneByOne();
    }
    await requireContactRoom(tx, ctx.memberId, ids.length - existing.size, ctx.now, limitsOf(ctx));
    const cards = [...new Set(inputs.map((input) => input.cardMemberId ?? null))].filter(
      (id): id is string => id !== null,
    );
    if (cards.length > 0) {
      const found = await tx
        .select({ id: members.id })
        .from(members)
        .where(inArray(members.id, cards));
      if (found.length !== cards.length) throw new NeedsOneByOne();
    }
    const rows = inputs.map((input) => ({
      id: input.id,
      ownerMemberId: ctx.memberId,
      ...contactValues(input),
      // An edit without a snapshot keeps the saved card's snapshot.
      cardSnapshot:
        input.cardSnapshot !== undefined
          ? input.cardSnapshot
          : (existing.get(input.id)?.cardSnapshot ?? null),
    }));
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    const written = await tx
      .insert(contacts)
      .values(rows)
      .onConflictDoUpdate({
        target: contacts.id,
        set: {
          name: excluded('name'),
          phone: excluded('phone'),
          email: excluded('email'),
          company: excluded('company'),
          jobTitle: excluded('job_title'),
          address: excluded('address'),
          note: excluded('note'),
          cardMemberId: excluded('card_member_id'),
          cardSnapshot: excluded('card_snapshot'),
        },
      })
      .returning();
    const byId = new Map(written.map((row) => [row.id, row]));
    return ids.map((id) => {
      const row = byId.get(id);
      if (!row) throw new NeedsOneByOne();
      return contactForClient(row);
    });
  },
};

/** The stored columns of an upsert's input, blanks as null. */
function contactValues(input: MutationInput<'contact.upsert'>) {
  return {
    name: input.name,
    phone: blankToNull(input.phone),
    email: blankToNull(input.email),
    company: blankToNull(input.company),
    jobTitle: blankToNull(input.jobTitle),
    address: blankToNull(input.address),
    note: blankToNull(input.note),
    cardMemberId: input.cardMemberId ?? null,
  };
}

/**
 * A lead in the owner's phonebook, once: the id is the visitor's (client-made), so a replay
 * finds the row already there; a lead for a member's card the owner already holds is not added
 * twice. Returns whether a row was written.
 */
export async function insertLead(
  tx: Queryable,
  lead: {
    id: string;
    ownerMemberId: string;
    cardMemberId: string | null;
    name: string;
    phone: string | null;
    email: string | null;
    company: string | null;
    jobTitle?: string | null;
    note: string | null;
    cardSnapshot?: CardSnapshot | null;
    leadSource: LeadSource;
  },
): Promise<boolean> {
  if (lead.cardMemberId) {
    const [known] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(
          eq(contacts.ownerMemberId, lead.ownerMemberId),
          eq(contacts.cardMemberId, lead.cardMemberId),
          isNull(contacts.deletedAt),
        ),
      )
      .limit(1);
    if (known) return false;
  }
  const written = await tx
    .insert(contacts)
    .values({ ...lead, jobTitle: lead.jobTitle ?? null, cardSnapshot: lead.cardSnapshot ?? null })
    .onConflictDoNothing({ target: contacts.id })
    .returning({ id: contacts.id });
  return written.length > 0;
}

/** Soft delete; deleting again answers the same tombstone. */
export const deleteContact: MutationHandler<'contact.delete'> = {
  async run(tx, ctx, input) {
    const row = await ownedContact(tx, ctx.memberId, input.id);
    if (row.deletedAt !== null) return contactForClient(row);
    const [deleted] = await tx
      .update(contacts)
      .set({ deletedAt: ctx.now.toISOString() })
      .where(eq(contacts.id, row.id))
      .returning();
    if (!deleted) throw new ApiError(409, 'conflict');
    return contactForClient(deleted);
  },
};

export const contactsPullSource: PullSource = {
  entity: 'contacts',
  table: contacts,
  scope: (memberId) => sql`${contacts.ownerMemberId} = ${memberId}`,
  toClient: (rows) =>
    Promise.resolve(
      (rows as ContactRow[]).map(contactForClient) as unknown as Record<string, unknown>[],
    ),
};
