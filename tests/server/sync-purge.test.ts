// Tombstone retention without a separate job: a day after start, a pull purges tombstones older
// than 90 days in the background, and a device whose cursor is older is sent to resync.
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { tombstoneRetentionDays } from '../../contract/sync';
import { queryRows } from '../../server/db/client';
import { tombstonePurgesSettled } from '../../server/routes/sync';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });
const [demo] = await queryRows<{ id: string }>(
  server.database.db,
  sql`SELECT id FROM members WHERE email = 'demo@mecards.vn'`,
);
const memberId = demo!.id;

async function contactExists(id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    server.database.db,
    sql`SELECT id FROM contacts WHERE id = ${id}`,
  );
  return rows.length === 1;
}

it('purges old tombstones after a pull once a day and resyncs cursors behind them', async () => {
  let token = await server.tokenFor(memberId);
  const before = (await (await server.request('/api/sync/pull', { token })).json()) as {
    cursor: number;
  };
  const id = crypto.randomUUID();
  const push = await server.request('/api/sync/push', {
    method: 'POST',
    token,
    json: {
      mutations: [
        { id: crypto.randomUUID(), name: 'contact.upsert', payload: { id, name: 'Tạm' } },
        { id: crypto.randomUUID(), name: 'contact.delete', payload: { id } },
      ],
    },
  });
  expect(push.status).toBe(200);

  // Within the first day nothing is purged.
  await server.request('/api/sync/pull', { token });
  expect(await contactExists(id)).toBe(true);

  // Past retention (and a day after start), the next pull triggers the purge.
  server.clock.now = new Date(Date.now() + (tombstoneRetentionDays + 2) * 86_400_000);
  token = await server.tokenFor(memberId);
  expect((await server.request('/api/sync/pull', { token })).status).toBe(200);
  await tombstonePurgesSettled();
  expect(await contactExists(id)).toBe(false);

  const stale = await server.request(`/api/sync/pull?cursor=${before.cursor}`, { token });
  expect(stale.status).toBe(410);
  expect((await server.request('/api/sync/pull?cursor=0', { token })).status).toBe(200);
});
