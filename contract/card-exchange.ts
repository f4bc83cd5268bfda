// Two-way card exchange (issue 27 item 5, decision 1100): a logged-in member on another
// member's card taps "Trao đổi thẻ"; the card lands in their phonebook and their own card in
// the card owner's, as a lead tagged with the exchange, and the owner is told. One outbox
// mutation, `contact.exchange`, queued offline like any other write.
import * as v from 'valibot';
import { uuidSchema } from './common';
import type { PublicCardForPhonebook } from './phonebook-card';
import {
  cardSnapshotSchema,
  contactEmailSchema,
  contactPhoneSchema,
  type CardSnapshot,
  type LeadSource,
} from './contact';

/**
 * contact.exchange. `id` is the visitor's contact of the card (the one their device holds, else
 * a new id); `leadId` the id the owner's contact of the visitor gets if it is new (client-made,
 * so every replay and the reference model name the same row). The card snapshot is what the
 * visitor's screen showed; the visitor's own card, for the owner, is read by the server.
 */
export const contactExchangeSchema = v.object({
  id: uuidSchema,
  cardMemberId: uuidSchema,
  leadId: uuidSchema,
  cardSnapshot: v.optional(v.nullable(cardSnapshotSchema)),
  /** When the visitor tapped (their clock); the server keeps it within the last 30 days. */
  at: v.optional(v.pipe(v.string('invalid_date'), v.isoTimestamp('invalid_date'))),
});
export type ContactExchangeInput = v.InferOutput<typeof contactExchangeSchema>;

/** How far back a queued exchange keeps the time it was tapped (else: when it arrived). */
export const exchangeAtMaxAgeDays = 30;

/** The time an exchange is tagged with: the tap's, unless in the future or too old. */
export function exchangeTime(tapped: string | undefined, now: Date): string {
  const at = tapped ? Date.parse(tapped) : Number.NaN;
  const oldest = now.getTime() - exchangeAtMaxAgeDays * 24 * 60 * 60 * 1000;
  return Number.isFinite(at) && at <= now.getTime() && at >= oldest
    ? new Date(at).toISOString()
    : now.toISOString();
}

/** Whether a contact was linked by a card exchange (either side; decision 1100). */
export function isExchanged(contact: { leadSource?: LeadSource | null | undefined }): boolean {
  return typeof contact.leadSource?.exchangedAt === 'string';
}

/**
 * The source an exchange leaves on a contact: a contact with no source takes the exchange's
 * own; one that already came from somewhere (a visitor's form, with its consent) keeps that and
 * gains the exchange's time; one already exchanged stays as it is.
 */
export function exchangedSource(
  current: LeadSource | null | undefined,
  exchange: { cardMemberId: string; groupId: string | null; at: string },
): LeadSource {
  if (current && typeof current.exchangedAt === 'string') return current;
  if (current) return { ...current, exchangedAt: exchange.at };
  return {
    kind: 'exchange',
    cardMemberId: exchange.cardMemberId,
    groupId: exchange.groupId,
    at: exchange.at,
    exchangedAt: exchange.at,
  };
}

const cut = (value: string | null | undefined, max: number) =>
  value ? value.trim().slice(0, max) || undefined : undefined;

/** The snapshot a saved card keeps so it opens with no network. */
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

/** The contact fields a new contact of a saved card starts with (its snapshot's facts). */
export function contactFieldsOfCard(snapshot: CardSnapshot) {
  return {
    name: snapshot.name,
    phone: accepted(contactPhoneSchema, snapshot.phone),
    email: accepted(contactEmailSchema, snapshot.email),
    company: snapshot.workplace,
    jobTitle: snapshot.jobTitle,
    address: snapshot.address,
  };
}
