// Push batches: many outbox entries per request, bounded by count and size (decision 0203).
import type { AppDb, OutboxEntry } from '../db/app-db';
import { maxPushEntries } from '../../contract/sync';

/** The server's most per push: a queue of 10,000 goes in 20 requests, not 50. */
export const pushBatchMaxEntries = maxPushEntries;
/** Stays well under the server's default body limit (1 MiB). */
export const pushBatchMaxBytes = 256 * 1024;

export interface PushWireEntry {
  id: string;
  name: string;
  payload: unknown;
}

export function wireEntry(entry: OutboxEntry): PushWireEntry {
  return { id: entry.id, name: entry.name, payload: entry.payload };
}

/** A push request ready to go: its entries and its JSON body, already written out. */
export interface PreparedPush {
  batch: OutboxEntry[];
  body: string;
}

/**
 * The next batch, the longest prefix of `entries` (queue order) within the limits and at least
 * one entry, with the push's body. Each entry is serialized once, for both its size and the
 * body: made while the previous push travels, the next one goes as soon as its answer is in
 * (serializing 500 entries on the answer's path cost 20–30 ms a push).
 */
export function preparePush(
  entries: readonly OutboxEntry[],
  clientId: string,
  maxEntries = pushBatchMaxEntries,
  maxBytes = pushBatchMaxBytes,
): PreparedPush {
  const batch: OutboxEntry[] = [];
  const texts: string[] = [];
  let bytes = 16;
  for (const entry of entries) {
    if (batch.length >= maxEntries) break;
    const text = JSON.stringify(wireEntry(entry));
    const size = text.length + 1;
    if (batch.length > 0 && bytes + size > maxBytes) break;
    batch.push(entry);
    texts.push(text);
    bytes += size;
  }
  return {
    batch,
    body: `{"mutations":[${texts.join(',')}],"clientId":${JSON.stringify(clientId)}}`,
  };
}

/**
 * A filter of the queue in seq order that keeps what may go now: this member's pending
 * entries, not held under a fair-use limit (decision 1023), nor queued after a held one on the
 * same row (an edit of a message still held waits for it). It remembers the held rows it saw,
 * so it must see the queue in order, once.
 */
export function sendableFilter(memberId: string, now: number): (entry: OutboxEntry) => boolean {
  const heldRows = new Set<string>();
  return (entry) => {
    if (entry.state !== 'pending') return false;
    if (entry.memberId !== null && entry.memberId !== memberId) return false;
    const row = `${entry.table}|${entry.rowKey}`;
    if ((entry.notBefore ?? 0) > now) {
      heldRows.add(row);
      return false;
    }
    return !heldRows.has(row);
  };
}

/** When the first held entry may go (epoch ms), if any is held. */
export function firstHeldUntil(entries: readonly OutboxEntry[], now: number): number | undefined {
  let first: number | undefined;
  for (const entry of entries) {
    const at = entry.notBefore ?? 0;
    if (at > now && (first === undefined || at < first)) first = at;
  }
  return first;
}

/**
 * This member's next entries that may go now, in queue order, at most `max`; `skip`: entries
 * already on their way (id → seq). The queue is read in chunks (one request each), not entry by
 * entry: a cursor over 10,000 entries cost the flush seconds. A chunk's ids come first, and only
 * the entries not on their way are read whole: while a batch travels and the last one is
 * written off, they are the first 1,000 of the queue.
 */
export async function nextSendable(
  db: AppDb,
  memberId: string,
  now: number,
  max: number,
  skip: ReadonlyMap<string, number> = new Map(),
): Promise<OutboxEntry[]> {
  // One read-only transaction, made now: it runs before any write queued after this call.
  return db.transaction('r', db.outbox, async () => {
    const sendable = sendableFilter(memberId, now);
    const chunk = Math.max(max + skip.size, 100);
    const picked: OutboxEntry[] = [];
    let after: number | undefined;
    for (;;) {
      const ids = await (
        after === undefined ? db.outbox.orderBy('seq') : db.outbox.where('seq').above(after)
      )
        .limit(chunk)
        .primaryKeys();
      const entries = await readOutboxEntries(
        db,
        ids.filter((id) => !skip.has(id)),
      );
      for (const entry of entries) {
        if (!entry) continue;
        after = Math.max(after ?? 0, entry.seq);
        if (!sendable(entry)) continue;
        picked.push(entry);
        if (picked.length >= max) return picked;
      }
      if (ids.length < chunk) return picked;
      for (const id of ids) after = Math.max(after ?? 0, skip.get(id) ?? 0);
    }
  });
}

/**
 * Others a key range of the outbox may hold before reading it whole costs more than reading
 * entry by entry (here, and settling a batch's rows in local-apply.ts).
 */
export const outboxRangeSlack = 50;

/**
 * The entries of `ids`, in that order. Outbox ids grow with the queue (time-ordered-id.ts), so the
 * entries next in line are usually every entry between the least and the greatest of their ids:
 * one request reads them, where reading them by key asks once per entry (100–150 ms for 500
 * between two pushes). A range holding many others (ids made before they grew) is read by key.
 */
export async function readOutboxEntries(
  db: AppDb,
  ids: readonly string[],
): Promise<(OutboxEntry | undefined)[]> {
  if (ids.length < 2) return db.outbox.bulkGet([...ids]);
  const sorted = [...ids].sort();
  const inRange = await db.outbox
    .where(':id')
    .between(sorted[0]!, sorted.at(-1)!, true, true)
    .limit(ids.length + outboxRangeSlack)
    .toArray();
  if (inRange.length >= ids.length + outboxRangeSlack) return db.outbox.bulkGet([...ids]);
  const byId = new Map(inRange.map((entry) => [entry.id, entry]));
  return ids.map((id) => byId.get(id));
}
