// fleet-card-rps: public card pages per second through nginx (deploy/nginx.conf) in front of
// three compiled server processes on one PostgreSQL, 16 keep-alive connections on loopback for 5 s (bench/http-load.ts, as card-rps).
// rolling-restart-failed-requests: four members reading the card and pushing contacts
// through nginx while each process in turn gets SIGTERM and starts again (decision 1085);
// rolling-restart-lost-or-doubled-writes: pushes not in PostgreSQL exactly once.
// Starts a PostgreSQL of its own without TEST_DATABASE_URL; without nginx or PostgreSQL it
// says why on stderr and gives no figure.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/client';
import { startFleet, type Fleet } from '../tests/support/fleet';
import { runFleetLoad } from '../tests/support/fleet-load';
import { nginxPath } from '../tests/support/nginx';
import { postgresForBench } from '../tests/support/postgres-databases';
import { builtClientDir } from './browser-harness';
import type { Figure } from './run';
import { load } from './http-load';

const clients = 16;
const seconds = 5;

async function cardRequestsPerSecond(url: string): Promise<number> {
  const card = new URL('/me/demo', url);
  // Warm: each process renders the page once and keeps it (decision 0402).
  await load(card, 1_000, clients);
  const result = await load(card, seconds * 1000, clients);
  if (result.errors > 0) throw new Error(`${result.errors} card requests failed through nginx`);
  return result.latencies.length / (result.elapsedMs / 1000);
}

async function login(url: string, who: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${who}@mecards.vn`, password: `${who}12345` }),
  });
  if (res.status !== 200) throw new Error(`login ${who}: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function rollingRestart(fleet: Fleet): Promise<{ failed: number; wrong: number }> {
  const tokens: string[] = [];
  for (const who of ['demo', 'staff', 'brand', 'agency']) tokens.push(await login(fleet.url, who));
  const load = runFleetLoad(fleet.url, tokens);
  await load.until((done) => done.writes >= 12);
  for (let i = 0; i < fleet.processes.length; i++) {
    const { exitCode } = await fleet.restart(i);
    if (exitCode !== 0) throw new Error(`process ${i} exited ${exitCode} on SIGTERM`);
    await load.until((done) => done.writes >= 12 * (i + 2));
  }
  const done = await load.stop();
  for (const failure of done.failures.slice(0, 5)) console.error(`  ${failure.slice(0, 300)}`);
  const db = await openDatabase({ databaseUrl: fleet.databaseUrl });
  try {
    const [row] = await queryRows<{ once: number; extra: number }>(
      db.db,
      sql`SELECT count(DISTINCT name)::int AS once, (count(*) - count(DISTINCT name))::int AS extra
            FROM contacts WHERE name LIKE ${`${done.prefix}%`}`,
    );
    const wrong = done.writes - (row?.once ?? 0) + (row?.extra ?? 0);
    return { failed: done.failures.length, wrong };
  } finally {
    await db.close();
  }
}

export async function run(): Promise<Figure[]> {
  const nginx = nginxPath();
  if (!nginx) {
    console.error(
      'fleet-card-rps, rolling-restart-*: skipped, no nginx (apt-get install -y nginx)',
    );
    return [];
  }
  const postgres = await postgresForBench();
  if ('skipped' in postgres) {
    console.error(`fleet-card-rps, rolling-restart-*: skipped, ${postgres.skipped}`);
    return [];
  }
  let fleet: Fleet | undefined;
  try {
    // The built client when there is one (`npm run bench` builds it), as production serves.
    const built = builtClientDir();
    const clientDir = existsSync(path.join(built, 'card.html')) ? built : undefined;
    fleet = await startFleet({ adminUrl: postgres.adminUrl, nginx, clientDir });
    const rps = await cardRequestsPerSecond(fleet.url);
    const rolling = await rollingRestart(fleet);
    return [
      { name: 'fleet-card-rps', value: Math.round(rps), unit: 'req/s' },
      { name: 'rolling-restart-failed-requests', value: rolling.failed, unit: 'requests' },
      { name: 'rolling-restart-lost-or-doubled-writes', value: rolling.wrong, unit: 'writes' },
    ];
  } finally {
    await fleet?.stop();
    postgres.stop();
  }
}
