// The own profile on the device: pulled into `profile`, edited offline through the outbox,
// kept across a reopen, and sent once when the network is back; another device's edit of
// another field meanwhile survives (per-field last write wins, decision 0610).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { writeSession } from '../../src/api/session-store';
import { queueMutationIn } from '../../src/sync/mutate';
import { patchedProfile } from '../../src/features/profile/profile-data';
import { startTestServer } from '../server/test-server';
import { createDevice, demoMemberId } from './support/sync-harness';

const server = await startTestServer({ demo: true });

describe('own profile offline', () => {
  it('an offline edit survives a reopen and reaches the server once', async () => {
    const me = await demoMemberId(server);
    const token = await server.tokenFor(me);
    await writeSession({
      accessToken: token,
      memberId: me,
      userName: 'demo',
      urlMinify: 'demo',
      brandGroup: null,
      agency: null,
    });
    const device = await createDevice(server, me);
    expect((await device.engine.syncNow({ force: true })).status).toBe('synced');
    const pulled = await device.db.profile.get(me);
    expect(pulled?.urlMinify).toBe('demo');
    expect(pulled?.email).toBe('demo@mecards.vn');

    // Offline: every request fails before reaching the server.
    device.faults.next = () => ({ kind: 'drop-before' });
    const patch = { jobTitle: 'Trưởng phòng kinh doanh', interests: ['Du lịch', 'Chạy bộ'] };
    const entry = await queueMutationIn(
      device.db,
      {
        name: 'profile.update',
        payload: { id: me, ...patch },
        table: 'profile',
        rowId: me,
        apply: async (db) => {
          const row = await db.profile.get(me);
          if (row) await db.profile.put(patchedProfile(row, patch, new Date().toISOString()));
        },
      },
      me,
    );
    await device.engine.syncNow({ force: true });
    expect(await device.db.outbox.count()).toBe(1);

    // The tab closes and opens again, still offline: the edit is there and still waiting.
    await device.crash();
    expect((await device.db.profile.get(me))?.jobTitle).toBe('Trưởng phòng kinh doanh');
    expect((await device.db.outbox.get(entry.id))?.state).toBe('pending');

    // Meanwhile another device changes another field.
    const other = await server.request(`/api/members/updateMemberById/${me}`, {
      method: 'PUT',
      token,
      json: { intro: 'Từ điện thoại khác' },
    });
    expect(other.status).toBe(200);

    // Back online: sent, and a second flush sends nothing more.
    device.faults.next = () => undefined;
    expect((await device.engine.syncNow({ force: true })).status).toBe('synced');
    await device.engine.syncNow({ force: true });
    expect(await device.db.outbox.count()).toBe(0);
    const pushes = device.log.filter((l) => l.path === '/api/sync/push' && l.status === 200);
    expect(pushes).toHaveLength(1);

    const [row] = await queryRows<{ job_title: string; intro: string; interests: string[] }>(
      server.database.db,
      sql`SELECT job_title, intro, interests FROM members WHERE id = ${me}`,
    );
    expect(row).toEqual({
      job_title: 'Trưởng phòng kinh doanh',
      intro: 'Từ điện thoại khác',
      interests: ['Du lịch', 'Chạy bộ'],
    });
    const [keys] = await queryRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ${entry.id}`,
    );
    expect(keys?.n).toBe(1);
    // The device ends with the server's row: both fields.
    const local = await device.db.profile.get(me);
    expect(local?.jobTitle).toBe('Trưởng phòng kinh doanh');
    expect(local?.intro).toBe('Từ điện thoại khác');
    device.db.close();
  });
});
