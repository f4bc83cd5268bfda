// The local side of sync, each step one Dexie transaction: push answers (drop applied entries,
// mark refused ones and undo their optimistic change), pulled pages (rows + cursor together,
// never over rows with pending changes), resync and account switch. Decision 0201.
import type { IndexableType, Table } from 'dexie';
import { pulledEntityNames, type PulledEntityName } from '../../contract/entities';
import { messageText } from '../../contract/messages';
import { answersRow } from '../../contract/mutations';
import type { PullResponse, PushResult } from '../../contract/sync';
import {
  pulledTableNames,
  rowKeyOf,
  type AppDb,
  type MirroredTableName,
  type OutboxEntry,
  type OutboxError,
  type ServerShadowRow,
} from '../db/app-db';
import { readSyncState, writeSyncState } from './sync-state';
import { outboxRangeSlack } from './batching';

/**
 * After this many failures the server reported for the entry itself (5xx "retry" answers naming
 * it), it is given up as refused so that a poison entry cannot hold the queue forever (0206).
 * No answer at all (network) and "busy, come back later" (429) do not count.
 */
export const maxServerAttempts = 5;

type AnyTable = Table<unknown, IndexableType>;

/** A table the server's pull fills (contract/entities.ts); other names come from a newer server. */
function isPulledEntity(name: string): name is PulledEntityName {
  return (pulledEntityNames as readonly string[]).includes(name);
}

function rowRef(table: string, rowKey: string): string {
  return `${table}|${rowKey}`;
}

/** The Dexie key of a row key as the outbox stores it (compound keys are JSON). */
export function keyFromRowKey(table: MirroredTableName, rowKey: string): string | string[] {
  return table === 'memberBalances' ? (JSON.parse(rowKey) as string[]) : rowKey;
}

function keyOfRow(
  table: { schema: AnyTable['schema'] },
  row: Record<string, unknown>,
): string | string[] {
  const keyPath = table.schema.primKey.keyPath;
  if (Array.isArray(keyPath)) return keyPath.map((k) => String(row[k]));
  return String(row[keyPath ?? 'id']);
}

function allTables(db: AppDb): AnyTable[] {
  return [
    db.outbox,
    db.serverShadows,
    db.syncState,
    ...pulledTableNames.map((n) => db.table(n)),
  ] as AnyTable[];
}

/** Puts a row back as it was, or removes it when it did not exist (null). */
async function writeRow(
  db: AppDb,
  table: MirroredTableName,
  rowKey: string,
  row: unknown,
): Promise<void> {
  const t = db.table(table);
  if (row === null || row === undefined) await t.delete(keyFromRowKey(table, rowKey));
  else await t.put(row);
}

async function pendingOnRow(db: AppDb, table: string, rowKey: string): Promise<OutboxEntry[]> {
  const entries = await db.outbox.where('[table+rowKey]').equals([table, rowKey]).toArray();
  return entries.filter((e) => e.state === 'pending').sort((a, b) => a.seq - b.seq);
}

type RowOf = { table: MirroredTableName; rowKey: string };

/** Which of `rows` (as rowRef) still have a pending entry in the outbox. */
async function rowsWithPendingEntries(db: AppDb, rows: readonly RowOf[]): Promise<Set<string>> {
  const pending = new Set<string>();
  const onEntries = (entries: readonly (OutboxEntry | undefined)[], wanted?: Set<string>) => {
    for (const e of entries) {
      if (e?.state !== 'pending') continue;
      const ref = rowRef(e.table, e.rowKey);
      if (!wanted || wanted.has(ref)) pending.add(ref);
    }
  };
  const byTable = new Map<MirroredTableName, string[]>();
  for (const r of rows) {
    const keys = byTable.get(r.table) ?? [];
    keys.push(r.rowKey);
    byTable.set(r.table, keys);
  }
  const oneByOne: RowOf[] = [];
  for (const [table, keys] of byTable) {
    // Rows with time-ordered ids (the booth's entries, time-ordered-id.ts) made one after
    // another are one range of the row index: the few entries in it are all there is to read.
    const sorted = [...keys].sort();
    const inRange =
      sorted.length < 2
        ? null
        : await db.outbox
            .where('[table+rowKey]')
            .between([table, sorted[0]!], [table, sorted.at(-1)!], true, true)
            .limit(sorted.length + outboxRangeSlack)
            .primaryKeys();
    if (!inRange || inRange.length >= sorted.length + outboxRangeSlack) {
      oneByOne.push(...keys.map((rowKey) => ({ table, rowKey })));
      continue;
    }
    if (inRange.length > 0) {
      onEntries(
        await db.outbox.bulkGet(inRange),
        new Set(keys.map((rowKey) => rowRef(table, rowKey))),
      );
    }
  }
  // Otherwise one lookup per row, all sent at once: `anyOf` walks one cursor from key to key, a
  // round trip each, and a batch of 500 point entries spent 50 ms in it between two pushes.
  const onRows = await Promise.all(
    oneByOne.map((r) => db.outbox.where('[table+rowKey]').equals([r.table, r.rowKey]).toArray()),
  );
  onEntries(onRows.flat());
  return pending;
}

/**
 * Rows whose pending changes the server applied. With no pending change left, the local row
 * shows them; a server version pulled while they waited may be older or newer than them, so
 * it is dropped and the cursor goes back to where it was pulled from: the next pull re-sends
 * the row as the server has it now. `answers`: rows the server answered with (mutations
 * declared `answersRow`, decision 0208), written as a pulled row would be: over the local row,
 * or kept as its server version while a later change of it still waits.
 */
async function settleAppliedRows(
  db: AppDb,
  rows: readonly RowOf[],
  answers: ReadonlyMap<string, Record<string, unknown>> = new Map(),
): Promise<void> {
  if (rows.length === 0) return;
  const refs = rows.map((r) => rowRef(r.table, r.rowKey));
  // A row has a shadow only when a pull came while its change waited: usually none at all
  // (one count instead of a look-up per row), and then only the answered rows need the
  // look-up of pending entries.
  const anyShadow = (await db.serverShadows.count()) > 0;
  const shadows = new Map(
    (anyShadow ? await db.serverShadows.bulkGet(refs) : [])
      .filter((shadow): shadow is ServerShadowRow => shadow !== undefined)
      .map((shadow) => [shadow.id, shadow]),
  );
  const looked = rows.filter((r, i) => shadows.has(refs[i]!) || answers.has(refs[i]!));
  if (looked.length === 0) return;
  const pending = await rowsWithPendingEntries(db, looked);
  const cursor = (await readSyncState(db, 'cursor')) ?? 0;
  const dropped = [...shadows.values()].filter((shadow) => !pending.has(shadow.id));
  if (dropped.length > 0) {
    await db.serverShadows.bulkDelete(dropped.map((shadow) => shadow.id));
    const back = Math.min(...dropped.map((shadow) => shadow.pulledAfter));
    if (back < cursor) await writeSyncState(db, 'cursor', back);
  }
  const puts = new Map<MirroredTableName, unknown[]>();
  const deletes = new Map<MirroredTableName, (string | string[])[]>();
  const kept: ServerShadowRow[] = [];
  for (const { table, rowKey } of looked) {
    const ref = rowRef(table, rowKey);
    const row = answers.get(ref);
    if (!row) continue;
    const tombstone = row.deletedAt !== null && row.deletedAt !== undefined;
    if (pending.has(ref)) {
      kept.push({ id: ref, table, rowKey, row: tombstone ? null : row, pulledAfter: cursor });
    } else if (tombstone) {
      const list = deletes.get(table) ?? [];
      list.push(keyFromRowKey(table, rowKey));
      deletes.set(table, list);
    } else {
      const list = puts.get(table) ?? [];
      list.push(row);
      puts.set(table, list);
    }
  }
  if (kept.length > 0) await db.serverShadows.bulkPut(kept);
  for (const [name, list] of puts) await db.table(name).bulkPut(list);
  for (const [name, keys] of deletes) await db.table(name).bulkDelete(keys);
}

/**
 * Deletes a batch the server applied whole. Outbox ids grow with the queue (time-ordered-id.ts), so a
 * batch is usually every entry between its first and last id: one range request deletes it,
 * where one request per entry took 200–300 ms a batch of 500 between two pushes. Anything else
 * in that range (an entry held back, another member's, an id made before ids grew) means one by
 * one.
 */
async function writeOffBatch(db: AppDb, batch: readonly OutboxEntry[]): Promise<void> {
  const ids = batch.map((entry) => entry.id).sort();
  const first = ids[0];
  const last = ids.at(-1);
  if (first === undefined || last === undefined) return;
  const between = () => db.outbox.where(':id').between(first, last, true, true);
  const inRange = await between()
    .limit(ids.length + 1)
    .primaryKeys();
  if (inRange.length === ids.length && inRange.every((id, i) => id === ids[i])) {
    await between().delete();
  } else {
    await db.outbox.bulkDelete(ids);
  }
}

/** The rows applied entries (in queue order) were answered with (decision 0208), by rowRef. */
function answeredRows(
  entries: readonly OutboxEntry[],
  byId: ReadonlyMap<string, PushResult>,
): Map<string, Record<string, unknown>> {
  const rows = new Map<string, Record<string, unknown>>();
  for (const entry of entries) {
    const ref = rowRef(entry.table, entry.rowKey);
    const result = byId.get(entry.id);
    const row = result?.status === 'applied' ? result.result : undefined;
    // A later change of the row in the same batch makes an earlier answer stale.
    rows.delete(ref);
    if (!answersRow(entry.name) || !isPulledEntity(entry.table)) continue;
    if (typeof row === 'object' && row !== null) rows.set(ref, row as Record<string, unknown>);
  }
  return rows;
}

/**
 * Marks an entry refused and undoes its optimistic change: the row goes back to its snapshot
 * (or to the server's version pulled meanwhile) unless a later pending entry touches the same
 * row, which then inherits the snapshot. Must run inside a transaction over allTables.
 */
async function rejectEntry(db: AppDb, entry: OutboxEntry, error: OutboxError): Promise<void> {
  const later = (await pendingOnRow(db, entry.table, entry.rowKey)).filter(
    (e) => e.seq > entry.seq && e.id !== entry.id,
  );
  const next = later[0];
  if (next) {
    await db.outbox.update(next.id, { snapshot: entry.snapshot });
  } else {
    const ref = rowRef(entry.table, entry.rowKey);
    const shadow = await db.serverShadows.get(ref);
    await writeRow(db, entry.table, entry.rowKey, shadow ? shadow.row : entry.snapshot);
    if (shadow) await db.serverShadows.delete(ref);
  }
  await db.outbox.update(entry.id, {
    state: 'rejected',
    error,
    attempts: entry.attempts + 1,
    lastAttemptAt: new Date().toISOString(),
  });
}

function errorOf(result: PushResult): OutboxError {
  return {
    code: result.code ?? 'generic',
    message: result.message ?? '',
    ...(result.fields ? { fields: result.fields } : {}),
    ...(result.httpStatus ? { status: result.httpStatus } : {}),
  };
}

/** The reason a poison entry ends refused: the server kept failing on it. */
function gaveUpError(result: PushResult): OutboxError {
  return {
    code: 'server_gave_up',
    message: messageText('server_gave_up', 'vi', { tries: maxServerAttempts }),
    status: result.httpStatus ?? 503,
  };
}

export interface PushSummary {
  applied: number;
  rejected: number;
  /** The server asked to try again later (transient); the push stops here. */
  retry: boolean;
  /** Entries held under a fair-use limit until their own time; the others went on. */
  held: number;
}

/** Records the answers of one push batch in one transaction. */
export async function applyPushResults(
  db: AppDb,
  batch: readonly OutboxEntry[],
  results: readonly PushResult[],
  now: number = Date.now(),
): Promise<PushSummary> {
  const byId = new Map(results.map((r) => [r.id, r]));
  return db.transaction('rw', allTables(db), async () => {
    const summary: PushSummary = { applied: 0, rejected: 0, retry: false, held: 0 };
    // The usual answer, every entry applied: settled in a few bulk reads and writes.
    // The batch as sent is what the outbox holds: only the flush, under its lock, changes a
    // queued entry once it is read (reading the 500 entries back cost 60 ms a batch).
    if (batch.every((sent) => byId.get(sent.id)?.status === 'applied')) {
      await writeOffBatch(db, batch);
      const rows = new Map(batch.map((entry) => [rowRef(entry.table, entry.rowKey), entry]));
      await settleAppliedRows(db, [...rows.values()], answeredRows(batch, byId));
      summary.applied = batch.length;
      return summary;
    }
    const settled = new Map<string, RowOf>();
    const applied: OutboxEntry[] = [];
    // The server stops a batch at its first failing entry; when that entry was just given up,
    // the entries it held back go out right away instead of after a backoff.
    let stopperGivenUp = false;
    for (const sent of batch) {
      const result = byId.get(sent.id);
      const entry = await db.outbox.get(sent.id);
      if (!result || !entry || entry.state !== 'pending') continue;
      if (result.status === 'applied') {
        await db.outbox.delete(entry.id);
        settled.set(rowRef(entry.table, entry.rowKey), entry);
        applied.push(entry);
        summary.applied += 1;
      } else if (result.status === 'rejected') {
        await rejectEntry(db, entry, errorOf(result));
        summary.rejected += 1;
      } else if (result.retryAfter !== undefined) {
        // A fair-use limit: kept with its data, sent again once the server says it frees up.
        await db.outbox.update(entry.id, {
          notBefore: now + Math.max(1, result.retryAfter) * 1000,
          lastAttemptAt: new Date(now).toISOString(),
          error: errorOf(result),
        });
        summary.held += 1;
      } else if (result.code !== 'not_attempted' && result.httpStatus !== 429) {
        const attempts = entry.attempts + 1;
        if (attempts >= maxServerAttempts) {
          await rejectEntry(db, entry, gaveUpError(result));
          summary.rejected += 1;
          stopperGivenUp = true;
        } else {
          await db.outbox.update(entry.id, {
            attempts,
            lastAttemptAt: new Date().toISOString(),
            error: errorOf(result),
            notBefore: undefined,
          });
          summary.retry = true;
        }
      } else if (result.code !== 'not_attempted' || !stopperGivenUp) {
        summary.retry = true;
      }
    }
    await settleAppliedRows(db, [...settled.values()], answeredRows(applied, byId));
    return summary;
  });
}

/** Refuses one entry outright (the server refused the request that carried it alone). */
export async function rejectOne(db: AppDb, id: string, error: OutboxError): Promise<void> {
  await db.transaction('rw', allTables(db), async () => {
    const entry = await db.outbox.get(id);
    if (entry?.state === 'pending') await rejectEntry(db, entry, error);
  });
}

/**
 * The next pull starts from the beginning and carries every row, the device's own included:
 * the mirror no longer holds them all (decision 0208).
 */
async function restartPull(db: AppDb): Promise<void> {
  await writeSyncState(db, 'cursor', 0);
  await writeSyncState(db, 'holdsOwnRows', false);
}

/** Saves one pulled page and its cursor together. Returns the number of rows written. */
export async function applyPullPage(db: AppDb, page: PullResponse): Promise<number> {
  return db.transaction('rw', allTables(db), async () => {
    const pending = await db.outbox.where('state').equals('pending').toArray();
    const pendingRefs = new Set(pending.map((e) => rowRef(e.table, e.rowKey)));
    const pulledAfter = (await readSyncState(db, 'cursor')) ?? 0;
    const puts = new Map<PulledEntityName, unknown[]>();
    const deletes = new Map<PulledEntityName, (string | string[])[]>();
    let written = 0;
    let scopeWidened = false;
    for (const change of page.changes) {
      const entity = change.entity;
      // A table this version of the app does not know yet: a newer server; skip it.
      if (!isPulledEntity(entity)) continue;
      const table = db.table(entity);
      const key = keyOfRow(table, change.row);
      const rowKey = rowKeyOf(key);
      const tombstone = change.row.deletedAt !== null && change.row.deletedAt !== undefined;
      // A group newly staffed: its older ledger rows sit below our cursor, so pull again from 0.
      if (
        entity === 'staffGroups' &&
        !tombstone &&
        pulledAfter > 0 &&
        !(await db.staffGroups.get(rowKey))
      ) {
        scopeWidened = true;
      }
      const ref = rowRef(entity, rowKey);
      if (pendingRefs.has(ref)) {
        // Local changes wait for the server: keep them on screen, remember the server's row.
        await db.serverShadows.put({
          id: ref,
          table: entity,
          rowKey,
          row: tombstone ? null : change.row,
          pulledAfter,
        });
        continue;
      }
      if (tombstone) {
        const list = deletes.get(entity) ?? [];
        list.push(key);
        deletes.set(entity, list);
      } else {
        const list = puts.get(entity) ?? [];
        list.push(change.row);
        puts.set(entity, list);
      }
      written += 1;
    }
    for (const [name, rows] of puts) await db.table(name).bulkPut(rows);
    for (const [name, keys] of deletes) await db.table(name).bulkDelete(keys);
    // A group no longer staffed: its roster leaves the device too (decision 0801).
    for (const key of deletes.get('staffGroups') ?? []) {
      const lost = page.changes.find((c) => c.entity === 'staffGroups' && c.row.id === key);
      const groupId = lost?.row.groupId;
      if (typeof groupId !== 'string') continue;
      const stillStaff = await db.staffGroups.where('groupId').equals(groupId).count();
      if (stillStaff === 0) await db.groupRoster.where('groupId').equals(groupId).delete();
    }
    // Rows already here are simply written again by the second pull (puts are idempotent).
    if (scopeWidened) await restartPull(db);
    else await writeSyncState(db, 'cursor', page.cursor);
    return written;
  });
}

/**
 * The server purged tombstones past our cursor: forget the mirror (keeping rows with pending
 * changes) and pull everything again from cursor 0.
 */
export async function resetForResync(db: AppDb): Promise<void> {
  await db.transaction('rw', allTables(db), async () => {
    const pending = await db.outbox.where('state').equals('pending').toArray();
    const keep = new Set(pending.map((e) => rowRef(e.table, e.rowKey)));
    for (const name of pulledTableNames) {
      const table = db.table(name);
      const keys = (await table.toCollection().primaryKeys()) as (string | string[])[];
      const drop = keys.filter((k) => !keep.has(rowRef(name, rowKeyOf(k))));
      await table.bulkDelete(drop);
    }
    await db.serverShadows.clear();
    await restartPull(db);
  });
}

/** Another member logged in on this device: the mirror is theirs from now on. */
export async function adoptMember(db: AppDb, memberId: string): Promise<boolean> {
  return db.transaction('rw', allTables(db), async () => {
    const current = await readSyncState(db, 'memberId');
    if (current === memberId) return false;
    if (current !== undefined) {
      for (const name of pulledTableNames) await db.table(name).clear();
      await db.serverShadows.clear();
    }
    await restartPull(db);
    await writeSyncState(db, 'memberId', memberId);
    return true;
  });
}

/** Sends a refused entry again: its optimistic change is put back and it joins the queue end. */
export async function retryRejected(db: AppDb, id: string): Promise<void> {
  await db.transaction('rw', allTables(db), async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state !== 'rejected') return;
    const before: unknown = await db
      .table(entry.table)
      .get(keyFromRowKey(entry.table, entry.rowKey));
    await writeRow(db, entry.table, entry.rowKey, entry.after);
    const last = await db.outbox.orderBy('seq').last();
    await db.outbox.update(id, {
      state: 'pending',
      error: null,
      attempts: 0,
      seq: (last?.seq ?? 0) + 1,
      snapshot: before ?? null,
    });
  });
}

/** Forgets a refused entry (its change was already undone). */
export async function discardRejected(db: AppDb, id: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (entry?.state === 'rejected') await db.outbox.delete(id);
  });
}
