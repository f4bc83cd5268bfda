// Content data access (posts, products, activities, relics, posters of the member or of a brand
// they run): reads the local mirror, writes through the outbox. An edit is merged per field on
// the server (decision 1062).
import { useLiveQuery } from 'dexie-react-hooks';
import * as v from 'valibot';
import { appDb, type AppDb, type MirroredTables, type OutboxEntry } from '../../db/app-db';
import { readSession } from '../../api/session-store';
import { queueMutationIn } from '../../sync/mutate';
import { outboxChanged } from '../../sync/flush-signal';
import { mutations, type MutationPayload } from '../../../contract/mutations';
import {
  contentColumns,
  contentColumnsOfFields,
  contentFieldValues,
  contentMergedFields,
  type ActivityBankDetails,
  type ContentKind,
} from '../../../contract/content-writes';
import type { ConflictRow } from '../../db/app-db';
import type { ConflictChoice, FieldValues } from '../../../contract/field-merge';
import { fieldEdit, resolveConflict } from '../../sync/field-edit';

export const contentTableOf = {
  post: 'posts',
  product: 'products',
  activity: 'activities',
  relic: 'relics',
  poster: 'posters',
} as const satisfies Record<ContentKind, keyof MirroredTables>;

export type ContentRow<K extends ContentKind> = MirroredTables[(typeof contentTableOf)[K]];
export type AnyContentRow = ContentRow<ContentKind>;
export type ContentPayload<K extends ContentKind> = MutationPayload<`${K}.upsert`>;

/** Whose items a screen manages: the member's own card, or a brand they run. */
export interface ContentOwner {
  memberId: string | null;
  groupId: string | null;
}

/** Kinds whose items the owner orders by hand (spec §3 ordinal number). */
export function isOrdered(kind: ContentKind): kind is 'post' | 'activity' {
  return kind === 'post' || kind === 'activity';
}

function byOrder(a: AnyContentRow, b: AnyContentRow): number {
  const ordinal = (row: AnyContentRow) => ('ordinal' in row ? row.ordinal : 0);
  return (
    ordinal(a) - ordinal(b) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)
  );
}

/** The owner's live items of a kind, in their order; undefined while the first read runs. */
export function useContentItems<K extends ContentKind>(
  kind: K,
  owner: ContentOwner | undefined,
): ContentRow<K>[] | undefined {
  return useLiveQuery(async () => {
    if (!owner) return [];
    const table = appDb.table<AnyContentRow, string>(contentTableOf[kind]);
    const rows = owner.groupId
      ? await table.where('groupId').equals(owner.groupId).toArray()
      : await table
          .where('memberId')
          .equals(owner.memberId ?? '')
          .toArray();
    return rows.filter((row) => row.deletedAt === null).sort(byOrder) as ContentRow<K>[];
  }, [kind, owner?.memberId, owner?.groupId]);
}

export function useContentItem<K extends ContentKind>(
  kind: K,
  id: string | undefined,
): ContentRow<K> | null | undefined {
  return useLiveQuery(async () => {
    if (!id) return null;
    const row = await appDb.table<AnyContentRow, string>(contentTableOf[kind]).get(id);
    return row && row.deletedAt === null ? (row as ContentRow<K>) : null;
  }, [kind, id]);
}

/**
 * Creates or edits an item, in `db` for the member `memberId`. An edit sends the form whole with
 * a base naming the fields the member changed (the values of the row the form was opened on),
 * so another device's edit of other fields survives and a same-field clash is kept for the
 * member to choose (decision 1062). Offline: shown on this device at once and sent when the
 * network is back.
 */
export async function saveContentIn<K extends ContentKind>(
  db: AppDb,
  memberId: string,
  kind: K,
  payload: ContentPayload<K>,
  existing?: ContentRow<K>,
): Promise<OutboxEntry> {
  const name = `${kind}.upsert` as const;
  const parsed = v.safeParse(mutations[name].schema, payload);
  const now = new Date().toISOString();
  const groupId = (payload as { groupId?: string | null }).groupId ?? null;
  const owner: ContentOwner = existing
    ? { memberId: existing.memberId, groupId: existing.groupId }
    : groupId
      ? { memberId: null, groupId }
      : { memberId, groupId: null };
  const columns = parsed.success
    ? (contentColumns[kind] as (input: unknown) => object)(parsed.output)
    : {};
  const id = (payload as { id: string }).id;
  const row = {
    ...existing,
    id,
    ...owner,
    ...columns,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
    deletedAt: null,
  } as unknown as AnyContentRow;
  const table = contentTableOf[kind];
  if (!existing || !parsed.success) {
    return queueMutationIn(
      db,
      {
        name,
        payload: payload,
        table,
        rowId: id,
        apply: (tx) => tx.table<AnyContentRow, string>(table).put(row),
      },
      memberId,
    );
  }
  const edit = fieldEdit(
    contentFieldValues(kind, existing),
    contentFieldValues(kind, columns),
    contentMergedFields[kind] as readonly string[],
  );
  const changed = edit.changed as FieldValues;
  return queueMutationIn(
    db,
    {
      name,
      payload: { ...payload, base: edit.base },
      table,
      rowId: id,
      apply: async (tx) => {
        // Only the changed fields: others keep what this device holds now (a pull meanwhile).
        const rows = tx.table<AnyContentRow, string>(table);
        const current = (await rows.get(id)) ?? existing;
        const details = 'details' in current ? current.details : {};
        await rows.put({
          ...current,
          ...contentColumnsOfFields(kind, changed, details),
          updatedAt: now,
        });
      },
    },
    memberId,
  );
}

/** An item as a restore makes it again when this device no longer holds it. */
function itemAfterConflict(kind: ContentKind) {
  return (kept: Record<string, unknown> | undefined, conflict: ConflictRow) => {
    if (!kept) return undefined;
    // The kept values are texts by field name: back to the row's columns.
    const row = { ...kept };
    for (const field of Object.keys(conflict.lost)) delete row[field];
    const details = (kept.details ?? {}) as ActivityBankDetails;
    return { ...row, ...contentColumnsOfFields(kind, conflict.lost, details), deletedAt: null };
  };
}

/**
 * The member's choice on an item's conflict: keep one of two values, restore an item deleted
 * elsewhere with the edit, or let the edit go. Offline: shown at once, sent when back online.
 */
export async function chooseOnContentConflict(
  kind: ContentKind,
  conflict: ConflictRow,
  choice: ConflictChoice,
): Promise<void> {
  await resolveConflict(conflict, choice, itemAfterConflict(kind));
}

/** Soft delete. Offline: hidden on this device at once, deleted on the server later. */
export async function deleteContentIn(
  db: AppDb,
  memberId: string,
  kind: ContentKind,
  id: string,
): Promise<OutboxEntry> {
  const now = new Date().toISOString();
  const table = contentTableOf[kind];
  return queueMutationIn(
    db,
    {
      name: `${kind}.delete`,
      payload: { id },
      table,
      rowId: id,
      apply: (tx) =>
        tx.table<AnyContentRow, string>(table).update(id, { deletedAt: now, updatedAt: now }),
    },
    memberId,
  );
}

async function currentMemberId(): Promise<string> {
  const session = await readSession();
  if (!session?.memberId) throw new Error('not logged in');
  return session.memberId;
}

/** saveContentIn on the app's database for the logged-in member, then a nudge to the flusher. */
export async function saveContent<K extends ContentKind>(
  kind: K,
  payload: ContentPayload<K>,
  existing?: ContentRow<K>,
): Promise<void> {
  await saveContentIn(appDb, await currentMemberId(), kind, payload, existing);
  outboxChanged();
}

export async function deleteContent(kind: ContentKind, id: string): Promise<void> {
  await deleteContentIn(appDb, await currentMemberId(), kind, id);
  outboxChanged();
}

const text = (value: string | null | undefined) => value ?? '';

/** The upsert payload that writes a mirrored item again as it is (edits start from it). */
export function payloadOfRow<K extends ContentKind>(
  kind: K,
  row: ContentRow<K>,
): ContentPayload<K> {
  const keys = { id: row.id, groupId: row.groupId };
  switch (kind) {
    case 'post': {
      const r = row as ContentRow<'post'>;
      return {
        ...keys,
        type: r.type,
        title: r.title,
        content: r.content,
        startDate: text(r.startDate),
        imageUrl: text(r.imageUrl),
        ordinal: r.ordinal,
        outstanding: r.outstanding,
        policy: r.policy,
      };
    }
    case 'product': {
      const r = row as ContentRow<'product'>;
      return {
        ...keys,
        type: r.type,
        childType: r.childType,
        childCareer: text(r.childCareer),
        title: r.title,
        content: r.content,
        listedPrice: r.listedPrice ?? '',
        price: r.price ?? '',
        quantity: r.quantity ?? '',
        contactUrl: text(r.contactUrl),
        origin: text(r.origin),
        customsCode: text(r.customsCode),
        certificate: text(r.certificate),
        shopType: text(r.shopType),
        shopLink: text(r.shopLink),
        images: r.images,
        outstanding: r.outstanding,
        policy: r.policy,
      };
    }
    case 'activity': {
      const r = row as ContentRow<'activity'>;
      return {
        ...keys,
        type: r.type,
        displayName: r.displayName,
        link: text(r.link),
        content: text(r.content),
        ordinal: r.ordinal,
        policy: r.policy,
        ...r.details,
      } as unknown as ContentPayload<K>;
    }
    case 'relic': {
      const r = row as ContentRow<'relic'>;
      return {
        ...keys,
        title: r.title,
        content: r.content,
        images: r.images,
        policy: r.policy,
      };
    }
    default: {
      const r = row as ContentRow<'poster'>;
      return {
        ...keys,
        viewType: r.viewType,
        startDate: r.startDate,
        endDate: r.endDate,
        enabled: r.enabled,
        images: r.images,
      };
    }
  }
}

/**
 * Moves an item one place up or down: the items take ordinals 1…n in the new order, and each
 * item whose ordinal changes is saved (one outbox entry each).
 */
export async function moveContent(
  kind: 'post' | 'activity',
  items: readonly ContentRow<'post' | 'activity'>[],
  index: number,
  step: -1 | 1,
): Promise<void> {
  const target = index + step;
  if (target < 0 || target >= items.length) return;
  const order = [...items];
  [order[index], order[target]] = [order[target]!, order[index]!];
  for (const [n, row] of order.entries()) {
    if (row.ordinal === n + 1) continue;
    const payload = { ...payloadOfRow(kind, row as never), ordinal: n + 1 };
    await saveContent(kind, payload as never, row as never);
  }
}
