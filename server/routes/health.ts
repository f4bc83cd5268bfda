import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { migrationState } from '../db/client';
import type { AppDeps, AppEnv } from '../http/env';
import { eventLoopDelay } from '../http/event-loop-delay';

export function healthRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/health', async (c) => {
    let databaseOk = true;
    try {
      await deps.database.db.execute(sql`SELECT 1`);
    } catch {
      databaseOk = false;
    }
    const migrations = databaseOk ? await migrationState(deps.database) : undefined;
    const ok = databaseOk && migrations !== undefined && migrations.pending.length === 0;
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        status: ok ? 'ok' : 'degraded',
        database: { kind: deps.database.kind, reachable: databaseOk },
        // How late this process's event loop ran lately: a stalled export shows here.
        eventLoop: eventLoopDelay(),
        migrations: migrations
          ? {
              applied: migrations.applied.length,
              pending: migrations.pending,
              latest: migrations.applied.at(-1) ?? null,
            }
          : null,
      },
      ok ? 200 : 503,
    );
  });
  return app;
}
