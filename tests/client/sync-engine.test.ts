// The sync engine against the real server in-process: outbox, batching, push before pull,
// cursor, undo on refusal, pending rows never overwritten, 401/refresh, backoff, resync.
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer } from '../server/test-server';
import { createDevice, demoMemberId, serverContacts, type Device } from './support/sync-harness';
import { readSyncState, writeSyncState } from '../../src/sync/sync-state';
import { backoffBaseMs } from '../../src/sync/backoff';
import { readSession } from '../../src/api/session-store';

const server = await startTestServer({ demo: true });
const memberId = await demoMemberId(server);

let device: Device;
const clock = { now: Date.parse('2026-11-21T05:00:00Z') };

beforeEach(async () => {
  device = await createDevice(server, memberId, {
    now: () => clock.now,
    random: () => 0.5,
    maxBatchEntries: 50,
  });
});

const pushes = () => device.log.filter((l) => l.path === '/api/sync/push');
const pulls = () => device.log.filter((l) => l.path.startsWith('/api/sync/pull'));

describe('outbox', () => {
  it('writes the optimistic row and the entry together, and neither when apply fails', async () => {
    const id = crypto.randomUUID();
    await device.queueContact({ id, name: 'Nguyễn An' });
    expect(await device.db.contacts.get(id)).toMatchObject({ name: 'Nguyễn An' });
    const [entry] = await device.db.outbox.toArray();
    expect(entry).toMatchObject({
      name: 'contact.upsert',
      table: 'contacts',
      rowKey: id,
      state: 'pending',
      snapshot: null,
      seq: 1,
    });
    expect(entry?.after).toMatchObject({ name: 'Nguyễn An' });

    const { queueMutationIn } = await import('../../src/sync/mutate');
    const other = crypto.randomUUID();
    await expect(
      queueMutationIn(
        device.db,
        {
          name: 'contact.upsert',
          payload: { id: other, name: 'x' },
          table: 'contacts',
          rowId: other,
          apply: async (db) => {
            await db.contacts.put({ ...(await device.db.contacts.get(id))!, id: other });
            throw new Error('boom');
          },
        },
        memberId,
      ),
    ).rejects.toThrow('boom');
    expect(await device.db.contacts.get(other)).toBeUndefined();
    expect(await device.db.outbox.count()).toBe(1);
  });

  it('pushes before it pulls and ends with an empty queue and the server row mirrored', async () => {
    const id = crypto.randomUUID();
    await device.queueContact({ id, name: 'Trần Bình', phone: '0901234567' });
    const outcome = await device.engine.syncNow();
    expect(outcome).toMatchObject({ status: 'synced', pushed: 1, rejected: 0 });
    expect(device.log.map((l) => l.path.split('?')[0])).toEqual([
      '/api/sync/push',
      '/api/sync/pull',
    ]);
    expect(await device.db.outbox.count()).toBe(0);
    const local = await device.db.contacts.get(id);
    expect(local).toMatchObject({ name: 'Trần Bình', phone: '0901234567' });
    expect(local?.changeSeq).toBeGreaterThan(0);
    expect((await serverContacts(server, memberId)).get(id)?.name).toBe('Trần Bình');
    expect(await readSyncState(device.db, 'cursor')).toBeGreaterThanOrEqual(local!.changeSeq!);
    expect(await readSyncState(device.db, 'lastSyncedAt')).toBe(new Date(clock.now).toISOString());
  });

  it('sends 1,000 queued entries in a few batched requests, in order', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 1000; i += 1) {
      const id = crypto.randomUUID();
      ids.push(id);
      await device.queueContact({ id, name: `Khách ${i}` });
    }
    const outcome = await device.engine.syncNow();
    expect(outcome).toMatchObject({ status: 'synced', pushed: 1000 });
    expect(pushes()).toHaveLength(20);
    const sent = pushes().flatMap(
      (l) => (l.body as { mutations: { payload: { id: string } }[] }).mutations,
    );
    expect(sent.map((m) => m.payload.id)).toEqual(ids);
    const onServer = await serverContacts(server, memberId);
    for (const id of ids) expect(onServer.has(id)).toBe(true);
  });
});

describe('one flusher', () => {
  it('two tabs flushing at once send each entry once, in order', async () => {
    const { createSyncEngine } = await import('../../src/sync/sync-engine');
    const otherTab = createSyncEngine({ db: device.db, lockName: device.db.name });
    const ids: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      const id = crypto.randomUUID();
      ids.push(id);
      await device.queueContact({ id, name: `Hai tab ${i}` });
    }
    const outcomes = await Promise.all([device.engine.syncNow(), otherTab.syncNow()]);
    expect(outcomes.map((o) => o.status)).toEqual(['synced', 'synced']);
    const sent = pushes().flatMap(
      (l) => (l.body as { mutations: { payload: { id: string } }[] }).mutations,
    );
    expect(sent.map((m) => m.payload.id)).toEqual(ids);
  });
});

describe('refusals', () => {
  it('marks a refused entry, undoes its change, keeps the reason, and sends the rest', async () => {
    const keep = crypto.randomUUID();
    await device.queueContact({ id: keep, name: 'Lê Châu' });
    await device.engine.syncNow();
    // An invalid edit (no name) between two good writes.
    const bad = await device.queueContact({ id: keep, name: '' });
    const good = crypto.randomUUID();
    await device.queueContact({ id: good, name: 'Phạm Dung' });
    expect((await device.db.contacts.get(keep))?.name).toBe('');

    const outcome = await device.engine.syncNow();
    expect(outcome).toMatchObject({ status: 'synced', pushed: 1, rejected: 1 });
    expect((await device.db.contacts.get(keep))?.name).toBe('Lê Châu');
    expect(await device.db.contacts.get(good)).toBeDefined();
    const refused = await device.db.outbox.get(bad);
    expect(refused).toMatchObject({ state: 'rejected', error: { code: 'validation_failed' } });
    expect(refused?.error?.fields?.name).toBeTruthy();
    expect((await serverContacts(server, memberId)).get(keep)?.name).toBe('Lê Châu');
  });

  it('removes a refused new row, and leaves a row alone while a later change to it waits', async () => {
    // A contact created with an invalid phone never existed on the server: the row goes away.
    const ghost = crypto.randomUUID();
    await device.queueContact({ id: ghost, name: 'Ma', phone: 'abc' });
    // Two edits of the same row: the first refused, the second fine.
    const row = crypto.randomUUID();
    await device.queueContact({ id: row, name: 'Đỗ Em' });
    await device.engine.syncNow();
    await device.queueContact({ id: row, name: 'Đỗ Em', phone: 'xx' });
    await device.queueContact({ id: row, name: 'Đỗ Em 2', phone: '' });
    const outcome = await device.engine.syncNow();
    expect(outcome.rejected).toBe(1);
    expect(await device.db.contacts.get(ghost)).toBeUndefined();
    expect((await device.db.contacts.get(row))?.name).toBe('Đỗ Em 2');
    expect((await serverContacts(server, memberId)).get(row)?.name).toBe('Đỗ Em 2');
  });

  it('retries a refused entry with its change put back, or discards it', async () => {
    const id = crypto.randomUUID();
    await device.queueContact({ id, name: 'Võ Giang' });
    await device.engine.syncNow();
    const bad = await device.queueContact({ id, name: 'Võ Giang', phone: '1' });
    await device.engine.syncNow();
    expect((await device.db.contacts.get(id))?.phone).toBeNull();
    const { retryRejected, discardRejected } = await import('../../src/sync/local-apply');
    await retryRejected(device.db, bad);
    expect((await device.db.contacts.get(id))?.phone).toBe('1');
    expect((await device.db.outbox.get(bad))?.state).toBe('pending');
    await device.engine.syncNow();
    expect((await device.db.outbox.get(bad))?.state).toBe('rejected');
    expect((await device.db.contacts.get(id))?.phone).toBeNull();
    await discardRejected(device.db, bad);
    expect(await device.db.outbox.count()).toBe(0);
  });
});

describe('pull', () => {
  it('never overwrites a row with pending changes; the server version lands once they settle', async () => {
    const id = crypto.randomUUID();
    await device.queueContact({ id, name: 'Hồ Hạnh' });
    await device.engine.syncNow();
    // Another device renames it on the server.
    await server.database.db.execute(
      sql`UPDATE contacts SET company = 'Công ty Mới' WHERE id = ${id}`,
    );
    // Meanwhile this device edits it offline.
    device.faults.next = (path) =>
      path === '/api/sync/push' ? { kind: 'drop-before' } : undefined;
    await device.queueContact({ id, name: 'Hồ Hạnh (sửa)' });
    // Push fails, so force a pull-only pass through the local page writer.
    const { applyPullPage } = await import('../../src/sync/local-apply');
    const cursor = (await readSyncState(device.db, 'cursor')) ?? 0;
    const page = (await (
      await server.request(`/api/sync/pull?cursor=${cursor}`, {
        token: (await readSession())!.accessToken,
      })
    ).json()) as Parameters<typeof applyPullPage>[1];
    expect(page.changes.some((c) => c.row.id === id)).toBe(true);
    await applyPullPage(device.db, page);
    expect((await device.db.contacts.get(id))?.name).toBe('Hồ Hạnh (sửa)');
    expect(await device.db.serverShadows.count()).toBe(1);

    device.faults.next = () => undefined;
    await device.engine.syncNow({ force: true });
    // Last write per contact wins: our edit (whole contact) replaced the other company.
    expect((await device.db.contacts.get(id))?.name).toBe('Hồ Hạnh (sửa)');
    expect(await device.db.serverShadows.count()).toBe(0);
    expect((await serverContacts(server, memberId)).get(id)?.name).toBe('Hồ Hạnh (sửa)');
  });

  it('pages until hasMore is false and carries tombstones', async () => {
    const paged = await createDevice(server, memberId, { pullLimit: 7 });
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const id = crypto.randomUUID();
      ids.push(id);
      await paged.queueContact({ id, name: `Trang ${i}` });
    }
    await paged.engine.syncNow();
    const fresh = await createDevice(server, memberId, { pullLimit: 7 });
    await fresh.engine.syncNow();
    expect(fresh.log.filter((l) => l.path.startsWith('/api/sync/pull')).length).toBeGreaterThan(3);
    for (const id of ids) expect(await fresh.db.contacts.get(id)).toBeDefined();

    await fresh.queueContactDelete(ids[0]!);
    await fresh.engine.syncNow();
    await paged.crash();
    await paged.engine.syncNow();
    expect(await paged.db.contacts.get(ids[0]!)).toBeUndefined();
    expect((await serverContacts(server, memberId)).get(ids[0]!)?.deletedAt).not.toBeNull();
    // Two full pulls through every pull source in pages of 7: slow on a busy machine.
  }, 120_000);

  it('grows a pull from a small first page to the pull limit, and every row arrives', async () => {
    const writer = await createDevice(server, memberId);
    const ids: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const id = crypto.randomUUID();
      ids.push(id);
      await writer.queueContact({ id, name: `Trang lớn dần ${i}` });
    }
    await writer.engine.syncNow();
    const fresh = await createDevice(server, memberId, { firstPullPage: 2, pullLimit: 16 });
    expect((await fresh.engine.syncNow()).status).toBe('synced');
    const limits = fresh.log
      .filter((l) => l.path.startsWith('/api/sync/pull'))
      .map((l) => Number(new URL(l.path, 'http://device').searchParams.get('limit')));
    expect(limits.slice(0, 5)).toEqual([2, 4, 8, 16, 16]);
    for (const id of ids) expect((await fresh.db.contacts.get(id))?.name).toMatch(/^Trang lớn dần/);
    const live = [...(await serverContacts(server, memberId)).values()].filter(
      (row) => row.deletedAt === null,
    );
    expect(await fresh.db.contacts.count()).toBe(live.length);
  }, 120_000);

  it('resyncs from zero when the server says the cursor is older than tombstone retention', async () => {
    const id = crypto.randomUUID();
    await device.queueContact({ id, name: 'Cũ' });
    await device.engine.syncNow();
    // A row the server no longer has, and a cursor behind the purge mark.
    await device.db.contacts.put({
      ...(await device.db.contacts.get(id))!,
      id: crypto.randomUUID(),
    });
    await writeSyncState(device.db, 'cursor', 1);
    await server.database.db.execute(
      sql`UPDATE sync_tombstone_purges SET purged_through_seq = 5 WHERE id = 1`,
    );
    try {
      const earlier = pulls().length;
      const outcome = await device.engine.syncNow();
      expect(outcome.status).toBe('synced');
      const resync = pulls().slice(earlier);
      expect(resync[0]?.status).toBe(410);
      expect(resync.slice(1).every((l) => l.status === 200)).toBe(true);
      const local = await device.db.contacts.toArray();
      const onServer = await serverContacts(server, memberId);
      expect(local.every((c) => onServer.has(c.id))).toBe(true);
      expect(local.some((c) => c.id === id)).toBe(true);
    } finally {
      await server.database.db.execute(
        sql`UPDATE sync_tombstone_purges SET purged_through_seq = 0 WHERE id = 1`,
      );
    }
  }, 120_000);
});

describe('failures', () => {
  it('does not undo anything when the push route itself is missing (404): it waits', async () => {
    const id = crypto.randomUUID();
    await device.queueContact({ id, name: 'Không mất' });
    device.faults.next = (path) =>
      path === '/api/sync/push' ? { kind: 'status', status: 404, code: 'not_found' } : undefined;
    expect((await device.engine.syncNow()).status).toBe('backoff');
    expect((await device.db.outbox.toArray()).map((e) => e.state)).toEqual(['pending']);
    expect((await device.db.contacts.get(id))?.name).toBe('Không mất');
  });

  it('splits a batch the server refuses as a whole and refuses only the entry at fault', async () => {
    const good = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await device.queueContact({ id: good[0]!, name: 'Một' });
    await device.queueContact({ id: good[1]!, name: 'Hai' });
    const { queueMutationIn } = await import('../../src/sync/mutate');
    const bad = await queueMutationIn(
      device.db,
      {
        name: 'contact.upsert',
        // An entry the batch schema refuses (name over 100 characters).
        payload: { id: crypto.randomUUID(), name: 'x' },
        table: 'contacts',
        rowId: 'nothing',
        apply: () => undefined,
      },
      memberId,
    );
    await device.db.outbox.update(bad.id, { name: 'x'.repeat(150) });
    await device.queueContact({ id: good[2]!, name: 'Ba' });
    const outcome = await device.engine.syncNow();
    expect(outcome).toMatchObject({ status: 'synced', pushed: 3, rejected: 1 });
    expect((await device.db.outbox.get(bad.id))?.state).toBe('rejected');
    const onServer = await serverContacts(server, memberId);
    for (const id of good) expect(onServer.has(id)).toBe(true);
  });

  it('refreshes once on 401 and sends with the new token', async () => {
    await device.queueContact({ id: crypto.randomUUID(), name: 'Token' });
    let first = true;
    device.faults.next = (path) => {
      if (path === '/api/sync/push' && first) {
        first = false;
        return { kind: 'status', status: 401, code: 'token_expired' };
      }
      return undefined;
    };
    const outcome = await device.engine.syncNow();
    expect(outcome.status).toBe('synced');
    expect(device.refresh.calls).toBe(1);
    expect(pushes().map((p) => p.status)).toEqual([401, 200]);
  });

  it('pauses and keeps the queue when the refresh fails, and resumes after a new login', async () => {
    const id = crypto.randomUUID();
    await device.queueContact({ id, name: 'Chờ' });
    device.refresh.ok = false;
    device.faults.next = (path) =>
      path === '/api/sync/push'
        ? { kind: 'status', status: 401, code: 'token_expired' }
        : undefined;
    expect((await device.engine.syncNow()).status).toBe('paused');
    expect(await readSyncState(device.db, 'pausedForLogin')).toBe(true);
    expect(await device.db.outbox.count()).toBe(1);
    expect((await device.db.contacts.get(id))?.name).toBe('Chờ');
    expect((await device.engine.syncNow()).status).toBe('signed-out');

    device.faults.next = () => undefined;
    const { writeSession } = await import('../../src/api/session-store');
    await writeSession({
      accessToken: await server.tokenFor(memberId),
      memberId,
      userName: 'demo',
      urlMinify: null,
      brandGroup: null,
      agency: null,
    });
    expect((await device.engine.syncNow()).status).toBe('synced');
    expect(await readSyncState(device.db, 'pausedForLogin')).toBe(false);
    expect((await serverContacts(server, memberId)).get(id)?.name).toBe('Chờ');
  });

  it('keeps entries on 5xx, 429 and network errors and backs off, honouring Retry-After', async () => {
    await device.queueContact({ id: crypto.randomUUID(), name: 'Mạng' });
    device.faults.next = () => ({ kind: 'status', status: 503, code: 'generic' });
    const first = await device.engine.syncNow();
    expect(first.status).toBe('backoff');
    expect(first.retryAt).toBe(clock.now + backoffBaseMs * 0.75);
    // Not yet time: nothing is sent.
    const before = device.log.length;
    expect((await device.engine.syncNow()).status).toBe('backoff');
    expect(device.log.length).toBe(before);

    device.faults.next = () => ({
      kind: 'status',
      status: 429,
      code: 'rate_limited',
      retryAfter: 120,
    });
    const second = await device.engine.syncNow({ force: true });
    expect(second.retryAt).toBe(clock.now + 120_000);

    device.faults.next = () => ({ kind: 'drop-before' });
    const third = await device.engine.syncNow({ force: true });
    expect(third.status).toBe('offline');
    // Third failure in a row: 4 × base × (0.5 + 0.5 × 0.5).
    expect(third.retryAt).toBe(clock.now + backoffBaseMs * 4 * 0.75);
    expect(await device.db.outbox.count()).toBe(1);

    device.faults.next = () => undefined;
    clock.now = third.retryAt!;
    expect((await device.engine.syncNow()).status).toBe('synced');
    expect(await device.db.outbox.count()).toBe(0);
    expect(await readSyncState(device.db, 'backoff')).toBeUndefined();
  });

  it('does not apply twice a push whose answer was lost', async () => {
    const id = crypto.randomUUID();
    await device.queueContact({ id, name: 'Một lần' });
    device.faults.next = (path) => (path === '/api/sync/push' ? { kind: 'drop-after' } : undefined);
    expect((await device.engine.syncNow()).status).toBe('offline');
    device.faults.next = (path) => (path === '/api/sync/push' ? { kind: 'duplicate' } : undefined);
    expect((await device.engine.syncNow({ force: true })).status).toBe('synced');
    const onServer = [...(await serverContacts(server, memberId)).entries()].filter(
      ([, c]) => c.name === 'Một lần',
    );
    expect(onServer).toHaveLength(1);
  });
});
