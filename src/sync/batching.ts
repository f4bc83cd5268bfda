// Push batches: many outbox entries per request, bounded by count and size (decision 0203).
import type { OutboxEntry } from '../db/app-db';

export const pushBatchMaxEntries = 200;
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

/** The longest prefix of `entries` (queue order) within the limits; at least one entry. */
export function takeBatch(
  entries: readonly OutboxEntry[],
  maxEntries = pushBatchMaxEntries,
  maxBytes = pushBatchMaxBytes,
): OutboxEntry[] {
  const batch: OutboxEntry[] = [];
  let bytes = 16;
  for (const entry of entries) {
    if (batch.length >= maxEntries) break;
    const size = JSON.stringify(wireEntry(entry)).length + 1;
    if (batch.length > 0 && bytes + size > maxBytes) break;
    batch.push(entry);
    bytes += size;
  }
  return batch;
}

/**
 * The entries that may go now, in queue order: not held under a fair-use limit (decision 1023),
 * nor queued after a held one on the same row (an edit of a message still held waits for it).
 */
export function sendable(entries: readonly OutboxEntry[], now: number): OutboxEntry[] {
  const heldRows = new Set<string>();
  return entries.filter((entry) => {
    const row = `${entry.table}|${entry.rowKey}`;
    if ((entry.notBefore ?? 0) > now) {
      heldRows.add(row);
      return false;
    }
    return !heldRows.has(row);
  });
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
