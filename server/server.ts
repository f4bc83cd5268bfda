import { serve, type ServerType } from '@hono/node-server';
import type { Config } from './config';
import { migrate, openDatabase, type DatabaseHandle } from './db/client';
import { createApp } from './app';
import { createLogger, type Logger } from './http/logger';
import { seedDemoData } from './seed/demo';
import { loadAuthConfig } from './auth/auth-config';
import { consoleDeliveryWarning } from './mail/console-delivery-warning';
import { logEventLoopDelay } from './http/event-loop-delay';

export interface RunningServer {
  url: string;
  database: DatabaseHandle;
  logger: Logger;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds demo data once, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  const unsafeDelivery = consoleDeliveryWarning(config.host, config.publicOrigin, loadAuthConfig());
  if (unsafeDelivery) logger.warn(unsafeDelivery.msg, unsafeDelivery.fields);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionLost: (error) => logger.warn('database connection lost', { error: error.message }),
  });
  try {
    const ran = await migrate(database);
    if (ran.length > 0) logger.info('migrated', { migrations: ran });
    if (config.seedDemo) {
      const seeded = await seedDemoData(database.db);
      if (seeded) logger.info('demo data loaded');
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = createApp({ config, database, logger, now: () => new Date() });
  let server: ServerType;
  try {
    server = await new Promise((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
        resolve(s),
      );
      s.once('error', reject);
    });
  } catch (error) {
    // Port taken or not allowed: close the database before reporting, like any start failure.
    await database.close();
    throw new Error(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const stopDelayLog = logEventLoopDelay(logger);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://${config.host}:${port}`,
    database,
    logger,
    async close() {
      stopDelayLog();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}
