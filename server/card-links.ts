// Short links of cards (spec: checkUrlMinify, updateUrlMinify for members and brands). Members
// and brands share one namespace; a link a card had before stays that card's and redirects to
// the current one (migration 0640), so printed QR codes keep working. Changes are serialised
// by one transaction-scoped lock, which every server process shares through the database.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from './db/client';
import { groups, members } from './db/schema';
import { urlMinifyHistory } from './db/schema-card-links';
import { shortLinks } from './db/schema-short-links';
import { ApiError } from './http/errors';
import type { UrlMinifyChange, UrlMinifyCheck } from '../contract/card-settings';

export interface LinkOwner {
  kind: 'member' | 'group';
  id: string;
}

/** Who holds a link: as their current link, or as one they had before. */
async function holderOf(
  db: Queryable,
  link: string,
): Promise<(LinkOwner & { current: boolean }) | undefined> {
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.urlMinify, link))
    .limit(1);
  if (member) return { kind: 'member', id: member.id, current: true };
  const [group] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(eq(groups.urlMinify, link))
    .limit(1);
  if (group) return { kind: 'group', id: group.id, current: true };
  const [old] = await db
    .select()
    .from(urlMinifyHistory)
    .where(eq(urlMinifyHistory.urlMinify, link))
    .limit(1);
  if (old?.memberId) return { kind: 'member', id: old.memberId, current: false };
  if (old?.groupId) return { kind: 'group', id: old.groupId, current: false };
  return undefined;
}

/** Who holds a link as a card (current or old); short links are checked on their own. */
export const linkHolder = holderOf;

/** Whether a member's short link (live or deleted) has this slug (decision 0900). */
async function heldByShortLink(db: Queryable, link: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shortLinks.id })
    .from(shortLinks)
    .where(eq(shortLinks.slug, link))
    .limit(1);
  return Boolean(row);
}

const sameOwner = (a: LinkOwner | undefined, b: LinkOwner) => a?.kind === b.kind && a.id === b.id;

/** checkUrlMinify: whether the caller (if any) may take the link. */
export async function checkUrlMinify(
  db: Queryable,
  link: string,
  caller?: LinkOwner,
): Promise<UrlMinifyCheck> {
  const holder = await holderOf(db, link);
  const own = caller ? sameOwner(holder, caller) : false;
  if (!holder && (await heldByShortLink(db, link))) {
    return { urlMinify: link, exists: true, available: false, own: false };
  }
  return { urlMinify: link, exists: Boolean(holder), available: !holder || own, own };
}

/**
 * Gives the owner a new short link. The old one is kept as theirs and redirects; taking back
 * one of their own old links is allowed; a link anyone else holds, now or before, is refused
 * with a field message (409). Runs inside the caller's transaction.
 */
export async function changeUrlMinify(
  tx: Queryable,
  owner: LinkOwner,
  next: string,
): Promise<UrlMinifyChange> {
  // One link change at a time, across every server process (the namespace spans two tables).
  await tx.execute(sql`SELECT pg_advisory_xact_lock(804640)`);
  const table = owner.kind === 'member' ? members : groups;
  const [row] = await tx
    .select({ urlMinify: table.urlMinify })
    .from(table)
    .where(and(eq(table.id, owner.id), isNull(table.deletedAt)));
  if (!row) throw new ApiError(404, 'not_found');
  const previous = row.urlMinify;
  if (previous === next) return { id: owner.id, urlMinify: next, previous };
  const holder = await holderOf(tx, next);
  if ((holder && !sameOwner(holder, owner)) || (!holder && (await heldByShortLink(tx, next)))) {
    throw new ApiError(409, 'url_minify_taken', { urlMinify: 'url_minify_taken' });
  }
  if (holder) await tx.delete(urlMinifyHistory).where(eq(urlMinifyHistory.urlMinify, next));
  await tx.insert(urlMinifyHistory).values({
    urlMinify: previous,
    memberId: owner.kind === 'member' ? owner.id : null,
    groupId: owner.kind === 'group' ? owner.id : null,
  });
  await tx.update(table).set({ urlMinify: next }).where(eq(table.id, owner.id));
  return { id: owner.id, urlMinify: next, previous };
}

/**
 * The current link of the card that once had `link`, for a permanent redirect; undefined when
 * the link was never replaced (or its card is gone). `kind` limits the search to /me or /mbg.
 */
export async function currentLinkFor(
  db: Queryable,
  link: string,
  kind: 'member' | 'group' | 'any',
): Promise<{ kind: 'member' | 'group'; urlMinify: string } | undefined> {
  const [old] = await db
    .select()
    .from(urlMinifyHistory)
    .where(eq(urlMinifyHistory.urlMinify, link))
    .limit(1);
  if (!old) return undefined;
  if (old.memberId && kind !== 'group') {
    const [m] = await db
      .select({ urlMinify: members.urlMinify })
      .from(members)
      .where(
        and(
          eq(members.id, old.memberId),
          isNull(members.deletedAt),
          sql`${members.status} <> 'locked'`,
        ),
      );
    return m ? { kind: 'member', urlMinify: m.urlMinify } : undefined;
  }
  if (old.groupId && kind !== 'member') {
    const [g] = await db
      .select({ urlMinify: groups.urlMinify })
      .from(groups)
      .where(and(eq(groups.id, old.groupId), isNull(groups.deletedAt)));
    return g ? { kind: 'group', urlMinify: g.urlMinify } : undefined;
  }
  return undefined;
}
