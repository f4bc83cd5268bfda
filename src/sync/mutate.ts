// The one way features write mirrored data: the optimistic change and its outbox entry in ONE
// Dexie transaction, then a nudge to the flusher. Works the same online and offline.
import {
  appDb,
  appDbStrict,
  rowKeyOf,
  withOpenDb,
  type AppDb,
  type MirroredTableName,
  type OutboxEntry,
} from '../db/app-db';
import { readSession } from '../api/session-store';
import type { MutationName, MutationPayload } from '../../contract/mutations';
import { outboxChanged } from './flush-signal';
import { timeOrderedIdAfter } from './time-ordered-id';

export interface QueueMutationInput<N extends MutationName> {
  /** A declared mutation (contract/entities.ts), e.g. `contact.upsert`. */
  name: N;
  /** What the server's handler receives: the input of the mutation's contract schema. */
  payload: MutationPayload<N>;
  /** The mirrored table the optimistic change touches. */
  table: MirroredTableName;
  /** Key of the touched row (memberBalances: [memberId, groupId]). */
  rowId: string | readonly [string, string];
  /**
   * The optimistic change. Write through the `db` given here (with durability 'strict' it is a
   * separate connection, and only its tables are inside the transaction).
   */
  apply: (db: AppDb) => unknown;
  /** 'strict' for points and check-ins: committed to disk before the promise resolves. */
  durability?: 'default' | 'strict';
  /** Further tables apply() writes to, if any. */
  alsoTables?: MirroredTableName[];
}

/** Current payload shape version (the newest Dexie version). */
export function currentPayloadVersion(db: AppDb): number {
  return db.verno;
}

/**
 * Queues a write into a given database (tests, the service worker); features use
 * queueMutation. Returns the outbox entry; its id is the idempotency key.
 */
export async function queueMutationIn<N extends MutationName>(
  db: AppDb,
  input: QueueMutationInput<N>,
  memberId: string | null,
): Promise<OutboxEntry> {
  const tables = [...new Set([input.table, ...(input.alsoTables ?? [])])].map((t) => db.table(t));
  const rowKey = rowKeyOf(input.rowId);
  const entry = await withOpenDb(db, () =>
    db.transaction('rw', [db.outbox, ...tables], async () => {
      const before: unknown = await db.table(input.table).get(input.rowId as string);
      await input.apply(db);
      const after: unknown = await db.table(input.table).get(input.rowId as string);
      const last = await db.outbox.orderBy('seq').last();
      const queued: OutboxEntry = {
        id: timeOrderedIdAfter(last?.id),
        seq: (last?.seq ?? 0) + 1,
        name: input.name,
        payload: input.payload,
        table: input.table,
        rowKey,
        snapshot: before ?? null,
        after: after ?? null,
        memberId,
        state: 'pending',
        createdAt: new Date().toISOString(),
        attempts: 0,
        lastAttemptAt: null,
        error: null,
        durability: input.durability ?? 'default',
        payloadVersion: db.verno,
      };
      await db.outbox.add(queued);
      return queued;
    }),
  );
  return entry;
}

/**
 * Applies a change locally at once and queues it for the server; the flusher sends it now if
 * online, else later (any tab, or the service worker with no tab open). If the server refuses
 * it, the change is undone and the entry is listed with its reason.
 */
export async function queueMutation<N extends MutationName>(
  input: QueueMutationInput<N>,
): Promise<OutboxEntry> {
  const db = input.durability === 'strict' ? appDbStrict() : appDb;
  const session = await readSession();
  const entry = await queueMutationIn(db, input, session?.memberId ?? null);
  outboxChanged();
  return entry;
}
