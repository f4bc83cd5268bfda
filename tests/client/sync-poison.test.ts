// A poison entry (the server fails on it the same way every time) ends refused after a bounded
// number of tries with its reason, its optimistic row undone, and the rest of the queue is
// delivered exactly once. A try that got no answer does not count (decision 0206).
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer } from '../server/test-server';
import { createDevice, demoMemberId, serverContacts } from './support/sync-harness';
import { maxServerAttempts } from '../../src/sync/local-apply';
import type { PushBody, PushResponse } from '../../contract/sync';

const server = await startTestServer({ demo: true });
const memberId = await demoMemberId(server);

// The server's contact write fails (as a bug or a broken row would) for this one name only.
await server.database.db.execute(sql`
  CREATE FUNCTION poison_contact() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.name = 'Độc' THEN RAISE EXCEPTION 'cannot store this contact'; END IF;
    RETURN NEW;
  END $$`);
await server.database.db.execute(sql`
  CREATE TRIGGER poison_contact BEFORE INSERT OR UPDATE ON contacts
  FOR EACH ROW EXECUTE FUNCTION poison_contact()`);

describe('poison entries', () => {
  it('ends refused after the bounded tries; the others are applied exactly once', async () => {
    const clock = { now: Date.parse('2026-11-21T05:00:00Z') };
    const device = await createDevice(server, memberId, { now: () => clock.now });
    /** Every answer the server gave per entry id, delivered or not. */
    const answers = new Map<string, string[]>();
    device.afterDelivery = async (path, body, response) => {
      if (path !== '/api/sync/push' || !response.ok) return;
      const sent = body as PushBody;
      const { results } = (await response.json()) as PushResponse;
      for (const result of results) {
        if (!sent.mutations.some((m) => m.id === result.id)) continue;
        answers.set(result.id, [...(answers.get(result.id) ?? []), result.status]);
      }
    };
    const before = crypto.randomUUID();
    const poison = crypto.randomUUID();
    const after = [crypto.randomUUID(), crypto.randomUUID()];
    const beforeEntry = await device.queueContact({ id: before, name: 'Trước' });
    const poisonEntry = await device.queueContact({ id: poison, name: 'Độc' });
    const afterEntries = [
      await device.queueContact({ id: after[0]!, name: 'Sau một' }),
      await device.queueContact({ id: after[1]!, name: 'Sau hai' }),
    ];

    // No answer at all (offline) is not a try of the server's.
    device.faults.next = () => ({ kind: 'drop-before' });
    expect((await device.engine.syncNow({ force: true })).status).toBe('offline');
    device.faults.next = () => undefined;

    let outcome = await device.engine.syncNow({ force: true });
    for (let i = 1; i < maxServerAttempts; i++) {
      expect(outcome.status).toBe('backoff');
      expect((await device.db.outbox.get(poisonEntry))?.attempts).toBe(i);
      outcome = await device.engine.syncNow({ force: true });
    }
    expect(outcome).toMatchObject({ status: 'synced', rejected: 1 });

    const refused = await device.db.outbox.get(poisonEntry);
    expect(refused).toMatchObject({
      state: 'rejected',
      attempts: maxServerAttempts,
      error: {
        code: 'server_gave_up',
        message: `Máy chủ không áp dụng được thay đổi này sau ${maxServerAttempts} lần thử`,
      },
    });
    // Its optimistic row is undone (it was a new contact); the others are mirrored.
    expect(await device.db.contacts.get(poison)).toBeUndefined();
    expect(await device.db.outbox.where('state').equals('pending').count()).toBe(0);
    expect(answers.get(poisonEntry)).toEqual(Array(maxServerAttempts).fill('retry'));
    for (const id of [beforeEntry, ...afterEntries]) {
      expect(answers.get(id)?.filter((status) => status === 'applied')).toEqual(['applied']);
    }
    const onServer = await serverContacts(server, memberId);
    expect(onServer.has(poison)).toBe(false);
    for (const id of [before, ...after]) expect(onServer.get(id)?.deletedAt).toBeNull();
  });
});
