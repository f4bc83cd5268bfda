import { loadConfig } from './config';
import { migrationFiles } from './db/client';
import { startFromInitdbTemplate } from './db/pglite-initdb';
import { delayWasmTierUp } from './db/pglite-start';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`m.e Cards: configuration error: ${(error as Error).message}`);
    process.exit(1);
  }
  if (!config.databaseUrl) delayWasmTierUp();
  // A first start copies the build's cluster on the thread pool while the server's modules
  // load (decision 1087); openDatabase then finds it there.
  const clusterCopied = config.databaseUrl
    ? Promise.resolve(false)
    : migrationFiles().then((files) => startFromInitdbTemplate(config.dataDir, files));
  clusterCopied.catch(() => undefined);
  const [{ startServer }, { demoLogins }] = await Promise.all([
    import('./server'),
    import('./seed/demo'),
  ]);
  let running;
  try {
    await clusterCopied;
    running = await startServer(config);
  } catch (error) {
    const message = (error as Error).message || String(error);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.error(`m.e Cards: could not start with ${where}: ${message}`);
    process.exit(1);
  }
  console.log(`\nm.e Cards is running: ${running.url}`);
  console.log(
    `Database: ${running.database.kind}${config.databaseUrl ? '' : ` (${config.dataDir})`}`,
  );
  if (config.seedDemo) {
    console.log('Demo logins:');
    for (const login of demoLogins)
      console.log(`  ${login.email} / ${login.password}  (${login.role})`);
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    running
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  // Close PGlite (or the pool) before exiting, whichever way we are told to stop: a process
  // killed mid-write leaves a data folder that its owner cannot remove or reopen cleanly.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => shutdown(signal));
  }
}

void main();
