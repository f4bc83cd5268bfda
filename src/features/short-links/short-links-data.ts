// The member's short links: read from the local mirror, written through the outbox
// (shortLink.upsert / shortLink.delete), click counts fetched when online and kept on the device.
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type AppDb, type ShortLinkRow } from '../../db/app-db';
import { queueMutationIn, type QueueMutationInput } from '../../sync/mutate';
import { outboxChanged } from '../../sync/flush-signal';
import { readSession } from '../../api/session-store';
import { apiCall } from '../../api/http-client';
import { shortLinkClicks } from '../../../contract/rest-routes';
import type { ShortLinkClicks } from '../../../contract/short-link';
import type { MutationName } from '../../../contract/mutations';

const clicksKey = 'shortLinkClicks';

export interface ShortLinkFields {
  slug: string;
  target: string;
  title?: string | undefined;
}

async function queue<N extends MutationName>(db: AppDb, input: QueueMutationInput<N>) {
  const session = await readSession();
  const entry = await queueMutationIn(db, input, session?.memberId ?? null);
  outboxChanged();
  return entry;
}

/** The member's live links, newest first; undefined while the first read runs. */
export function useShortLinks(memberId: string | undefined): ShortLinkRow[] | undefined {
  return useLiveQuery(async () => {
    if (!memberId) return [];
    const rows = await appDb.shortLinks.where('memberId').equals(memberId).toArray();
    return rows
      .filter((row) => row.deletedAt === null)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  }, [memberId]);
}

async function putLink(db: AppDb, row: ShortLinkRow): Promise<void> {
  await queue(db, {
    name: 'shortLink.upsert',
    payload: {
      id: row.id,
      slug: row.slug,
      target: row.target,
      title: row.title ?? '',
      enabled: row.enabled,
    },
    table: 'shortLinks',
    rowId: row.id,
    apply: (tx) => tx.shortLinks.put(row),
  });
}

/**
 * Creates a link, or edits the target and title of one (its slug stays). Offline: shown here at
 * once and sent later; a slug someone took meanwhile is refused then and the link undone.
 */
export async function saveShortLink(
  db: AppDb,
  memberId: string,
  fields: ShortLinkFields,
  existing?: ShortLinkRow,
): Promise<string> {
  const now = new Date().toISOString();
  const row: ShortLinkRow = {
    id: existing?.id ?? crypto.randomUUID(),
    memberId,
    slug: existing?.slug ?? fields.slug,
    target: fields.target.trim(),
    title: fields.title?.trim() || null,
    enabled: existing?.enabled ?? true,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
    deletedAt: null,
    ...(existing?.changeSeq !== undefined ? { changeSeq: existing.changeSeq } : {}),
  };
  await putLink(db, row);
  return row.id;
}

/** Turns a link on or off (off: /smc/{slug} is not found). Offline: queued like any edit. */
export async function setShortLinkEnabled(
  db: AppDb,
  row: ShortLinkRow,
  enabled: boolean,
): Promise<void> {
  await putLink(db, { ...row, enabled, updatedAt: new Date().toISOString() });
}

/** Soft delete (the slug is never handed to anyone else). Offline: gone here at once. */
export async function deleteShortLink(db: AppDb, row: ShortLinkRow): Promise<void> {
  const now = new Date().toISOString();
  await queue(db, {
    name: 'shortLink.delete',
    payload: { id: row.id },
    table: 'shortLinks',
    rowId: row.id,
    apply: (tx) => tx.shortLinks.put({ ...row, deletedAt: now, updatedAt: now }),
  });
}

/** Clicks per link: the last copy fetched, refreshed when online (the server counts them). */
export function useShortLinkClicks(): ShortLinkClicks {
  const stored = useLiveQuery(async () => {
    const row = await appDb.syncState.get(clicksKey);
    return (row?.value as ShortLinkClicks | undefined) ?? {};
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    apiCall(shortLinkClicks, { signal: controller.signal })
      .then((clicks) => appDb.syncState.put({ key: clicksKey, value: clicks }))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return stored ?? {};
}
