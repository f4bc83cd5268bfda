import { Hono } from 'hono';
import { databaseMigrations, databaseReachable } from '../domain/readiness';
import type { AppDeps, AppEnv } from '../http/env';
import { eventLoopDelay } from '../http/event-loop-delay';
import type { Drain } from '../http/drain';

/**
 * `/health`: the process answers (a supervisor restarts it when not). `/ready`: it should get
 * traffic — the database answers, every migration is applied, and it is not stopping.
 */
export function healthRoutes(deps: AppDeps, drain: Drain) {
  const app = new Hono<AppEnv>();
  app.get('/health', (c) => {
    c.header('Cache-Control', 'no-store');
    // How late this process's event loop ran lately: a stalled export shows here.
    return c.json({ status: 'ok', eventLoop: eventLoopDelay() });
  });
  app.get('/ready', async (c) => {
    const databaseOk = await databaseReachable(deps.database);
    const migrations = databaseOk ? await databaseMigrations(deps.database) : undefined;
    const ok =
      !drain.draining && databaseOk && migrations !== undefined && migrations.pending.length === 0;
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        status: ok ? 'ok' : drain.draining ? 'stopping' : 'degraded',
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
