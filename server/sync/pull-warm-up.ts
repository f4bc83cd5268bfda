// PGlite runs its WebAssembly slowly until V8 has compiled the hot paths: after a start, the
// first member to pull a big phonebook waited about 400 ms more for its first pages than for
// later ones (issue 25). Right after listening, a few small pull pages of one phonebook run
// those paths; each step is small and yields, so a request arriving meanwhile waits for at
// most one of them.
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import type { AppDeps } from '../http/env';
import { pullChanges } from './pull';

const warmUpSteps = 4;
const warmUpPageRows = 100;

/** Pulls a few pages of the first phonebook found and drops them; PostgreSQL needs none. */
export async function warmUpPull(deps: AppDeps): Promise<void> {
  if (deps.database.kind !== 'pglite') return;
  const [owner] = await queryRows<{ id: string }>(
    deps.database.db,
    sql`SELECT owner_member_id AS id FROM contacts LIMIT 1`,
  );
  if (!owner) return;
  let cursor = 0;
  for (let step = 0; step < warmUpSteps; step++) {
    await new Promise((resolve) => setImmediate(resolve));
    const page = await pullChanges(deps, owner.id, cursor, warmUpPageRows);
    if (!page.hasMore) return;
    cursor = page.cursor;
  }
}
