// "Trao đổi thẻ" on another member's card (decision 1100): one outbox entry, contact.exchange.
// The card lands in this member's phonebook on the device at once (and in savedCards, so it
// opens offline); the server puts this member's card in the card owner's phonebook and tells
// them, once, when the entry reaches it — now, or when the network is back.
import type { PublicCardForPhonebook } from '../../contract/phonebook-card';
import {
  appDb,
  type AppDb,
  type ContactRow,
  type OutboxEntry,
  type SavedCardRow,
} from '../db/app-db';
import { readSession } from '../api/session-store';
import { queueMutation, queueMutationIn, type QueueMutationInput } from './mutate';
import { contactSearchKey } from '../../contract/contact';
import {
  cardSnapshotOf,
  contactFieldsOfCard,
  exchangedSource,
  isExchanged,
} from '../../contract/card-exchange';
import { SaveCardNeedsLoginError } from './saved-cards';

/** This member's live contact of a member's card on the device (the first by id), if any. */
export async function contactOfCard(
  db: AppDb,
  me: string,
  cardMemberId: string,
): Promise<ContactRow | undefined> {
  const rows = await db.contacts.where('cardMemberId').equals(cardMemberId).toArray();
  return rows
    .filter((c) => c.ownerMemberId === me && c.deletedAt === null)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0];
}

/** Whether this member and the card's member have exchanged cards, as the device knows it. */
export async function hasExchanged(me: string, cardMemberId: string): Promise<boolean> {
  const contact = await contactOfCard(appDb, me, cardMemberId);
  return contact !== undefined && isExchanged(contact);
}

/** The write of one exchange: the contact on the device and the outbox entry together. */
export async function exchangeWrite(
  db: AppDb,
  me: string,
  card: PublicCardForPhonebook,
  now = new Date().toISOString(),
): Promise<QueueMutationInput<'contact.exchange'>> {
  const snapshot = cardSnapshotOf(card, now);
  const existing = await contactOfCard(db, me, card.memberId);
  const id = existing?.id ?? crypto.randomUUID();
  // The brand the card's member works for is the server's to add.
  const leadSource = exchangedSource(existing?.leadSource, {
    cardMemberId: card.memberId,
    groupId: null,
    at: now,
  });
  const fromCard = contactFieldsOfCard(snapshot);
  const keep = (mine: string | null | undefined, theirs: string | undefined) =>
    mine ?? theirs ?? null;
  const row: ContactRow = {
    id,
    ownerMemberId: me,
    cardMemberId: card.memberId,
    name: existing?.name ?? fromCard.name,
    // A contact already here keeps the member's edits; only its empty fields take the card's.
    phone: keep(existing?.phone, fromCard.phone),
    email: keep(existing?.email, fromCard.email),
    company: keep(existing?.company, fromCard.company),
    jobTitle: keep(existing?.jobTitle, fromCard.jobTitle),
    address: keep(existing?.address, fromCard.address),
    note: existing?.note ?? null,
    cardSnapshot: snapshot,
    leadSource,
    searchKey: '',
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
    deletedAt: null,
    ...(existing?.changeSeq !== undefined ? { changeSeq: existing.changeSeq } : {}),
  };
  row.searchKey = contactSearchKey(row);
  const saved: SavedCardRow = {
    id: card.memberId,
    urlMinify: card.urlMinify,
    card: { ...snapshot },
    savedAt: now,
  };
  return {
    name: 'contact.exchange',
    payload: {
      id,
      cardMemberId: card.memberId,
      leadId: crypto.randomUUID(),
      cardSnapshot: snapshot,
      at: now,
    },
    table: 'contacts',
    rowId: id,
    alsoTables: ['savedCards'],
    apply: async (tx) => {
      await tx.contacts.put(row);
      await tx.savedCards.put(saved);
    },
  };
}

/** Queues an exchange in a given database (tests); the card screen uses exchangeCards. */
export async function exchangeCardsIn(
  db: AppDb,
  me: string,
  card: PublicCardForPhonebook,
): Promise<OutboxEntry> {
  return queueMutationIn(db, await exchangeWrite(db, me, card), me);
}

/**
 * Exchanges cards with the card's member: their card in this member's phonebook now, this
 * member's card in theirs when the entry reaches the server. Returns the contact id.
 */
export async function exchangeCards(card: PublicCardForPhonebook): Promise<string> {
  const session = await readSession();
  if (!session) throw new SaveCardNeedsLoginError();
  const write = await exchangeWrite(appDb, session.memberId, card);
  await queueMutation(write);
  return write.payload.id;
}
