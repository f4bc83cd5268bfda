// Push settings are part of the own profile mirror (decision 0662): changed offline through
// profile.setPushSettings, shown at once from the mirrored row, kept across a reopen and written
// on the server once when the network is back; the server's push sending reads them.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { pushSettingsOf } from '../../server/domain/notifications';
import { writeSession } from '../../src/api/session-store';
import { queueMutationIn } from '../../src/sync/mutate';
import { pushSettingsWrite } from '../../src/features/notifications/notification-writes';
import { startTestServer } from '../server/test-server';
import { createDevice, demoMemberId } from './support/sync-harness';

const server = await startTestServer({ demo: true });

describe('push settings offline', () => {
  it('an offline change is on the device at once and on the server once after reconnect', async () => {
    const me = await demoMemberId(server);
    await writeSession({
      accessToken: await server.tokenFor(me),
      memberId: me,
      userName: 'demo',
      urlMinify: 'demo',
      brandGroup: null,
      agency: null,
    });
    const device = await createDevice(server, me);
    expect((await device.engine.syncNow({ force: true })).status).toBe('synced');
    expect((await device.db.profile.get(me))?.pushSettings).toEqual({
      messages: true,
      friends: true,
      points: true,
    });

    // Offline: two topics turned off, one after the other.
    device.faults.next = () => ({ kind: 'drop-before' });
    await queueMutationIn(device.db, pushSettingsWrite(me, { points: false }), me);
    await queueMutationIn(device.db, pushSettingsWrite(me, { friends: false }), me);
    await device.engine.syncNow({ force: true });
    expect(await device.db.outbox.count()).toBe(2);
    expect((await device.db.profile.get(me))?.pushSettings).toEqual({
      messages: true,
      friends: false,
      points: false,
    });
    expect(await pushSettingsOf(server.database.db, me)).toEqual({
      messages: true,
      friends: true,
      points: true,
    });

    // The tab closes and opens again, still offline: the change is still there.
    await device.crash();
    expect((await device.db.profile.get(me))?.pushSettings?.points).toBe(false);

    const seqBefore = await changeSeqOf(me);
    device.faults.next = () => undefined;
    expect((await device.engine.syncNow({ force: true })).status).toBe('synced');
    await device.engine.syncNow({ force: true });
    expect(await device.db.outbox.count()).toBe(0);
    const pushes = device.log.filter((l) => l.path === '/api/sync/push' && l.status === 200);
    expect(pushes).toHaveLength(1);

    const [row] = await queryRows<{ push_settings: Record<string, boolean> }>(
      server.database.db,
      sql`SELECT push_settings FROM members WHERE id = ${me}`,
    );
    expect(row?.push_settings).toEqual({ points: false, friends: false });
    // Applied once each: the row changed twice (two entries), never again on the second flush.
    const seqAfter = await changeSeqOf(me);
    expect(seqAfter).toBeGreaterThan(seqBefore);
    await device.engine.syncNow({ force: true });
    expect(await changeSeqOf(me)).toBe(seqAfter);
    expect(await pushSettingsOf(server.database.db, me)).toEqual({
      messages: true,
      friends: false,
      points: false,
    });
    // The device shows what the server has.
    expect((await device.db.profile.get(me))?.pushSettings).toEqual({
      messages: true,
      friends: false,
      points: false,
    });
  });

  it('the server pushes only the topics the member left on', async () => {
    const me = await demoMemberId(server);
    const token = await server.tokenFor(me);
    const put = await server.request('/api/notifications/settings', {
      method: 'PUT',
      token,
      json: { messages: 'yes' },
    });
    expect(put.status).toBe(400);
    const unknownTopic = await server.request('/api/notifications/settings', {
      method: 'PUT',
      token,
      json: { sounds: true },
    });
    expect(unknownTopic.status).toBe(400);
    expect(await pushSettingsOf(server.database.db, me)).toMatchObject({ messages: true });
  });
});

async function changeSeqOf(memberId: string): Promise<number> {
  const [row] = await queryRows<{ change_seq: string | number }>(
    server.database.db,
    sql`SELECT change_seq FROM members WHERE id = ${memberId}`,
  );
  return Number(row?.change_seq);
}
