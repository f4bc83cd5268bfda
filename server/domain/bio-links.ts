// A member's bio link items (decision 0940): the one write path (bioLink.upsert, bioLink.delete)
// shared by the REST routes and the batch push, what the public page shows, the click counts,
// and the pull source of `bioLinks`.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { bioLinks } from '../db/schema-bio-links';
import { trackingEvents } from '../db/schema';
import { ApiError } from '../http/errors';
import type { MutationHandler, PullSource } from '../sync/registry';
import {
  bioLinkClickAction,
  shownBioLinks,
  type BioLink,
  type BioLinkClicks,
} from '../../contract/bio-link';

type BioLinkRow = typeof bioLinks.$inferSelect;

const isoOrNull = (value: string | null) => (value ? new Date(value).toISOString() : null);

export function bioLinkForClient(row: BioLinkRow): BioLink {
  return {
    id: row.id,
    memberId: row.memberId,
    title: row.title,
    url: row.url,
    kind: row.kind,
    ordinal: row.ordinal,
    enabled: row.enabled,
    showFrom: isoOrNull(row.showFrom),
    showUntil: isoOrNull(row.showUntil),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
    changeSeq: row.changeSeq,
  };
}

/** A row by id: another member's is 403, none is undefined. */
async function rowOf(db: Queryable, memberId: string, id: string): Promise<BioLinkRow | undefined> {
  const [row] = await db.select().from(bioLinks).where(eq(bioLinks.id, id)).for('update');
  if (row && row.memberId !== memberId) throw new ApiError(403, 'forbidden');
  return row;
}

/** The member's live items (on and off), in page order. */
export async function liveBioLinks(db: Queryable, memberId: string): Promise<BioLink[]> {
  const rows = await db
    .select()
    .from(bioLinks)
    .where(and(eq(bioLinks.memberId, memberId), isNull(bioLinks.deletedAt)))
    .orderBy(asc(bioLinks.ordinal), asc(bioLinks.createdAt), asc(bioLinks.id));
  return rows.map(bioLinkForClient);
}

/** What visitors see now: on, live and inside the schedule, in order. */
export async function shownBioLinksOf(
  db: Queryable,
  memberId: string,
  now: Date,
): Promise<BioLink[]> {
  return shownBioLinks(await liveBioLinks(db, memberId), now);
}

/** One item visitors may follow now, if any. */
export async function shownBioLink(
  db: Queryable,
  memberId: string,
  id: string,
  now: Date,
): Promise<BioLink | undefined> {
  const [row] = await db
    .select()
    .from(bioLinks)
    .where(and(eq(bioLinks.id, id), eq(bioLinks.memberId, memberId)))
    .limit(1);
  return row ? shownBioLinks([bioLinkForClient(row)], now)[0] : undefined;
}

/** Clicks of each live item, counted from the tracking events (by the item's address). */
export async function bioLinkClicks(db: Queryable, memberId: string): Promise<BioLinkClicks> {
  const rows = await db
    .select({ id: bioLinks.id, clicks: sql<number>`count(${trackingEvents.id})::int` })
    .from(bioLinks)
    .leftJoin(
      trackingEvents,
      and(
        eq(trackingEvents.memberId, bioLinks.memberId),
        eq(trackingEvents.action, bioLinkClickAction),
        eq(trackingEvents.value, bioLinks.url),
      ),
    )
    .where(and(eq(bioLinks.memberId, memberId), isNull(bioLinks.deletedAt)))
    .groupBy(bioLinks.id);
  return Object.fromEntries(rows.map((row) => [row.id, Number(row.clicks)]));
}

/** Creates an item or replaces it by its client-made id; a deleted item stays deleted (404). */
export const upsertBioLink: MutationHandler<'bioLink.upsert'> = {
  async run(tx, ctx, input) {
    const existing = await rowOf(tx, ctx.memberId, input.id);
    if (existing?.deletedAt) throw new ApiError(404, 'not_found');
    const values = {
      title: input.title,
      url: input.url,
      kind: input.kind,
      ordinal: input.ordinal,
      enabled: input.enabled,
      showFrom: input.showFrom,
      showUntil: input.showUntil,
    };
    const [row] = existing
      ? await tx.update(bioLinks).set(values).where(eq(bioLinks.id, input.id)).returning()
      : await tx
          .insert(bioLinks)
          .values({ id: input.id, memberId: ctx.memberId, ...values })
          .returning();
    if (!row) throw new ApiError(409, 'conflict');
    return bioLinkForClient(row);
  },
};

/** Soft delete; deleting again answers the same tombstone. */
export const deleteBioLink: MutationHandler<'bioLink.delete'> = {
  async run(tx, ctx, input) {
    const row = await rowOf(tx, ctx.memberId, input.id);
    if (!row) throw new ApiError(404, 'not_found');
    if (row.deletedAt !== null) return bioLinkForClient(row);
    const [deleted] = await tx
      .update(bioLinks)
      .set({ deletedAt: ctx.now.toISOString() })
      .where(eq(bioLinks.id, row.id))
      .returning();
    if (!deleted) throw new ApiError(409, 'conflict');
    return bioLinkForClient(deleted);
  },
};

export const bioLinksPullSource: PullSource<'bioLinks'> = {
  entity: 'bioLinks',
  table: bioLinks,
  scope: (memberId) => sql`${bioLinks.memberId} = ${memberId}`,
  toClient: (rows) => Promise.resolve((rows as BioLinkRow[]).map(bioLinkForClient)),
};
