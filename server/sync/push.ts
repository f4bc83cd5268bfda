// Batch push: runs each queued mutation through the same registered handler as its REST route,
// each in its own idempotent transaction, in order. One refused entry never blocks the rest;
// a transient failure stops the batch there so that later entries keep their order.
import * as v from 'valibot';
import { messageText, type Lang } from '../../contract/messages';
import type { PushEntry, PushResult } from '../../contract/sync';
import type { AppDeps } from '../http/env';
import { ApiError } from '../http/errors';
import { issueFields } from '../http/input';
import { findMutation, type MutationHandler } from './registry';
import { requestHash, runIdempotent, runIdempotentMany } from './idempotency';

/** PostgreSQL error classes worth another try: serialization, deadlock, connection, resources. */
const transientSqlState = /^(40001|40P01|08...|53...|57P..|55P03)$/;

function sqlStateOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

function translate(fields: Record<string, string> | undefined, lang: Lang) {
  if (!fields) return undefined;
  return Object.fromEntries(
    Object.entries(fields).map(([k, code]) => [k, messageText(code, lang)]),
  );
}

function rejected(
  id: string,
  httpStatus: number,
  code: string,
  lang: Lang,
  fields?: Record<string, string>,
  params?: Record<string, string | number>,
): PushResult {
  const translated = translate(fields, lang);
  return {
    id,
    status: 'rejected',
    code,
    message: messageText(code, lang, params),
    httpStatus,
    ...(translated ? { fields: translated } : {}),
  };
}

function retry(id: string, code: string, lang: Lang, httpStatus = 503): PushResult {
  return { id, status: 'retry', code, message: messageText(code, lang), httpStatus };
}

async function pushOne(
  deps: AppDeps,
  memberId: string,
  entry: PushEntry,
  lang: Lang,
): Promise<PushResult> {
  const handler = findMutation(entry.name);
  if (!handler) return rejected(entry.id, 400, 'unknown_mutation', lang);
  const parsed = v.safeParse(handler.schema, entry.payload);
  if (!parsed.success) {
    return rejected(entry.id, 400, 'validation_failed', lang, issueFields(parsed.issues));
  }
  try {
    const stored = await runIdempotent(
      deps.database.db,
      memberId,
      entry.id,
      requestHash(entry.name, entry.payload),
      async (tx) => {
        const body = await handler.run(tx, { memberId, now: deps.now() }, parsed.output);
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

/** Largest run of one mutation applied in a single transaction. */
const maxRunLength = 250;

/**
 * Applies a run of entries of one mutation in one transaction when its handler offers
 * `runMany`; null when anything in the run needs the one-by-one path (which then decides).
 */
async function pushRun(
  deps: AppDeps,
  memberId: string,
  handler: MutationHandler,
  run: PushEntry[],
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
      const bodies = (await handler.runMany?.(tx, { memberId, now: deps.now() }, inputs)) ?? [];
      return bodies.map((body) => ({ status: 200, body: body ?? null }));
    },
  );
  if (!stored) return null;
  return stored.map((s, i) => ({ id: run[i]!.id, status: 'applied', result: s.body }));
}

export async function pushMutations(
  deps: AppDeps,
  memberId: string,
  entries: PushEntry[],
  lang: Lang,
): Promise<PushResult[]> {
  const results: PushResult[] = [];
  let stopped = false;
  for (let i = 0; i < entries.length;) {
    const entry = entries[i]!;
    // Consecutive entries of a mutation with a batch path go in one transaction.
    const handler = findMutation(entry.name);
    let end = i + 1;
    while (end < entries.length && end - i < maxRunLength && entries[end]!.name === entry.name) {
      end += 1;
    }
    if (!stopped && handler?.runMany && end - i > 1) {
      const applied = await pushRun(deps, memberId, handler, entries.slice(i, end));
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
      const result = await pushOne(deps, memberId, entries[i]!, lang);
      if (result.status === 'retry') stopped = true;
      results.push(result);
    }
  }
  return results;
}
