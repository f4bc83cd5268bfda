// Batch push: runs each queued mutation through the same registered handler as its REST route,
// each in its own idempotent transaction, in order. One refused entry never blocks the rest;
// a transient failure stops the batch there so that later entries keep their order. An entry
// over a fair-use limit (429 with Retry-After) waits alone: the others are still applied.
import * as v from 'valibot';
import { fieldMessages, fieldTexts } from '../../contract/field-messages';
import { messageText, type Lang } from '../../contract/messages';
import type { PushEntry, PushResult } from '../../contract/sync';
import type { AppDeps } from '../http/env';
import { ApiError, fieldMessagesOf, type FieldInput } from '../http/errors';
import { findMutation } from './mutation-handlers';
import type { RunnableMutation } from './registry';
import { sqlStateOf } from '../db/sql-state';
import { requestHash, runIdempotent, runIdempotentMany } from './idempotency';
import { mutationContext } from './run-mutation';

/** PostgreSQL error classes worth another try: serialization, deadlock, connection, resources. */
const transientSqlState = /^(40001|40P01|08...|53...|57P..|55P03)$/;

function rejected(
  id: string,
  httpStatus: number,
  code: string,
  lang: Lang,
  fields?: Record<string, FieldInput>,
  params?: Record<string, string | number>,
): PushResult {
  // The field's text in the request's language and its code with parameters (decision 0025).
  const fieldCodes = fieldMessagesOf(fields, code, params);
  return {
    id,
    status: 'rejected',
    code,
    message: messageText(code, lang, params),
    httpStatus,
    ...(fieldCodes ? { fields: fieldTexts(fieldCodes, lang), fieldCodes } : {}),
  };
}

function retry(id: string, code: string, lang: Lang, httpStatus = 503): PushResult {
  return { id, status: 'retry', code, message: messageText(code, lang), httpStatus };
}

/** A fair-use limit (decision 1023): this entry waits, the rest of the push goes on. */
function limited(id: string, error: ApiError, lang: Lang): PushResult {
  return {
    id,
    status: 'retry',
    code: error.code,
    message: messageText(error.code, lang, error.params),
    httpStatus: 429,
    retryAfter: Number(error.headers?.['Retry-After'] ?? 60),
    ...(error.params ? { params: error.params } : {}),
  };
}

async function pushOne(
  deps: AppDeps,
  memberId: string,
  entry: PushEntry,
  lang: Lang,
  find: MutationLookup,
  clientId: string | null,
): Promise<PushResult> {
  const handler = find(entry.name);
  if (!handler) return rejected(entry.id, 400, 'unknown_mutation', lang);
  const parsed = v.safeParse(handler.schema, entry.payload);
  if (!parsed.success) {
    return rejected(
      entry.id,
      400,
      'validation_failed',
      lang,
      fieldMessages(handler.schema, parsed.issues),
    );
  }
  try {
    const stored = await runIdempotent(
      deps.database.db,
      memberId,
      entry.id,
      requestHash(entry.name, entry.payload),
      async (tx) => {
        const body = await handler.run(
          tx,
          mutationContext(deps, memberId, clientId),
          parsed.output,
        );
        return { status: 200, body: body ?? null };
      },
    );
    if (stored.status >= 400) {
      const body = stored.body as { error?: { code?: string } } | null;
      return rejected(entry.id, stored.status, body?.error?.code ?? 'generic', lang);
    }
    return { id: entry.id, status: 'applied', result: stored.body };
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 429 && error.headers?.['Retry-After']) {
        return limited(entry.id, error, lang);
      }
      if (error.status === 429 || error.status >= 500) {
        return retry(entry.id, error.code, lang, error.status);
      }
      return rejected(entry.id, error.status, error.code, lang, error.fields, error.params);
    }
    const state = sqlStateOf(error);
    // Integrity and data errors (classes 22, 23) are the payload's fault: another try fails alike.
    if (state && /^2[23]/.test(state)) {
      return rejected(
        entry.id,
        state.startsWith('23') ? 409 : 400,
        state.startsWith('23') ? 'conflict' : 'invalid_value',
        lang,
      );
    }
    if (!state || !transientSqlState.test(state)) {
      deps.logger.error('push entry failed', {
        mutation: entry.name,
        error: (error as Error).stack ?? String(error),
      });
    }
    return retry(entry.id, 'generic', lang);
  }
}

/**
 * Largest run of one mutation applied in a single transaction, unless its handler says
 * otherwise: long enough to save the per-transaction cost, short enough that other requests
 * wait for the database ~50 ms at most.
 */
const defaultRunLength = 100;

/**
 * Applies a run of entries of one mutation in one transaction when its handler offers
 * `runMany`; null when anything in the run needs the one-by-one path (which then decides).
 */
async function pushRun(
  deps: AppDeps,
  memberId: string,
  handler: RunnableMutation,
  run: PushEntry[],
  clientId: string | null,
): Promise<PushResult[] | null> {
  if (!handler.runMany) return null;
  const inputs: unknown[] = [];
  for (const entry of run) {
    const parsed = v.safeParse(handler.schema, entry.payload);
    if (!parsed.success) return null;
    inputs.push(parsed.output);
  }
  const stored = await runIdempotentMany(
    deps.database.db,
    memberId,
    run.map((entry) => ({ key: entry.id, hash: requestHash(entry.name, entry.payload) })),
    async (tx) => {
      const bodies =
        (await handler.runMany?.(tx, mutationContext(deps, memberId, clientId), inputs)) ?? [];
      return bodies.map((body) => ({ status: 200, body: body ?? null }));
    },
  );
  if (!stored) return null;
  return stored.map((s, i) => ({ id: run[i]!.id, status: 'applied', result: s.body }));
}

/** Finds the handler of a pushed name: the declared mutations, or test-only ones in tests. */
export type MutationLookup = (name: string) => RunnableMutation | undefined;

export async function pushMutations(
  deps: AppDeps,
  memberId: string,
  entries: PushEntry[],
  lang: Lang,
  find: MutationLookup = findMutation,
  clientId: string | null = null,
): Promise<PushResult[]> {
  const results: PushResult[] = [];
  let stopped = false;
  for (let i = 0; i < entries.length;) {
    const entry = entries[i]!;
    // Consecutive entries of a mutation with a batch path go in one transaction.
    const handler = find(entry.name);
    const runLength = handler?.runLength ?? defaultRunLength;
    let end = i + 1;
    while (end < entries.length && end - i < runLength && entries[end]!.name === entry.name) {
      end += 1;
    }
    // Let the requests waiting for the database (a card page, a login) in between runs: with
    // PGlite's single connection a push would otherwise keep it from start to end.
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    if (!stopped && handler?.runMany && end - i > 1) {
      const applied = await pushRun(deps, memberId, handler, entries.slice(i, end), clientId);
      if (applied) {
        results.push(...applied);
        i = end;
        continue;
      }
    } else {
      end = i + 1;
    }
    // One by one: the run that could not go at once, or a single entry.
    for (; i < end; i++) {
      if (stopped) {
        results.push(retry(entries[i]!.id, 'not_attempted', lang));
        continue;
      }
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      const result = await pushOne(deps, memberId, entries[i]!, lang, find, clientId);
      // A limited entry holds only itself; a transient failure holds the rest of the batch.
      if (result.status === 'retry' && result.retryAfter === undefined) stopped = true;
      results.push(result);
    }
  }
  return results;
}
