// Phonebook contacts: the one write path (contact.upsert, contact.delete) shared by the REST
// routes and the batch push, the reads of the routes, and the pull source of `contacts`.
// Edits merge per field (decision 1062).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../db/client';
import { contacts, members } from '../db/schema';
import { ApiError } from '../http/errors';
import type { MutationContext, MutationHandler, PullSource, ShapedPullRow } from '../sync/registry';
import { jsonPullPage } from '../sync/json-pull-page';
import { limitsOf, requireContactRoom } from './fair-use';
import { mergeAndRecord, recordConflict, settleConflictsOf } from './conflicts';
import type { ConflictTarget } from './conflict-target';
import type { FieldValues } from '../../contract/field-merge';
import { NeedsOneByOne } from './points/batch-path';
import type { MutationInput } from '../../contract/mutations';
import {
  contactMergedFields,
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

type UpsertInput = MutationInput<'contact.upsert'>;

/** The merged fields of a stored contact, by field name. */
function storedFields(row: ContactRow): FieldValues {
  return {
    name: row.name,
    phone: row.phone,
    email: row.email,
    company: row.company,
    jobTitle: row.jobTitle,
    address: row.address,
    note: row.note,
  };
}

/**
 * The fields an upsert changes, blanks as null: those its `base` names, or every field when it
 * has none (a new contact, an entry of an older app: all fields changed, no base).
 */
function changedFields(input: UpsertInput): FieldValues {
  const names = input.base
    ? contactMergedFields.filter((field) => Object.hasOwn(input.base ?? {}, field))
    : contactMergedFields;
  const changed: FieldValues = {};
  for (const field of names) {
    if (field === 'name') {
      if (input.name === undefined) {
        throw new ApiError(400, 'validation_failed', { name: 'contact_name_required' });
      }
      changed.name = input.name;
    } else {
      changed[field] = blankToNull(input[field]);
    }
  }
  return changed;
}

/** The contact columns of merged field values (only the fields present). */
function contactColumns(values: FieldValues): Partial<ContactRow> {
  const set: Record<string, unknown> = {};
  for (const field of contactMergedFields) {
    if (!Object.hasOwn(values, field)) continue;
    const value = values[field];
    set[field] = typeof value === 'string' ? value : null;
  }
  if (set.name === null) delete set.name;
  return set;
}

async function checkCard(tx: Queryable, cardMemberId: string | null | undefined): Promise<void> {
  if (!cardMemberId) return;
  const [card] = await tx
    .select({ id: members.id })
    .from(members)
    .where(eq(members.id, cardMemberId));
  if (!card) throw new ApiError(400, 'validation_failed', { cardMemberId: 'not_found' });
}

/**
 * Writes changed fields to a live contact, merged per field against `base` (decision 1062): a
 * field another device wrote since the base is overwritten and its value kept as a conflict.
 */
async function writeContactFields(
  tx: Transaction,
  ctx: MutationContext,
  existing: ContactRow,
  changed: FieldValues,
  base: FieldValues | undefined,
  extra: Partial<ContactRow> = {},
): Promise<ContactRow> {
  const set = await mergeAndRecord(
    tx,
    ctx,
    { entity: 'contacts', rowId: existing.id, label: existing.name },
    storedFields(existing),
    changed,
    base,
  );
  const columns = { ...contactColumns(set), ...extra };
  if (Object.keys(columns).length === 0) return existing;
  const [row] = await tx
    .update(contacts)
    .set(columns)
    .where(eq(contacts.id, existing.id))
    .returning();
  if (!row) throw new ApiError(409, 'conflict');
  return row;
}

/**
 * Creates a contact, or edits one per field (decision 1062). An edit that arrives for a deleted
 * contact is not dropped: it is kept as a conflict of kind `deleted` with its values, and the
 * member chooses to restore the contact with them or let the edit go.
 */
export const upsertContact: MutationHandler<'contact.upsert'> = {
  async run(tx, ctx, input) {
    const [existing] = await tx
      .select()
      .from(contacts)
      .where(eq(contacts.id, input.id))
      .for('update');
    if (existing && existing.ownerMemberId !== ctx.memberId) {
      throw new ApiError(404, 'not_found');
    }
    await checkCard(tx, input.cardMemberId);
    const changed = changedFields(input);
    if (existing && existing.deletedAt !== null) {
      await recordConflict(tx, ctx, {
        entity: 'contacts',
        rowId: existing.id,
        kind: 'deleted',
        label: typeof changed.name === 'string' ? changed.name : existing.name,
        lost: changed,
        written: null,
      });
      return contactForClient(existing);
    }
    if (!existing) await requireContactRoom(tx, ctx.memberId, 1, ctx.now, limitsOf(ctx));
    // An edit without a snapshot keeps the saved card's snapshot.
    const snapshot = input.cardSnapshot !== undefined ? { cardSnapshot: input.cardSnapshot } : {};
    if (existing) {
      // With a base, a card link not sent is kept; without one the whole contact is written.
      const cardMemberId =
        input.base && input.cardMemberId === undefined
          ? {}
          : { cardMemberId: input.cardMemberId ?? null };
      const row = await writeContactFields(tx, ctx, existing, changed, input.base, {
        ...cardMemberId,
        ...snapshot,
      });
      return contactForClient(row);
    }
    if (input.name === undefined) {
      throw new ApiError(400, 'validation_failed', { name: 'contact_name_required' });
    }
    const [row] = await tx
      .insert(contacts)
      .values({
        ...contactValues({ ...input, name: input.name }),
        ...snapshot,
        id: input.id,
        ownerMemberId: ctx.memberId,
      })
      .returning();
    if (!row) throw new ApiError(409, 'conflict');
    return contactForClient(row);
  },

  /**
   * A run of upserts in one multi-row insert … on conflict (decision 0303). Anything `run`
   * would refuse or merge (someone else's or a deleted contact, an unknown card, an edit with a
   * base) or that depends on an earlier entry of the run (the same contact twice) goes back to
   * the one-by-one path.
   */
  async runMany(tx, ctx, inputs) {
    const ids = inputs.map((input) => input.id);
    if (new Set(ids).size !== ids.length) throw new NeedsOneByOne();
    if (inputs.some((input) => input.base !== undefined || input.name === undefined)) {
      throw new NeedsOneByOne();
    }
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
      ...contactValues({ ...input, name: input.name ?? '' }),
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

/** The stored columns of a whole-contact input, blanks as null. */
function contactValues(input: UpsertInput & { name: string }) {
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

/** How conflict.resolve writes a contact's kept values back (decision 1062). */
export const contactConflictTarget: ConflictTarget = {
  async writeFields(tx, ctx, rowId, values, base) {
    const existing = await ownedContact(tx, ctx.memberId, rowId);
    if (existing.deletedAt !== null) return;
    await writeContactFields(tx, ctx, existing, pickContactFields(values), base);
  },
  async restore(tx, ctx, rowId, values) {
    const existing = await ownedContact(tx, ctx.memberId, rowId);
    await writeContactFields(tx, ctx, existing, pickContactFields(values), undefined, {
      deletedAt: null,
    });
  },
};

/** Only contact fields, whatever a stored conflict holds. */
function pickContactFields(values: FieldValues): FieldValues {
  const picked: FieldValues = {};
  for (const field of contactMergedFields) {
    if (Object.hasOwn(values, field)) picked[field] = values[field] ?? null;
  }
  return picked;
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
    await settleConflictsOf(tx, ctx, 'contacts', row.id);
    return contactForClient(deleted);
  },
};

/** A pull page of contacts as contactForClient shapes them, built by the database. */
async function shapedContacts(
  tx: Queryable,
  memberId: string,
  cursor: number,
  limit: number,
): Promise<ShapedPullRow<'contacts'>[]> {
  const rows = await jsonPullPage<ShapedPullRow<'contacts'>>(
    tx,
    {
      object: sql`json_build_object(
        'id', c.id, 'ownerMemberId', c.owner_member_id, 'cardMemberId', c.card_member_id,
        'name', c.name, 'phone', c.phone, 'email', c.email, 'company', c.company,
        'jobTitle', c.job_title, 'address', c.address, 'note', c.note,
        'cardSnapshot', c.card_snapshot, 'leadSource', c.lead_source, 'searchKey', '',
        'createdAt', c.created_at::text, 'updatedAt', c.updated_at::text,
        'deletedAt', c.deleted_at::text, 'changeSeq', c.change_seq)`,
      table: 'contacts',
      ownerColumn: 'owner_member_id',
    },
    memberId,
    cursor,
    limit,
  );
  // The search key in its place among the fields, as contactForClient makes it.
  for (const row of rows) row.searchKey = contactSearchKey(row);
  return rows;
}

export const contactsPullSource: PullSource<'contacts'> = {
  entity: 'contacts',
  table: contacts,
  scope: (memberId) => sql`${contacts.ownerMemberId} = ${memberId}`,
  toClient: (rows) => Promise.resolve((rows as ContactRow[]).map(contactForClient)),
  fetchShaped: shapedContacts,
};
