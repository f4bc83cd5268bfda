// One write path per entity: the spec's REST routes and the batch push of queued offline
// mutations both run the handlers registered here, inside runIdempotent's transaction.
import type * as v from 'valibot';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from '../db/client';

export interface MutationContext {
  memberId: string;
  now: Date;
}

export interface MutationHandler<S extends v.GenericSchema = v.GenericSchema> {
  /** Contract schema of the payload; a payload that fails it is rejected with 400. */
  schema: S;
  /** Applies the change; throws ApiError for refusals (403, 404, 409, 422). */
  run(tx: Transaction, ctx: MutationContext, input: v.InferOutput<S>): Promise<unknown>;
  /**
   * Optional fast path of the batch push: applies several inputs in one transaction and returns
   * one result per input, in order, exactly as `run` one after another would. Throws (anything)
   * when an input would be refused or needs more care; the push then rolls the batch back and
   * runs each entry alone through `run`, which gives the precise answer.
   */
  runMany?(tx: Transaction, ctx: MutationContext, inputs: v.InferOutput<S>[]): Promise<unknown[]>;
}

const mutations = new Map<string, MutationHandler>();

export function registerMutation<S extends v.GenericSchema>(
  name: string,
  handler: MutationHandler<S>,
): MutationHandler<S> {
  if (mutations.has(name) && mutations.get(name) !== handler) {
    throw new Error(`mutation ${name} registered twice`);
  }
  mutations.set(name, handler);
  return handler;
}

export function findMutation(name: string): MutationHandler | undefined {
  return mutations.get(name);
}

/** A kind of mirrored row the delta pull carries to a member's devices. */
export interface PullSource {
  /** Name of the Dexie table on the client. */
  entity: string;
  /** The table; it must have change_seq, updated_at and deleted_at columns. */
  table: PgTable;
  /** Which rows this member's devices mirror (tombstones included). */
  scope(memberId: string): SQL;
  /**
   * Rows as the client stores them (Drizzle-selected rows of `table`, tombstones included);
   * may read more in `tx` to enrich a page of rows at once (e.g. a friend's name).
   */
  toClient(
    rows: Record<string, unknown>[],
    ctx: { tx: Transaction; memberId: string },
  ): Promise<Record<string, unknown>[]>;
}

const pullSources = new Map<string, PullSource>();

export function registerPullSource(source: PullSource): void {
  pullSources.set(source.entity, source);
}

export function allPullSources(): PullSource[] {
  return [...pullSources.values()];
}
