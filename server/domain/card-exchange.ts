// Two-way card exchange (issue 27 item 5, decision 1100): contact.exchange, run by the batch
// push inside runIdempotent's transaction. The visitor (the caller) gets the card in their
// phonebook under the id their device chose; the card's member gets the visitor's card as a
// lead, matched first to a contact they already hold of that member, then by phone, then by
// e-mail (as the import matches, decision 1102), so a second tap or a second device adds
// nothing; the card's member is told once, when the exchange is new to their phonebook.
import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { contacts, members } from '../db/schema';
import { ApiError } from '../http/errors';
import type { MutationContext, MutationHandler } from '../sync/registry';
import { findMember, memberOwner } from './cards';
import { contactForClient, type ContactRow } from './contacts';
import { emitNotification } from './notifications';
import { limitsOf, requireContactRoom } from './fair-use';
import { primaryBrandGroup } from '../auth/session-facts';
import { phoneKey } from '../../contract/phonebook-import';
import {
  cardSnapshotOf,
  contactFieldsOfCard,
  exchangeTime,
  exchangedSource,
  isExchanged,
} from '../../contract/card-exchange';
import { phonebookCardOf } from '../../contract/phonebook-card';
import type { CardSnapshot, LeadSource } from '../../contract/contact';

type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** The member's card as a visitor sees it, kept with the contact (opens offline). */
function snapshotOfMember(row: MemberRow, at: string): CardSnapshot {
  const owner = memberOwner(row);
  return cardSnapshotOf(phonebookCardOf(row.id, owner, row.theme), at);
}

const blank = (value: string | null | undefined) => (value ? value : null);

/** A new contact's columns from a card snapshot (blanks as null). */
function columnsOfCard(snapshot: CardSnapshot) {
  const fields = contactFieldsOfCard(snapshot);
  return {
    name: fields.name,
    phone: blank(fields.phone),
    email: blank(fields.email),
    company: blank(fields.company),
    jobTitle: blank(fields.jobTitle),
    address: blank(fields.address),
  };
}

/** The empty fields of a contact the owner already had, filled from the card; theirs stay. */
function filledBlanks(row: ContactRow, snapshot: CardSnapshot): Partial<ContactRow> {
  const card = columnsOfCard(snapshot);
  const set: Partial<ContactRow> = {};
  for (const field of ['phone', 'email', 'company', 'jobTitle', 'address'] as const) {
    if (row[field] === null && card[field] !== null) set[field] = card[field];
  }
  return set;
}

async function updateContact(
  tx: Transaction,
  id: string,
  set: Partial<ContactRow>,
): Promise<ContactRow> {
  const [row] = await tx.update(contacts).set(set).where(eq(contacts.id, id)).returning();
  if (!row) throw new ApiError(409, 'conflict');
  return row;
}

/**
 * A live contact of `ownerId` matching `where`; of several (a phonebook with duplicates), the
 * first by id, so every server and the sync tests' model pick the same one.
 */
async function liveContactWhere(
  tx: Transaction,
  ownerId: string,
  where: SQL | undefined,
): Promise<ContactRow | undefined> {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.ownerMemberId, ownerId), isNull(contacts.deletedAt), where))
    .orderBy(contacts.id)
    .limit(1)
    .for('update');
  return row;
}

/**
 * The contact the card's member already holds of the visitor: by the visitor's card, else by
 * phone (the one normaliser), else by e-mail (case ignored) among contacts not tied to another
 * member's card.
 */
async function ownersContactOf(
  tx: Transaction,
  ownerId: string,
  visitorId: string,
  visitorCard: CardSnapshot,
): Promise<ContactRow | undefined> {
  const byCard = await liveContactWhere(tx, ownerId, eq(contacts.cardMemberId, visitorId));
  if (byCard) return byCard;
  const notAnotherCard = or(isNull(contacts.cardMemberId), eq(contacts.cardMemberId, visitorId));
  const phone = phoneKey(visitorCard.phone);
  if (phone) {
    // Stored phones spelled any way ("+84 912…", "0912.…"): digits first, then the normaliser.
    const spellings = [phone, phone.startsWith('0') ? `84${phone.slice(1)}` : phone];
    const candidates = await tx
      .select()
      .from(contacts)
      .where(
        and(
          eq(contacts.ownerMemberId, ownerId),
          isNull(contacts.deletedAt),
          notAnotherCard,
          sql`regexp_replace(coalesce(${contacts.phone}, ''), '\\D', '', 'g') IN (${sql.join(
            spellings.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        ),
      )
      .orderBy(contacts.id)
      .for('update');
    const same = candidates.find((row) => phoneKey(row.phone) === phone);
    if (same) return same;
  }
  const email = visitorCard.email?.trim().toLowerCase();
  if (email) {
    const byEmail = await liveContactWhere(
      tx,
      ownerId,
      and(notAnotherCard, sql`lower(trim(${contacts.email})) = ${email}`),
    );
    if (byEmail) return byEmail;
  }
  return undefined;
}

/** Serialises exchanges of one pair of members (two devices, or both sides at once). */
async function lockPair(tx: Transaction, a: string, b: string): Promise<void> {
  const key = `card-exchange|${[a, b].sort().join('|')}`;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
}

/** The visitor's side: the card in their phonebook under the id their device holds. */
async function visitorSide(
  tx: Transaction,
  ctx: MutationContext,
  input: { id: string; cardMemberId: string },
  card: CardSnapshot,
  exchange: { cardMemberId: string; groupId: string | null; at: string },
): Promise<ContactRow> {
  const [same] = await tx.select().from(contacts).where(eq(contacts.id, input.id)).for('update');
  if (same && same.ownerMemberId !== ctx.memberId) throw new ApiError(404, 'not_found');
  const other = await liveContactWhere(
    tx,
    ctx.memberId,
    and(eq(contacts.cardMemberId, input.cardMemberId), ne(contacts.id, input.id)),
  );
  // A tombstone with the card live under another id is this device's copy that lost to
  // another device's (below): tapping again on that device, before it pulled, must not bring
  // the copy back as a second contact of the same card.
  if (same && (same.deletedAt === null || !other)) {
    // The device's contact (deleted meanwhile on another device: the tap brings it back).
    return updateContact(tx, same.id, {
      cardMemberId: input.cardMemberId,
      cardSnapshot: card,
      leadSource: exchangedSource(same.leadSource, exchange),
      deletedAt: null,
      ...filledBlanks(same, card),
    });
  }
  if (other) {
    // Another device saved this card first: that contact stays the one; the device's new id is
    // written as a tombstone, so its pull removes the copy it made.
    if (!same) {
      await tx.insert(contacts).values({
        ...columnsOfCard(card),
        id: input.id,
        ownerMemberId: ctx.memberId,
        cardMemberId: input.cardMemberId,
        deletedAt: ctx.now.toISOString(),
      });
    }
    return updateContact(tx, other.id, {
      cardSnapshot: card,
      leadSource: exchangedSource(other.leadSource, exchange),
      ...filledBlanks(other, card),
    });
  }
  await requireContactRoom(tx, ctx.memberId, 1, ctx.now, limitsOf(ctx));
  const [inserted] = await tx
    .insert(contacts)
    .values({
      ...columnsOfCard(card),
      id: input.id,
      ownerMemberId: ctx.memberId,
      cardMemberId: input.cardMemberId,
      cardSnapshot: card,
      leadSource: exchangedSource(null, exchange),
    })
    .returning();
  if (!inserted) throw new ApiError(409, 'conflict');
  return inserted;
}

/**
 * The card member's side: the visitor's card as a lead, or the contact they already hold of the
 * visitor, tagged with the exchange. Returns that contact and whether the exchange is new to it.
 */
async function ownerSide(
  tx: Transaction,
  ownerId: string,
  visitor: MemberRow,
  leadId: string,
  exchange: { cardMemberId: string; groupId: string | null; at: string },
): Promise<{ id: string; isNew: boolean }> {
  const card = snapshotOfMember(visitor, exchange.at);
  const known = await ownersContactOf(tx, ownerId, visitor.id, card);
  if (known) {
    if (isExchanged(known) && known.cardMemberId === visitor.id) {
      return { id: known.id, isNew: false };
    }
    await updateContact(tx, known.id, {
      cardMemberId: visitor.id,
      cardSnapshot: card,
      leadSource: exchangedSource(known.leadSource, exchange),
      ...filledBlanks(known, card),
    });
    return { id: known.id, isNew: !isExchanged(known) };
  }
  // The lead's id is the device's: one already used (the same entry pushed again under another
  // key after the owner deleted the lead) is not written again.
  const [taken] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(eq(contacts.id, leadId));
  if (taken) return { id: leadId, isNew: false };
  const source: LeadSource = exchangedSource(null, exchange);
  const [inserted] = await tx
    .insert(contacts)
    .values({
      ...columnsOfCard(card),
      id: leadId,
      ownerMemberId: ownerId,
      cardMemberId: visitor.id,
      cardSnapshot: card,
      leadSource: source,
    })
    .returning();
  if (!inserted) throw new ApiError(409, 'conflict');
  return { id: inserted.id, isNew: true };
}

/** The brand or group the card's member works for (owner, admin, seller; any role of a group). */
async function brandOf(tx: Transaction, memberId: string): Promise<string | null> {
  const group = await primaryBrandGroup(tx, memberId);
  if (!group) return null;
  return group.kind === 'group' || group.role !== 'member' ? group.id : null;
}

export const exchangeCards: MutationHandler<'contact.exchange'> = {
  async run(tx, ctx, input) {
    if (input.cardMemberId === ctx.memberId) {
      throw new ApiError(422, 'exchange_self', { cardMemberId: 'exchange_self' });
    }
    const owner = await findMember(tx, input.cardMemberId);
    if (!owner) {
      throw new ApiError(422, 'exchange_not_member', { cardMemberId: 'exchange_not_member' });
    }
    // The id as stored (an id sent in capitals names the same member).
    if (owner.id === ctx.memberId) {
      throw new ApiError(422, 'exchange_self', { cardMemberId: 'exchange_self' });
    }
    const [visitor] = await tx
      .select()
      .from(members)
      .where(and(eq(members.id, ctx.memberId), isNull(members.deletedAt)));
    if (!visitor) throw new ApiError(404, 'not_found');
    await lockPair(tx, ctx.memberId, owner.id);
    const exchange = {
      cardMemberId: owner.id,
      groupId: await brandOf(tx, owner.id),
      at: exchangeTime(input.at, ctx.now),
    };
    // What the visitor's screen showed, else the card as the server has it.
    const card = input.cardSnapshot ?? snapshotOfMember(owner, exchange.at);
    const mine = await visitorSide(
      tx,
      ctx,
      { id: input.id, cardMemberId: owner.id },
      card,
      exchange,
    );
    const theirs = await ownerSide(tx, owner.id, visitor, input.leadId, exchange);
    if (theirs.isNew) {
      await emitNotification(tx, {
        memberId: owner.id,
        kind: 'card_exchange',
        actorMemberId: visitor.id,
        subjectId: theirs.id,
        link: `/action/phonebook?contact=${theirs.id}`,
      });
    }
    return contactForClient(mine);
  },
};
