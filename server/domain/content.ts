// A member's or a brand's content (posts, products, activities, relics, posters): the one write
// path of each kind (`<kind>.upsert`, `<kind>.delete`) shared by the spec's REST routes and the
// batch push, and the pull sources that mirror the owner's items (tombstones included) on their
// devices. Only the member who owns an item, or an admin of the brand that owns it, may write.
// Edits merge per field (decision 1062).
import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { PosterViewType } from '../../contract/content';
import type { Queryable, Transaction } from '../db/client';
import { activities, groups, posters, posts, products, relics } from '../db/schema';
import { contentFieldWriters } from '../db/schema-conflicts';
import { ApiError } from '../http/errors';
import { relationTo, type ItemOwner } from '../visibility';
import type { MutationContext, MutationHandler, PullSource } from '../sync/registry';
import type { MutationInput, MutationName } from '../../contract/mutations';
import type { PulledEntityName, PulledRows } from '../../contract/entities';
import { canEnablePoster, vietnamToday } from '../../contract/content';
import {
  contentColumns,
  contentColumnsOfFields,
  contentFieldValues,
  contentMergedFields,
  type ActivityBankDetails,
  type ContentKind,
} from '../../contract/content-writes';
import type { FieldValues } from '../../contract/field-merge';
import { parseImageUrl } from '../../contract/image';
import { findUpload } from '../images/image-store';
import { activeMembershipSql } from './membership';
import {
  changedFieldsOf,
  mergeAndRecord,
  pickFields,
  recordConflict,
  settleConflictsOf,
} from './conflicts';
import type { ConflictTarget } from './conflict-target';

type ItemTable =
  typeof posts | typeof products | typeof activities | typeof relics | typeof posters;

export const contentTables: Record<ContentKind, ItemTable> = {
  post: posts,
  product: products,
  activity: activities,
  relic: relics,
  poster: posters,
};

/** The item with this id of any owner, locked for the write; undefined when there is none. */
async function lockedItem(tx: Transaction, kind: ContentKind, id: string) {
  const table = contentTables[kind] as typeof posts;
  const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
  return row;
}

/** Refuses (403) unless the member is the owner, or an admin of the owning brand. */
export async function requireContentWriter(
  db: Queryable,
  memberId: string,
  owner: ItemOwner,
): Promise<void> {
  if ((await relationTo(db, memberId, owner)) !== 'owner') throw new ApiError(403, 'forbidden');
}

/** The brand/group an item is created for must exist (404) and be run by the writer (403). */
async function requireLiveGroup(db: Queryable, groupId: string): Promise<void> {
  const [group] = await db
    .select({ id: groups.id, deletedAt: groups.deletedAt })
    .from(groups)
    .where(eq(groups.id, groupId));
  if (!group || group.deletedAt !== null) throw new ApiError(404, 'not_found');
}

const sameOwner = (a: ItemOwner, b: ItemOwner) =>
  (a.memberId ?? null) === (b.memberId ?? null) && (a.groupId ?? null) === (b.groupId ?? null);

/** Spec §4: an expired poster cannot be switched on. */
function checkPoster(input: MutationInput<'poster.upsert'>, ctx: MutationContext): void {
  if (input.enabled && !canEnablePoster(input.endDate, vietnamToday(ctx.now))) {
    throw new ApiError(400, 'validation_failed', { enabled: 'poster_expired' });
  }
}

/**
 * Every uploaded-picture address (`/img/…`) of the item must name a stored upload: a picture
 * refused on upload, or never sent, must not leave the item pointing at nothing (decision
 * 0672). Other addresses (older items' links) are kept as they are.
 */
async function requireUploadedImages(tx: Transaction, input: object): Promise<void> {
  const fields: [string, unknown][] = [
    ['imageUrl', (input as { imageUrl?: unknown }).imageUrl],
    ['images', (input as { images?: unknown }).images],
  ];
  for (const [field, value] of fields) {
    const urls = Array.isArray(value) ? value : [value];
    for (const url of urls) {
      if (typeof url !== 'string') continue;
      const parsed = parseImageUrl(url);
      if (parsed && !(await findUpload(tx, parsed.uploadId))) {
        throw new ApiError(422, 'image_not_uploaded', { [field]: 'image_not_uploaded' });
      }
    }
  }
}

/** The conflicts' entity of each kind: its Dexie table (decision 1062). */
const conflictEntityOf = {
  post: 'posts',
  product: 'products',
  activity: 'activities',
  relic: 'relics',
  poster: 'posters',
} as const satisfies Record<ContentKind, PulledEntityName>;

type ItemRow = Record<string, unknown> & { id: string; deletedAt: string | null };

/** What names an item in a conflict banner when it is gone: its title or display name. */
function itemLabel(values: Record<string, unknown>): string {
  const label = values.title ?? values.displayName ?? values.startDate ?? '';
  return typeof label === 'string' ? label : '';
}

/** Who last wrote each merged field of a brand's item (none recorded: an older item). */
async function fieldWriters(
  tx: Transaction,
  entity: PulledEntityName,
  rowId: string,
): Promise<Record<string, string>> {
  const [row] = await tx
    .select({ writers: contentFieldWriters.writers })
    .from(contentFieldWriters)
    .where(and(eq(contentFieldWriters.entity, entity), eq(contentFieldWriters.rowId, rowId)));
  return row?.writers ?? {};
}

/** The writer of this write now holds these fields of a brand's item. */
async function noteFieldWriters(
  tx: Transaction,
  ctx: MutationContext,
  entity: PulledEntityName,
  rowId: string,
  fields: readonly string[],
): Promise<void> {
  if (fields.length === 0) return;
  const mine = Object.fromEntries(fields.map((field) => [field, ctx.memberId]));
  await tx
    .insert(contentFieldWriters)
    .values({ entity, rowId, writers: mine })
    .onConflictDoUpdate({
      target: [contentFieldWriters.entity, contentFieldWriters.rowId],
      set: { writers: sql`${contentFieldWriters.writers} || ${JSON.stringify(mine)}::jsonb` },
    });
}

/**
 * Writes changed fields to a live item, merged per field against `base` (decision 1062): a
 * field another device wrote since the base is overwritten and its value kept as a conflict.
 */
async function writeItemFields(
  tx: Transaction,
  ctx: MutationContext,
  kind: ContentKind,
  existing: ItemRow,
  changed: FieldValues,
  base: FieldValues | undefined,
  extra: Record<string, unknown> = {},
): Promise<ItemRow> {
  const entity = conflictEntityOf[kind];
  // A brand's item is edited by several admins: a replaced value goes back to whoever wrote it.
  const writers = existing.groupId ? await fieldWriters(tx, entity, existing.id) : undefined;
  const set = await mergeAndRecord(
    tx,
    ctx,
    { entity, rowId: existing.id, label: itemLabel(existing) },
    contentFieldValues(kind, existing),
    changed,
    base,
    (field) => writers?.[field],
  );
  if (writers) await noteFieldWriters(tx, ctx, entity, existing.id, Object.keys(set));
  const held = (existing.details ?? {}) as ActivityBankDetails;
  const columns = { ...contentColumnsOfFields(kind, set, held), ...extra };
  if (Object.keys(columns).length === 0) return existing;
  const table = contentTables[kind] as typeof posts;
  const [row] = await tx
    .update(table)
    .set(columns as never)
    .where(eq(table.id, existing.id))
    .returning();
  if (!row) throw new ApiError(409, 'conflict');
  return row;
}

/**
 * Creates the item with this client-made id, or edits an existing one per field (decision
 * 1062): with a base only the fields it names are written; without one (an older app, the REST
 * routes) every field, the later write wins. The owner is fixed at creation: the member, or the
 * brand named by groupId. Someone else's item: 403. An edit with a base that arrives for a
 * deleted item is kept as a conflict of kind `deleted` (restore with it, or let it go); the item
 * stays deleted. A whole-row write of a deleted item: 404.
 */
function upsertHandler<K extends ContentKind>(kind: K): MutationHandler<`${K}.upsert`> {
  return {
    async run(tx, ctx, input) {
      const fields = input;
      const wanted: ItemOwner = fields.groupId
        ? { memberId: null, groupId: fields.groupId }
        : { memberId: ctx.memberId, groupId: null };
      const existing = await lockedItem(tx, kind, fields.id);
      if (existing) {
        await requireContentWriter(tx, ctx.memberId, existing);
        if (!sameOwner(existing, wanted)) throw new ApiError(409, 'conflict');
      } else {
        if (wanted.groupId) await requireLiveGroup(tx, wanted.groupId);
        await requireContentWriter(tx, ctx.memberId, wanted);
      }
      const columns = (contentColumns[kind] as (i: typeof fields) => object)(fields);
      const base = (fields as { base?: FieldValues }).base;
      const changed = changedFieldsOf(contentFieldValues(kind, columns), base);
      if (existing && existing.deletedAt !== null) {
        // A whole-row write (REST, an older app) of a deleted item is refused as before.
        if (!base) throw new ApiError(404, 'not_found');
        await recordConflict(tx, ctx, {
          entity: conflictEntityOf[kind],
          rowId: existing.id,
          kind: 'deleted',
          label: itemLabel(columns as Record<string, unknown>),
          lost: changed,
          written: null,
        });
        return existing as never;
      }
      if (kind === 'poster') checkPoster(fields as MutationInput<'poster.upsert'>, ctx);
      await requireUploadedImages(tx, fields);
      if (existing) {
        return (await writeItemFields(tx, ctx, kind, existing, changed, base)) as never;
      }
      const table = contentTables[kind] as typeof posts;
      const [row] = await tx
        .insert(table)
        .values({ id: fields.id, ...wanted, ...columns } as never)
        .returning();
      if (!row) throw new ApiError(409, 'conflict');
      if (wanted.groupId) {
        const fieldsWritten = Object.keys(contentFieldValues(kind, columns));
        await noteFieldWriters(tx, ctx, conflictEntityOf[kind], row.id, fieldsWritten);
      }
      return row as never;
    },
  };
}

/** How conflict.resolve writes an item's kept values back, or restores it (decision 1062). */
function contentConflictTarget(kind: ContentKind): ConflictTarget {
  const fieldsOf = (values: FieldValues) => pickFields(values, contentMergedFields[kind]);
  const ownedItem = async (tx: Transaction, memberId: string, rowId: string) => {
    const existing = await lockedItem(tx, kind, rowId);
    if (!existing) throw new ApiError(404, 'not_found');
    await requireContentWriter(tx, memberId, existing);
    return existing as unknown as ItemRow;
  };
  return {
    async writeFields(tx, ctx, rowId, values, base) {
      const existing = await ownedItem(tx, ctx.memberId, rowId);
      if (existing.deletedAt !== null) return;
      await writeItemFields(tx, ctx, kind, existing, fieldsOf(values), base);
    },
    async restore(tx, ctx, rowId, values) {
      const existing = await ownedItem(tx, ctx.memberId, rowId);
      await writeItemFields(tx, ctx, kind, existing, fieldsOf(values), undefined, {
        deletedAt: null,
      });
    },
  };
}

export const postConflictTarget = contentConflictTarget('post');
export const productConflictTarget = contentConflictTarget('product');
export const activityConflictTarget = contentConflictTarget('activity');
export const relicConflictTarget = contentConflictTarget('relic');
export const posterConflictTarget = contentConflictTarget('poster');

/** Soft delete (spec: a PUT to a delete path); deleting again answers the same tombstone. */
function deleteHandler<K extends ContentKind>(kind: K): MutationHandler<`${K}.delete`> {
  return {
    async run(tx, ctx, input) {
      const existing = await lockedItem(tx, kind, input.id);
      if (!existing) throw new ApiError(404, 'not_found');
      await requireContentWriter(tx, ctx.memberId, existing);
      if (existing.deletedAt !== null) return existing as never;
      const table = contentTables[kind] as typeof posts;
      const [row] = await tx
        .update(table)
        .set({ deletedAt: ctx.now.toISOString() })
        .where(eq(table.id, input.id))
        .returning();
      if (!row) throw new ApiError(409, 'conflict');
      await settleConflictsOf(tx, ctx, conflictEntityOf[kind], input.id);
      return row as never;
    },
  };
}

export const contentHandlers = {
  'post.upsert': upsertHandler('post'),
  'post.delete': deleteHandler('post'),
  'product.upsert': upsertHandler('product'),
  'product.delete': deleteHandler('product'),
  'activity.upsert': upsertHandler('activity'),
  'activity.delete': deleteHandler('activity'),
  'relic.upsert': upsertHandler('relic'),
  'relic.delete': deleteHandler('relic'),
  'poster.upsert': upsertHandler('poster'),
  'poster.delete': deleteHandler('poster'),
} satisfies { [N in `${ContentKind}.${'upsert' | 'delete'}` & MutationName]: MutationHandler<N> };

/** The owner of an existing item of this kind (tombstones too), or undefined. */
export async function contentOwner(
  db: Queryable,
  kind: ContentKind,
  id: string,
): Promise<(ItemOwner & { deletedAt: string | null }) | undefined> {
  const table = contentTables[kind] as typeof posts;
  const [row] = await db
    .select({ memberId: table.memberId, groupId: table.groupId, deletedAt: table.deletedAt })
    .from(table)
    .where(eq(table.id, id));
  return row;
}

/** Dexie table names of each kind's mirror. */
const contentEntities = {
  post: 'posts',
  product: 'products',
  activity: 'activities',
  relic: 'relics',
  poster: 'posters',
} as const satisfies Record<ContentKind, PulledEntityName>;

type ContentEntity<K extends ContentKind> = (typeof contentEntities)[K];

/**
 * The member's own items and those of the brands they run (owner or active admin). A member
 * made admin later gets the brand's older items with the next full resync (decision 0650).
 */
function contentPullSource<K extends ContentKind>(kind: K): PullSource<ContentEntity<K>> {
  const table = contentTables[kind] as typeof posts;
  return {
    entity: contentEntities[kind],
    table,
    scope: (memberId) =>
      sql`(${table.memberId} = ${memberId} OR ${table.groupId} IN (
        SELECT id FROM groups WHERE owner_member_id = ${memberId}
        UNION SELECT group_id FROM group_members WHERE member_id = ${memberId}
          AND role = 'admin' AND ${activeMembershipSql('group_members')}))`,
    // The selected row is the client's row (contract/content-writes.ts contentColumns); the
    // kind is generic here, so its record type is named by a cast.
    toClient: (rows) => Promise.resolve(rows as unknown as PulledRows[ContentEntity<K>][]),
  };
}

export const postsPullSource = contentPullSource('post');
export const productsPullSource = contentPullSource('product');
export const activitiesPullSource = contentPullSource('activity');
export const relicsPullSource = contentPullSource('relic');
export const postersPullSource = contentPullSource('poster');

/**
 * The live posters of a member or a brand: all of them to the owner's side; to anyone else
 * only the enabled ones showing `today`.
 */
export function ownerPosters(
  db: Queryable,
  owner: { memberId: string; groupId: null } | { memberId: null; groupId: string },
  options: { posterType: PosterViewType | undefined; everything: boolean; today: string },
) {
  const { posterType, everything, today } = options;
  return db
    .select()
    .from(posters)
    .where(
      and(
        owner.groupId !== null
          ? eq(posters.groupId, owner.groupId)
          : eq(posters.memberId, owner.memberId),
        isNull(posters.deletedAt),
        posterType ? eq(posters.viewType, posterType) : undefined,
        everything
          ? undefined
          : and(
              eq(posters.enabled, true),
              lte(posters.startDate, today),
              gte(posters.endDate, today),
            ),
      ),
    )
    .orderBy(asc(posters.startDate), asc(posters.id));
}
