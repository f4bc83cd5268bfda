// Short links of a member (decision 0900): the one write path (shortLink.upsert,
// shortLink.delete) shared by the REST routes and the batch push, the redirect's lookup, the
// click counts, and the pull source of `shortLinks`.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { shortLinks } from '../db/schema-short-links';
import { trackingEvents } from '../db/schema';
import { ApiError } from '../http/errors';
import { linkHolder } from '../card-links';
import type { MutationHandler, PullSource } from '../sync/registry';
import {
  shortLinkClickAction,
  shortLinkSlugOf,
  type ShortLink,
  type ShortLinkClicks,
} from '../../contract/short-link';

type ShortLinkRow = typeof shortLinks.$inferSelect;

export function shortLinkForClient(row: ShortLinkRow): ShortLink {
  return {
    id: row.id,
    memberId: row.memberId,
    slug: row.slug,
    target: row.target,
    title: row.title,
    enabled: row.enabled,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
    changeSeq: row.changeSeq,
  };
}

/** A row by id: another member's is 403, none is undefined. */
async function rowOf(
  db: Queryable,
  memberId: string,
  id: string,
): Promise<ShortLinkRow | undefined> {
  const [row] = await db.select().from(shortLinks).where(eq(shortLinks.id, id)).for('update');
  if (row && row.memberId !== memberId) throw new ApiError(403, 'forbidden');
  return row;
}

/** The member's live short links, newest first. */
export async function liveShortLinks(db: Queryable, memberId: string): Promise<ShortLinkRow[]> {
  return db
    .select()
    .from(shortLinks)
    .where(and(eq(shortLinks.memberId, memberId), isNull(shortLinks.deletedAt)))
    .orderBy(sql`${shortLinks.createdAt} DESC`, shortLinks.id);
}

/** The live, enabled short link of a slug, if any (what /smc/{slug} redirects through). */
export async function activeShortLink(
  db: Queryable,
  slug: string,
): Promise<ShortLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(shortLinks)
    .where(
      and(eq(shortLinks.slug, slug), isNull(shortLinks.deletedAt), eq(shortLinks.enabled, true)),
    )
    .limit(1);
  return row;
}

/** Clicks of each of the member's short links, counted from the tracking events. */
export async function shortLinkClicks(db: Queryable, memberId: string): Promise<ShortLinkClicks> {
  const rows = await db
    .select({ id: shortLinks.id, clicks: sql<number>`count(${trackingEvents.id})::int` })
    .from(shortLinks)
    .leftJoin(
      trackingEvents,
      and(
        eq(trackingEvents.memberId, shortLinks.memberId),
        eq(trackingEvents.action, shortLinkClickAction),
        eq(trackingEvents.value, shortLinks.slug),
      ),
    )
    .where(and(eq(shortLinks.memberId, memberId), isNull(shortLinks.deletedAt)))
    .groupBy(shortLinks.id);
  return Object.fromEntries(rows.map((row) => [row.id, Number(row.clicks)]));
}

/** Whether a slug is taken by a short link (live or deleted: slugs are never handed on). */
export async function shortLinkHolds(db: Queryable, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shortLinks.id })
    .from(shortLinks)
    .where(eq(shortLinks.slug, slug))
    .limit(1);
  return Boolean(row);
}

/**
 * Creates a short link or edits its target, title and state by its client-made id. The slug is
 * fixed at creation (printed links must keep their meaning); a slug any card or other short
 * link holds is refused with 409; a target that is one of our short links is a loop (400).
 */
export const upsertShortLink: MutationHandler<'shortLink.upsert'> = {
  async run(tx, ctx, input) {
    const loopSlug = shortLinkSlugOf(input.target);
    if (loopSlug && (await shortLinkHolds(tx, loopSlug))) {
      throw new ApiError(400, 'validation_failed', { target: 'short_link_target_loop' });
    }
    const existing = await rowOf(tx, ctx.memberId, input.id);
    if (existing?.deletedAt) throw new ApiError(404, 'not_found');
    const values = { target: input.target, title: input.title || null, enabled: input.enabled };
    if (existing) {
      if (existing.slug !== input.slug) {
        throw new ApiError(409, 'short_link_slug_fixed', { slug: 'short_link_slug_fixed' });
      }
      const [row] = await tx
        .update(shortLinks)
        .set(values)
        .where(eq(shortLinks.id, input.id))
        .returning();
      if (!row) throw new ApiError(409, 'conflict');
      return shortLinkForClient(row);
    }
    // The same lock as a card's link change: the namespace spans cards and short links.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(804640)`);
    if ((await linkHolder(tx, input.slug)) || (await shortLinkHolds(tx, input.slug))) {
      throw new ApiError(409, 'url_minify_taken', { slug: 'url_minify_taken' });
    }
    const [row] = await tx
      .insert(shortLinks)
      .values({ id: input.id, memberId: ctx.memberId, slug: input.slug, ...values })
      .returning();
    if (!row) throw new ApiError(409, 'conflict');
    return shortLinkForClient(row);
  },
};

/** Soft delete; deleting again answers the same tombstone. */
export const deleteShortLink: MutationHandler<'shortLink.delete'> = {
  async run(tx, ctx, input) {
    const row = await rowOf(tx, ctx.memberId, input.id);
    if (!row) throw new ApiError(404, 'not_found');
    if (row.deletedAt !== null) return shortLinkForClient(row);
    const [deleted] = await tx
      .update(shortLinks)
      .set({ deletedAt: ctx.now.toISOString() })
      .where(eq(shortLinks.id, row.id))
      .returning();
    if (!deleted) throw new ApiError(409, 'conflict');
    return shortLinkForClient(deleted);
  },
};

export const shortLinksPullSource: PullSource<'shortLinks'> = {
  entity: 'shortLinks',
  table: shortLinks,
  scope: (memberId) => sql`${shortLinks.memberId} = ${memberId}`,
  toClient: (rows) => Promise.resolve((rows as ShortLinkRow[]).map(shortLinkForClient)),
};
