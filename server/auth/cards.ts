// Printed smart cards (decision 0105): issued with a random id and activation code, bound to
// one member by POST /api/signup; the code is kept as an HMAC.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { members } from '../db/schema';
import { cards } from '../db/schema-auth';
import type { RegisterCardInfo } from '../../contract/auth';
import { hmacCode, sameText } from './tokens';

/** Wrong codes allowed per card before it must be unlocked by support. */
export const cardMaxFailedAttempts = 10;

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function randomCode(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export function activationHash(secret: string, cardId: string, code: string): string {
  return hmacCode(secret, `card:${cardId}`, code.trim().toUpperCase());
}

/** Issues `count` cards and returns their ids and activation codes (printed on the card). */
export async function issueCards(
  db: Queryable,
  secret: string,
  count: number,
): Promise<{ id: string; activationCode: string }[]> {
  const issued = Array.from({ length: count }, () => ({
    id: randomCode(10),
    activationCode: randomCode(8),
  }));
  if (issued.length > 0) {
    await db.insert(cards).values(
      issued.map((c) => ({
        id: c.id,
        activationCodeHash: activationHash(secret, c.id, c.activationCode),
      })),
    );
  }
  return issued;
}

export async function cardInfo(db: Queryable, cardId: string): Promise<RegisterCardInfo | null> {
  const [row] = await db
    .select({
      card: cards,
      member: { id: members.id, name: members.name, urlMinify: members.urlMinify },
    })
    .from(cards)
    .leftJoin(members, eq(members.id, cards.memberId))
    .where(eq(cards.id, cardId));
  if (!row) return null;
  return {
    id: row.card.id,
    status: row.card.memberId ? 'active' : 'unassigned',
    member: row.card.memberId && row.member ? row.member : null,
    activatedAt: row.card.activatedAt,
  };
}

export type CardActivation =
  'ok' | 'card_not_found' | 'card_already_active' | 'rate_limited' | 'activation_code_invalid';

/**
 * Binds a card to the member when the printed code matches (POST /signup). A wrong code counts
 * against the card; after `cardMaxFailedAttempts` the card refuses every code.
 */
export async function activateCard(
  db: Database,
  secret: string,
  request: { cardId: string; activationCode: string; memberId: string; now: Date },
): Promise<CardActivation> {
  const { cardId, memberId, now } = request;
  return db.transaction(async (tx) => {
    const [card] = await tx.select().from(cards).where(eq(cards.id, cardId)).for('update');
    if (!card) return 'card_not_found';
    if (card.memberId) return 'card_already_active';
    if (card.failedAttempts >= cardMaxFailedAttempts) return 'rate_limited';
    if (
      !sameText(activationHash(secret, cardId, request.activationCode), card.activationCodeHash)
    ) {
      await tx
        .update(cards)
        .set({ failedAttempts: card.failedAttempts + 1 })
        .where(eq(cards.id, cardId));
      return 'activation_code_invalid';
    }
    await tx
      .update(cards)
      .set({ memberId, activatedAt: now.toISOString() })
      .where(eq(cards.id, cardId));
    return 'ok';
  });
}

/** Whether a short link or a card id is taken (never e-mails or phones: no enumeration). */
export async function linkOrCardExists(db: Queryable, id: string): Promise<boolean> {
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(sql`lower(${members.urlMinify})`, id.toLowerCase()), isNull(members.deletedAt)))
    .limit(1);
  if (member) return true;
  const [card] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(eq(cards.id, id.toUpperCase()))
    .limit(1);
  return Boolean(card);
}
