// A change the server holds under a fair-use limit (decision 1023) stays queued with its data,
// is not sent again before the server's Retry-After, does not hold back the other changes, and
// goes through once the limit frees up.
import { describe, expect, it } from 'vitest';
import { fairUseLimits } from '../../contract/fair-use';
import { liveContactCount } from '../../server/domain/contacts';
import { startTestServer } from '../server/test-server';
import { createDevice, demoMemberId, serverContacts } from './support/sync-harness';

const server = await startTestServer({ demo: true });
const memberId = await demoMemberId(server);
const clock = { now: Date.parse('2026-11-21T05:00:00Z') };

describe('a change held under a fair-use limit', () => {
  it('keeps it queued until Retry-After while the rest is sent, then sends it once', async () => {
    // Room for two more contacts in the phonebook.
    const kept = await liveContactCount(server.database.db, memberId);
    server.config.fairUse = { ...fairUseLimits, contacts: kept + 2 };
    const device = await createDevice(server, memberId, { now: () => clock.now });
    const pushes = () => device.log.filter((l) => l.path === '/api/sync/push');
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await device.queueContact({ id: a, name: 'An' });
    await device.queueContact({ id: b, name: 'Bình' });
    await device.queueContact({ id: c, name: 'Chi' });
    await device.queueContact({ id: c, name: 'Chi Nguyễn', phone: '0901234567' });
    await device.queueContactDelete(a);

    const first = await device.engine.syncNow();
    expect(first).toMatchObject({ status: 'synced', pushed: 3, rejected: 0 });
    const held = await device.db.outbox.orderBy('seq').toArray();
    expect(held.map((e) => [e.payload, e.state])).toEqual([
      [expect.objectContaining({ id: c, name: 'Chi' }), 'pending'],
      [expect.objectContaining({ id: c, name: 'Chi Nguyễn' }), 'pending'],
    ]);
    const [entry] = held;
    expect(entry!.error).toMatchObject({ code: 'fair_use_contacts', status: 429 });
    expect(entry!.error!.message).toMatch(/^Danh bạ đã có \d+(\.\d+)* liên hệ/);
    // The server's Retry-After (an hour for a full phonebook) is when it goes again.
    expect(entry!.notBefore).toBe(clock.now + 3600 * 1000);
    expect(first.retryAt).toBe(entry!.notBefore);
    // Nothing typed is lost: the row stays on screen as last edited.
    expect(await device.db.contacts.get(c)).toMatchObject({ name: 'Chi Nguyễn' });

    // Before its time, not even a forced flush sends it.
    const sent = pushes().length;
    const early = await device.engine.syncNow({ force: true });
    expect(early.status).toBe('synced');
    expect(pushes().length).toBe(sent);
    expect(await device.db.outbox.count()).toBe(2);

    // Deleting `a` made room: at Retry-After both go through, once.
    clock.now = entry!.notBefore!;
    const later = await device.engine.syncNow();
    expect(later).toMatchObject({ status: 'synced', pushed: 2 });
    expect(later.retryAt).toBeUndefined();
    expect(await device.db.outbox.count()).toBe(0);
    const onServer = await serverContacts(server, memberId);
    expect(onServer.get(c)).toMatchObject({ name: 'Chi Nguyễn', phone: '0901234567' });
    expect(onServer.get(a)?.deletedAt).not.toBeNull();
    expect(onServer.get(b)?.deletedAt).toBeNull();
  });
});
