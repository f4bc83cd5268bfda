// "Save this card to my phonebook" from any public card: a contact with the card's snapshot,
// so the saved card opens on this device with no network (and on the member's other devices
// after their next pull).
import * as v from 'valibot';
import { appDb, type ContactRow, type SavedCardRow } from '../db/app-db';
import { readSession } from '../api/session-store';
import { queueMutation } from './mutate';
import {
  contactEmailSchema,
  contactPhoneSchema,
  contactSearchKey,
  type CardSnapshot,
  type ContactUpsertInput,
} from '../../contract/contact';

/** What a public card shows that the phonebook keeps. */
export interface PublicCardForPhonebook {
  /** The card's member id. */
  memberId: string;
  urlMinify: string;
  name: string;
  shortName?: string | null;
  intro?: string | null;
  jobTitle?: string | null;
  workplace?: string | null;
  address?: string | null;
  avatarUrl?: string | null;
  bannerUrl?: string | null;
  phone?: string | null;
  otherPhone?: string | null;
  email?: string | null;
  website?: string | null;
  zalo?: string | null;
  theme?: string | null;
  aboutMe?: string | null;
}

/** Saving needs a logged-in member: the phonebook is theirs. */
export class SaveCardNeedsLoginError extends Error {
  constructor() {
    super('login required to save a card');
    this.name = 'SaveCardNeedsLoginError';
  }
}

const cut = (value: string | null | undefined, max: number) =>
  value ? value.trim().slice(0, max) || undefined : undefined;

export function cardSnapshotOf(card: PublicCardForPhonebook, savedAt: string): CardSnapshot {
  const snapshot: CardSnapshot = {
    name: card.name.trim().slice(0, 120),
    urlMinify: card.urlMinify.slice(0, 120),
    savedAt,
  };
  const optional: [keyof CardSnapshot, string | null | undefined, number][] = [
    ['shortName', card.shortName, 60],
    ['intro', card.intro, 300],
    ['jobTitle', card.jobTitle, 120],
    ['workplace', card.workplace, 160],
    ['address', card.address, 300],
    ['avatarUrl', card.avatarUrl, 1000],
    ['bannerUrl', card.bannerUrl, 1000],
    ['phone', card.phone, 24],
    ['otherPhone', card.otherPhone, 24],
    ['email', card.email, 254],
    ['website', card.website, 300],
    ['zalo', card.zalo, 40],
    ['theme', card.theme, 60],
    ['aboutMe', card.aboutMe, 5000],
  ];
  for (const [key, value, max] of optional) {
    const text = cut(value, max);
    if (text) snapshot[key] = text;
  }
  return snapshot;
}

/** A value the contact schema accepts, or nothing (the snapshot still keeps the original). */
function accepted(schema: typeof contactPhoneSchema | typeof contactEmailSchema, value?: string) {
  if (!value) return undefined;
  const result = v.safeParse(schema, value);
  return result.success ? result.output : undefined;
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
  const phone = existing
    ? (existing.phone ?? undefined)
    : accepted(contactPhoneSchema, snapshot.phone);
  const email = existing
    ? (existing.email ?? undefined)
    : accepted(contactEmailSchema, snapshot.email);
  const fields = {
    name: existing?.name ?? snapshot.name,
    phone,
    email,
    company: existing ? (existing.company ?? undefined) : snapshot.workplace,
    jobTitle: existing ? (existing.jobTitle ?? undefined) : snapshot.jobTitle,
    address: existing ? (existing.address ?? undefined) : snapshot.address,
    note: existing?.note ?? undefined,
  };
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
