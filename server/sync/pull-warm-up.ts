// PGlite runs its WebAssembly slowly until V8 has compiled the hot paths: after a start, the
// first member to pull a big phonebook waited about 400 ms more for its first pages than for
// later ones (issue 25). A few small pull pages of one phonebook run those paths; each step is
// small and yields, so a request arriving meanwhile waits for at most one of them.
//
// They start a while after listening, not at once: each step holds the event loop for a tenth
// of a second of cold WebAssembly, and right after a start the requests that matter are the
// proxy's health checks and the first pages people open (a warm start's first health answer
// waited about 450 ms behind it).
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import type { AppDeps } from '../http/env';
import { pullChanges } from './pull';

const warmUpSteps = 4;
const warmUpPageRows = 100;
/** How long after listening the warm-up starts. */
export const warmUpDelayMs = 2_000;

/**
 * Pulls a few pages of the first phonebook found and drops them, `delayMs` after it is called;
 * PostgreSQL needs none. Stops, touching nothing more, once `signal` aborts (the server stops).
 * Resolves true when it ran to the end.
 */
export async function warmUpPull(
  deps: AppDeps,
  signal: AbortSignal,
  delayMs = warmUpDelayMs,
): Promise<boolean> {
  if (deps.database.kind !== 'pglite') return false;
  try {
    // Unreferenced: a process with nothing else to do does not stay up for it.
    await delay(delayMs, undefined, { signal, ref: false });
  } catch {
    return false;
  }
  const [owner] = await queryRows<{ id: string }>(
    deps.database.db,
    sql`SELECT owner_member_id AS id FROM contacts LIMIT 1`,
  );
  if (!owner) return true;
  let cursor = 0;
  for (let step = 0; step < warmUpSteps; step++) {
    await new Promise((resolve) => setImmediate(resolve));
    if (signal.aborted) return false;
    const page = await pullChanges(deps, owner.id, cursor, warmUpPageRows);
    if (!page.hasMore) return true;
    cursor = page.cursor;
  }
  return true;
}
