// The member's bio link items: read from the local mirror, written through the outbox
// (bioLink.upsert / bioLink.delete), click counts fetched when online and kept on the device.
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type AppDb, type BioLinkRow } from '../../db/app-db';
import { queueMutationIn, type QueueMutationInput } from '../../sync/mutate';
import { outboxChanged } from '../../sync/flush-signal';
import { readSession } from '../../api/session-store';
import { apiCall } from '../../api/http-client';
import { bioLinkClicks } from '../../../contract/rest-routes';
import { compareBioLinks, type BioLinkClicks, type BioLinkKind } from '../../../contract/bio-link';
import type { MutationName } from '../../../contract/mutations';

const clicksKey = 'bioLinkClicks';

export interface BioLinkFields {
  title: string;
  url: string;
  kind: BioLinkKind;
  showFrom: string | null;
  showUntil: string | null;
}

async function queue<N extends MutationName>(db: AppDb, input: QueueMutationInput<N>) {
  const session = await readSession();
  const entry = await queueMutationIn(db, input, session?.memberId ?? null);
  outboxChanged();
  return entry;
}

/** The member's live items in page order; undefined while the first read runs. */
export function useBioLinks(memberId: string | undefined): BioLinkRow[] | undefined {
  return useLiveQuery(async () => {
    if (!memberId) return [];
    const rows = await appDb.bioLinks.where('memberId').equals(memberId).toArray();
    return rows.filter((row) => row.deletedAt === null).sort(compareBioLinks);
  }, [memberId]);
}

/** Queues the whole item (last write wins per item) and shows it here at once. */
export async function putBioLink(db: AppDb, row: BioLinkRow): Promise<void> {
  await queue(db, {
    name: 'bioLink.upsert',
    payload: {
      id: row.id,
      title: row.title,
      url: row.url,
      kind: row.kind,
      ordinal: row.ordinal,
      enabled: row.enabled,
      showFrom: row.showFrom,
      showUntil: row.showUntil,
    },
    table: 'bioLinks',
    rowId: row.id,
    apply: (tx) => tx.bioLinks.put(row),
  });
}

/** Creates an item at the end of the list, or edits one. */
export async function saveBioLink(
  db: AppDb,
  memberId: string,
  fields: BioLinkFields,
  existing: BioLinkRow | undefined,
  nextOrdinal: number,
): Promise<string> {
  const now = new Date().toISOString();
  const row: BioLinkRow = {
    id: existing?.id ?? crypto.randomUUID(),
    memberId,
    title: fields.title.trim(),
    url: fields.url.trim(),
    kind: fields.kind,
    ordinal: existing?.ordinal ?? nextOrdinal,
    enabled: existing?.enabled ?? true,
    showFrom: fields.showFrom,
    showUntil: fields.showUntil,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
    deletedAt: null,
    ...(existing?.changeSeq !== undefined ? { changeSeq: existing.changeSeq } : {}),
  };
  await putBioLink(db, row);
  return row.id;
}

/** Turns an item on or off for visitors. */
export async function setBioLinkEnabled(
  db: AppDb,
  row: BioLinkRow,
  enabled: boolean,
): Promise<void> {
  await putBioLink(db, { ...row, enabled, updatedAt: new Date().toISOString() });
}

/**
 * Moves an item one place up or down: the list is renumbered 0…n-1 and only the rows whose
 * ordinal changed are written (each its own entry, so a refused one blocks nothing).
 */
export async function moveBioLink(
  db: AppDb,
  rows: readonly BioLinkRow[],
  index: number,
  step: -1 | 1,
): Promise<void> {
  const target = index + step;
  if (target < 0 || target >= rows.length) return;
  const order = [...rows];
  const [moved] = order.splice(index, 1);
  if (!moved) return;
  order.splice(target, 0, moved);
  const now = new Date().toISOString();
  for (const [ordinal, row] of order.entries()) {
    if (row.ordinal !== ordinal) await putBioLink(db, { ...row, ordinal, updatedAt: now });
  }
}

/** Soft delete. Offline: gone here at once. */
export async function deleteBioLink(db: AppDb, row: BioLinkRow): Promise<void> {
  const now = new Date().toISOString();
  await queue(db, {
    name: 'bioLink.delete',
    payload: { id: row.id },
    table: 'bioLinks',
    rowId: row.id,
    apply: (tx) => tx.bioLinks.put({ ...row, deletedAt: now, updatedAt: now }),
  });
}

/** Clicks per item: the last copy fetched, refreshed when online (the server counts them). */
export function useBioLinkClicks(): BioLinkClicks {
  const stored = useLiveQuery(async () => {
    const row = await appDb.syncState.get(clicksKey);
    return (row?.value as BioLinkClicks | undefined) ?? {};
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    apiCall(bioLinkClicks, { signal: controller.signal })
      .then((clicks) => appDb.syncState.put({ key: clicksKey, value: clicks }))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return stored ?? {};
}
