// The shapes of the one write path per entity: a mutation handler (run by the spec's REST
// routes and the batch push alike, inside runIdempotent's transaction) and a pull source.
// Which handlers and sources exist is listed once, per table, in server-entities.ts; the
// mutations themselves are declared on their tables in contract/entities.ts.
import type * as v from 'valibot';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MutationInput, MutationName, MutationResult } from '../../contract/mutations';
import type { Transaction } from '../db/client';
import type { FairUseLimits } from '../../contract/fair-use';
import type { PulledEntityName, PulledRows } from '../../contract/entities';

export interface MutationContext {
  memberId: string;
  now: Date;
  /** The server's fair-use numbers (decision 1023); absent: the defaults of contract/fair-use. */
  fairUse?: FairUseLimits;
  /** The pushing device's sync client id, when it sent one (a conflict names its winner). */
  clientId?: string | null;
}

/** How the server applies one declared mutation; input and result types come from the contract. */
export interface MutationHandler<N extends MutationName> {
  /** Applies the change; throws ApiError for refusals (403, 404, 409, 422). */
  run(tx: Transaction, ctx: MutationContext, input: MutationInput<N>): Promise<MutationResult<N>>;
  /**
   * Optional fast path of the batch push: applies several inputs in one transaction and returns
   * one result per input, in order, exactly as `run` one after another would. Throws (anything)
   * when an input would be refused or needs more care; the push then rolls the batch back and
   * runs each entry alone through `run`, which gives the precise answer.
   */
  runMany?(
    tx: Transaction,
    ctx: MutationContext,
    inputs: MutationInput<N>[],
  ): Promise<MutationResult<N>[]>;
  /**
   * Most entries `runMany` takes in one transaction (default 100, server/sync/push.ts): while
   * it runs, PGlite's one connection and the change-sequence lock wait for it.
   */
  runLength?: number;
}

/** A handler with its payload schema, found by a name that arrived as text (push, routes). */
export interface RunnableMutation {
  name: string;
  /** A payload that fails it is rejected with 400. */
  schema: v.GenericSchema;
  run(tx: Transaction, ctx: MutationContext, input: unknown): Promise<unknown>;
  runMany?(tx: Transaction, ctx: MutationContext, inputs: unknown[]): Promise<unknown[]>;
  runLength?: number;
}

/** A kind of mirrored row the delta pull carries to a member's devices. */
export interface PullSource<E extends PulledEntityName = PulledEntityName> {
  /** The pulled table of contract/entities.ts (the Dexie table on the client). */
  entity: E;
  /** The table; it must have change_seq, updated_at and deleted_at columns. */
  table: PgTable;
  /** Which rows this member's devices mirror (tombstones included). */
  scope(memberId: string): SQL;
  /**
   * The column naming the sync client whose push wrote the row, for a table whose mutations
   * answer with the row (`answersRow`, decision 0208): a pull that names its client leaves
   * those rows out.
   */
  originColumn?: PgColumn;
  /**
   * Rows as the client stores them (Drizzle-selected rows of `table`, tombstones included);
   * may read more in `tx` to enrich a page of rows at once (e.g. a friend's name).
   */
  toClient(
    rows: Record<string, unknown>[],
    ctx: { tx: Transaction; memberId: string },
  ): Promise<PulledRows[E][]>;
  /**
   * Optional, for a source whose pages are large (messages): up to `limit` rows in scope past
   * `cursor`, in change_seq then id order, already as toClient shapes them (with `id` and
   * `changeSeq`), built by the database as one JSON text instead of the driver decoding every
   * column of every row. Must give exactly what select + toClient give.
   */
  fetchShaped?(
    tx: Transaction,
    memberId: string,
    cursor: number,
    limit: number,
  ): Promise<ShapedPullRow<E>[]>;
}

/** Some pull source, whichever its table. */
export type AnyPullSource = { [E in PulledEntityName]: PullSource<E> }[PulledEntityName];

/** A row fetchShaped gives: as toClient would, with its id and change sequence. */
export type ShapedPullRow<E extends PulledEntityName = PulledEntityName> = PulledRows[E] & {
  id: string;
  changeSeq: number;
};
