// "Save this card to my phonebook" from any public card: a contact with the card's snapshot,
// so the saved card opens on this device with no network (and on the member's other devices
// after their next pull).
import type { PublicCardForPhonebook } from '../../contract/phonebook-card';
import { appDb, type ContactRow, type SavedCardRow } from '../db/app-db';
import { readSession } from '../api/session-store';
import { queueMutation } from './mutate';
import { contactSearchKey, type ContactUpsertInput } from '../../contract/contact';
import { cardSnapshotOf, contactFieldsOfCard } from '../../contract/card-exchange';

/** Saving needs a logged-in member: the phonebook is theirs. */
export class SaveCardNeedsLoginError extends Error {
  constructor() {
    super('login required to save a card');
    this.name = 'SaveCardNeedsLoginError';
  }
}

/**
 * Saves a public card into the logged-in member's phonebook; saving the same card again
 * refreshes its snapshot and keeps the member's own edits. Offline: saved on this device at
 * once and sent to the server when the network is back. Returns the contact id.
 */
export async function saveCardToPhonebook(
  card: PublicCardForPhonebook,
): Promise<{ contactId: string; created: boolean }> {
  const session = await readSession();
  if (!session) throw new SaveCardNeedsLoginError();
  const ownerId = session.memberId;
  const now = new Date().toISOString();
  const snapshot = cardSnapshotOf(card, now);
  const existing = (
    await appDb.contacts.where('cardMemberId').equals(card.memberId).toArray()
  ).find((c) => c.ownerMemberId === ownerId && c.deletedAt === null);
  const id = existing?.id ?? crypto.randomUUID();
  const fromCard = contactFieldsOfCard(snapshot);
  const fields = existing
    ? {
        name: existing.name,
        phone: existing.phone ?? undefined,
        email: existing.email ?? undefined,
        company: existing.company ?? undefined,
        jobTitle: existing.jobTitle ?? undefined,
        address: existing.address ?? undefined,
        note: existing.note ?? undefined,
      }
    : { ...fromCard, note: undefined };
  const payload: ContactUpsertInput = {
    id,
    ...fields,
    cardMemberId: card.memberId,
    cardSnapshot: snapshot,
  };
  const row: ContactRow = {
    id,
    ownerMemberId: ownerId,
    cardMemberId: card.memberId,
    name: fields.name,
    phone: fields.phone ?? null,
    email: fields.email ?? null,
    company: fields.company ?? null,
    jobTitle: fields.jobTitle ?? null,
    address: fields.address ?? null,
    note: fields.note ?? null,
    cardSnapshot: snapshot,
    // Set by the server only (a lead's or an exchange's source): kept as it is.
    leadSource: existing?.leadSource ?? null,
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
  await queueMutation({
    name: 'contact.upsert',
    payload,
    table: 'contacts',
    rowId: id,
    alsoTables: ['savedCards'],
    apply: async (db) => {
      await db.contacts.put(row);
      await db.savedCards.put(saved);
    },
  });
  return { contactId: id, created: !existing };
}
