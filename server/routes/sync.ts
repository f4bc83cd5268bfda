// The offline client's two calls: batch push of queued mutations and the delta pull.
import { Hono } from 'hono';
import { maxPullLimit, maxPushEntries, pullQuerySchema, pushBodySchema } from '../../contract/sync';
import { requireMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { ApiError, requestLang } from '../http/errors';
import { rawBody, readQuery, validate } from '../http/input';
import { pullChanges, purgeTombstones } from '../sync/pull';
import { pushMutations } from '../sync/push';
import { withPushLease } from '../sync/push-lease';
import { syncPullBytes, syncPullChanges, syncPushBytes, syncPushEntries } from '../http/metrics';

/** How often a server copy purges old tombstones (several copies doing it too is harmless). */
export const tombstonePurgeIntervalMs = 24 * 3_600_000;

const purgesInFlight = new Set<Promise<void>>();

/** Resolves when no background purge is running (tests wait for it before closing). */
export async function tombstonePurgesSettled(): Promise<void> {
  await Promise.all([...purgesInFlight]);
}

export function syncRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // Tombstone retention (decision 0200) needs no separate job: once a day, after a pull, this
  // copy purges tombstones past retention in the background.
  let lastPurge = deps.now().getTime();
  let purging = false;
  const maybePurge = () => {
    const now = deps.now();
    if (purging || now.getTime() - lastPurge < tombstonePurgeIntervalMs) return;
    purging = true;
    lastPurge = now.getTime();
    const run = purgeTombstones(deps.database.db, now)
      .then((result) => {
        if (result.purged > 0) deps.logger.info('tombstones purged', { ...result });
      })
      .catch((error: unknown) => {
        deps.logger.error('tombstone purge failed', { error: String(error) });
      })
      .finally(() => {
        purging = false;
        purgesInFlight.delete(run);
      });
    purgesInFlight.add(run);
  };

  app.post('/sync/push', async (c) => {
    const { memberId } = requireMember(c);
    const raw = await rawBody(c);
    // Counted before validation: an oversized batch is refused as a whole (413), which the
    // client answers by sending smaller batches.
    const sent = (raw as { mutations?: unknown } | null)?.mutations;
    if (Array.isArray(sent) && sent.length > maxPushEntries) {
      throw new ApiError(413, 'push_too_many_entries', undefined, undefined, {
        max: maxPushEntries,
      });
    }
    const body = validate(pushBodySchema, raw);
    const results = await withPushLease(deps.database.db, memberId, deps.now(), () =>
      pushMutations(deps, memberId, body.mutations, requestLang(c), undefined, body.clientId),
    );
    syncPushBytes.observe(Number(c.req.header('content-length') ?? 0));
    for (const result of results) syncPushEntries.inc({ status: result.status });
    c.header('Cache-Control', 'no-store');
    return c.json({ results });
  });

  app.get('/sync/pull', async (c) => {
    const { memberId } = requireMember(c);
    const query = readQuery(c, pullQuerySchema);
    const page = await pullChanges(
      deps,
      memberId,
      query.cursor,
      Math.min(query.limit, maxPullLimit),
      query.clientId ?? null,
    );
    c.header('Cache-Control', 'no-store');
    maybePurge();
    const text = JSON.stringify(page);
    syncPullChanges.observe(page.changes.length);
    syncPullBytes.observe(Buffer.byteLength(text));
    c.header('Content-Type', 'application/json');
    return c.body(text);
  });

  return app;
}
