import { Server as HttpServer } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import type { Config } from './config';
import { applyMigrations, openDatabase, type DatabaseHandle } from './db/client';
import { Drain } from './http/drain';
import { createApp } from './app';
import { createLogger, type Logger } from './http/logger';
import { seedDemoData } from './seed/demo';
import { loadAuthConfig } from './auth/auth-config';
import { setPasswordHashCost } from './auth/password';
import { consoleDeliveryWarning } from './mail/console-delivery-warning';
import { logEventLoopDelay } from './http/event-loop-delay';
import { warmUpPull } from './sync/pull-warm-up';
import { stopEncoderProcess } from './images/encoder-process';

export interface RunningServer {
  url: string;
  database: DatabaseHandle;
  logger: Logger;
  close(): Promise<void>;
}

/** How long requests in flight get to finish once the process is told to stop (main.ts
 * forces the exit at 10 s). */
const drainGraceMs = 8_000;

/** Opens the database, migrates, seeds demo data once, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  // Node waits for every background compile job whenever its event loop has nothing left to
  // wait on, and PGlite's start leaves it so while the WebAssembly tiers up: a fifth of a second
  // of every start idle. A handle held until the server listens keeps the loop busy instead.
  const startingUp = setInterval(() => undefined, 60_000);
  try {
    return await startListening(config);
  } finally {
    clearInterval(startingUp);
  }
}

async function startListening(config: Config): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  const authConfig = loadAuthConfig();
  setPasswordHashCost(authConfig.passwordHashCost);
  const unsafeDelivery = consoleDeliveryWarning(config.host, config.publicOrigin, authConfig);
  if (unsafeDelivery) logger.warn(unsafeDelivery.msg, unsafeDelivery.fields);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionLost: (error) => logger.warn('database connection lost', { error: error.message }),
  });
  try {
    // Migrations and the demo data under one database lock: of several processes started
    // together, the first does both and the others wait, then find them done.
    await database.exclusive(async (exec) => {
      const ran = await applyMigrations(exec);
      if (ran.length > 0) logger.info('migrated', { migrations: ran });
      if (config.seedDemo) {
        const seeded = await seedDemoData(database.db);
        if (seeded) logger.info('demo data loaded');
      }
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const drain = new Drain();
  const deps = { config, database, logger, drain, now: () => new Date() };
  const app = createApp(deps);
  let server: ServerType;
  try {
    server = await new Promise((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
        resolve(s),
      );
      s.once('error', reject);
    });
    // An idle connection must be closed by the client (or a proxy in front), never by us at
    // the moment it sends: Node's agents drop idle sockets after 5 s, which was also our
    // default, and a request sent on a socket we were closing came back as ECONNRESET.
    if (server instanceof HttpServer) {
      server.keepAliveTimeout = 65_000;
      server.headersTimeout = 66_000;
    }
  } catch (error) {
    // Port taken or not allowed: close the database before reporting, like any start failure.
    await database.close();
    throw new Error(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const stopDelayLog = logEventLoopDelay(logger);
  const stopWarmUp = new AbortController();
  drain.whenDraining(() => stopWarmUp.abort());
  const warmingUp = warmUpPull(deps, stopWarmUp.signal).then(
    (ran) => {
      if (ran) logger.debug('pull warmed up');
    },
    (error: unknown) => logger.warn('pull warm-up failed', { error: (error as Error).message }),
  );
  // The database closes only after it.
  drain.beforeClose(() => warmingUp);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://${config.host}:${port}`,
    database,
    logger,
    async close() {
      stopDelayLog();
      // Not ready, live streams told to reconnect elsewhere, no new connections; the requests
      // in flight finish (answered with Connection: close), then the push sends, then the
      // database closes. Past the grace period, whatever is left is cut.
      drain.start();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const http = server as unknown as {
        closeIdleConnections?: () => void;
        closeAllConnections?: () => void;
      };
      http.closeIdleConnections?.();
      const sweep = setInterval(() => http.closeIdleConnections?.(), 100);
      const grace = new Promise<void>((resolve) => setTimeout(resolve, drainGraceMs).unref());
      await Promise.race([Promise.all([closed, drain.idle()]), grace]);
      clearInterval(sweep);
      http.closeAllConnections?.();
      await Promise.race([drain.finishBackgroundWork(), grace]);
      await database.close();
      await stopEncoderProcess();
    },
  };
}
