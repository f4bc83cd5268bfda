// Printed smart cards (decision 0105): issued with a random id and activation code, bound to
// one member by POST /api/signup; the code is kept as an HMAC.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { members } from '../db/schema';
import { cards } from '../db/schema-auth';
import type { RegisterCardInfo } from '../../contract/auth';
import { hmacCode } from './tokens';

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
