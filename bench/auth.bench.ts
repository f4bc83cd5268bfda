// Account figures (issue 3): the cost of one scrypt hash at the OWASP parameters, a full login
// (rate-limit check, password check, session, cookies) and a refresh rotation, in-process on
// PGlite with the demo data. Prints `auth-scrypt-hash`, `auth-login`, `auth-refresh` in ms.
import { createApp } from '../server/app';
import { hashPassword } from '../server/auth/password';
import type { Config } from '../server/config';
import { migrate, openDatabase } from '../server/db/client';
import { createLogger } from '../server/http/logger';
import { seedDemoData } from '../server/seed/demo';
import type { Figure } from './run';

const config: Config = {
  port: 0,
  host: '127.0.0.1',
  dataDir: '',
  databaseUrl: undefined,
  clientDir: '/nonexistent',
  publicOrigin: 'http://bench.test',
  authSecret: 'bench-secret-bench-secret-bench-secret',
  secureCookies: true,
  logLevel: 'silent',
  bodyLimitBytes: 64 * 1024,
  seedDemo: false,
  trustProxy: false,
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0);
}

export async function run(): Promise<Figure[]> {
  const hashes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await hashPassword('hoa-sen-tim-2026');
    hashes.push(performance.now() - started);
  }

  const database = await openDatabase({});
  await migrate(database);
  await seedDemoData(database.db);
  const app = createApp({
    config,
    database,
    logger: createLogger('silent'),
    now: () => new Date(),
  });
  const logins: number[] = [];
  const refreshes: number[] = [];
  try {
    for (let i = 0; i < 5; i++) {
      let started = performance.now();
      const login = await app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@mecards.vn', password: 'demo12345' }),
      });
      logins.push(performance.now() - started);
      const cookie = login.headers
        .getSetCookie()
        .find((c) => c.startsWith('refreshToken='))
        ?.split(';')[0];
      started = performance.now();
      const refreshed = await app.request('/api/auth/refresh', {
        method: 'POST',
        headers: { cookie: cookie ?? '' },
      });
      refreshes.push(performance.now() - started);
      if (!login.ok || !refreshed.ok)
        throw new Error(`login ${login.status}, refresh ${refreshed.status}`);
    }
  } finally {
    await database.close();
  }
  return [
    { name: 'auth-scrypt-hash', value: median(hashes), unit: 'ms' },
    { name: 'auth-login', value: median(logins), unit: 'ms' },
    { name: 'auth-refresh', value: median(refreshes), unit: 'ms' },
  ];
}
