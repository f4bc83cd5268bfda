// The PGlite pull warm-up (server/sync/pull-warm-up.ts): it runs after its delay, and a server
// stopping before then closes its database without the warm-up ever touching it.
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/http/logger';
import { warmUpPull } from '../../server/sync/pull-warm-up';
import { createTestServer, type TestServer } from './test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const depsOf = (s: TestServer) => ({
  config: s.config,
  database: s.database,
  logger: createLogger('silent'),
  now: () => s.clock.now,
});

describe('pull warm-up', () => {
  it('pulls a phonebook after its delay and ends', async () => {
    server = await createTestServer({ demo: true });
    const ran = await warmUpPull(depsOf(server), new AbortController().signal, 0);
    // PostgreSQL needs no warm-up: it says so without touching anything.
    expect(ran).toBe(server.database.kind === 'pglite');
  });

  it('stops before touching the database when the server stops during its delay', async () => {
    server = await createTestServer({ demo: true });
    const stop = new AbortController();
    // An hour: only the abort can end it within the test's time.
    const warmingUp = warmUpPull(depsOf(server), stop.signal, 3_600_000);
    stop.abort();
    await server.close();
    await expect(warmingUp).resolves.toBe(false);
  });
});
