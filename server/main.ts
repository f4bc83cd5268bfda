import { loadConfig } from './config';
import { startServer } from './server';
import { demoLogins } from './seed/demo';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`m.e Cards: configuration error: ${(error as Error).message}`);
    process.exit(1);
  }
  let running;
  try {
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
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
