// The sync calls: batch push of queued mutations and the delta pull (docs/decisions/0200-…).
import * as v from 'valibot';
import type { PulledEntityName, PulledRows } from './entities';
import type { FieldMessage } from './field-messages';

/** Most entries one push may carry; the client sends smaller batches (decision 0203). */
export const maxPushEntries = 500;
/** Rows per pull page: default and ceiling. */
export const defaultPullLimit = 5000;
export const maxPullLimit = 5000;
/** Tombstones older than this may be purged; a cursor behind a purge must resync (0200). */
export const tombstoneRetentionDays = 90;

export const pushEntrySchema = v.object({
  id: v.pipe(v.string('invalid_id'), v.minLength(1, 'invalid_id'), v.maxLength(200, 'invalid_id')),
  name: v.pipe(
    v.string('invalid_value'),
    v.minLength(1, 'invalid_value'),
    v.maxLength(100, 'too_long'),
  ),
  payload: v.unknown(),
});

const clientIdSchema = v.pipe(
  v.string('invalid_id'),
  v.minLength(1, 'invalid_id'),
  v.maxLength(100, 'invalid_id'),
);

export const pushBodySchema = v.object({
  mutations: v.pipe(
    v.array(pushEntrySchema, 'invalid_value'),
    v.maxLength(maxPushEntries, 'too_many_entries'),
  ),
  /** The device's sync client id: a conflict names the device whose write won (decision 1062). */
  clientId: v.optional(clientIdSchema),
});

export type PushEntry = v.InferOutput<typeof pushEntrySchema>;
export type PushBody = v.InferOutput<typeof pushBodySchema>;

export type PushResultStatus = 'applied' | 'rejected' | 'retry';

export interface PushResult {
  id: string;
  /** applied: done (now or by an earlier delivery); rejected: refused for good; retry: later. */
  status: PushResultStatus;
  code?: string;
  message?: string;
  /** Field → its message as text in the request's language (as REST 400 answers carry it). */
  fields?: Record<string, string>;
  /** The same fields as code and parameters (decision 0025). */
  fieldCodes?: Record<string, FieldMessage>;
  /** HTTP status the same refusal has on the REST route (400, 403, 404, 409, 422…). */
  httpStatus?: number;
  /** What the handler returned (applied only). */
  result?: unknown;
  /**
   * retry of a fair-use limit (httpStatus 429, decision 1023): seconds until it frees up. The
   * device keeps the entry queued until then; the other entries of the push were applied.
   */
  retryAfter?: number;
  /** Values filled into `message` (e.g. the limit and when it frees up). */
  params?: Record<string, string | number>;
}

export interface PushResponse {
  results: PushResult[];
}

const counterSchema = (fallback: number) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.digits('invalid_number'), v.transform(Number))]),
      v.integer('invalid_number'),
      v.minValue(0, 'invalid_number'),
    ),
    fallback,
  );

export const pullQuerySchema = v.object({
  cursor: counterSchema(0),
  limit: v.pipe(counterSchema(defaultPullLimit), v.minValue(1, 'invalid_number')),
  /**
   * The device's sync client id, sent when its mirror holds every row its own pushes answered
   * with (mutations declared `answersRow`): those rows are left out of the page (decision 0208).
   */
  clientId: v.optional(clientIdSchema),
});

/**
 * A change as a device receives it: a newer server may send a table this version of the app
 * does not know yet, so the name is checked against the entity table before it is used.
 */
export interface PullChange {
  /** Name of the client's Dexie table. */
  entity: string;
  /** The row as the client stores it; `deletedAt` set on tombstones. */
  row: Record<string, unknown>;
}

/** A change as the server makes it: a pulled table of contract/entities.ts and its row. */
export type PulledChange = {
  [E in PulledEntityName]: { entity: E; row: PulledRows[E] };
}[PulledEntityName];

export interface PullResponse<C = PullChange> {
  changes: C[];
  /** Pass back as `cursor` next time; everything up to it has been sent. */
  cursor: number;
  hasMore: boolean;
  serverTime: string;
}
