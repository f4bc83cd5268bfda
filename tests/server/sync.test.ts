// Batch push and delta pull on the real server: idempotent replays, refusals per entry, paged
// pull with tombstones per member, tombstone retention, and the cursor under concurrent
// commits on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { PullResponse, PushResult } from '../../contract/sync';
import { queryRows } from '../../server/db/client';
import { contacts } from '../../server/db/schema';
import { ApiError } from '../../server/http/errors';
import { createLogger } from '../../server/http/logger';
import { findMutation } from '../../server/sync/mutation-handlers';
import { purgeTombstones } from '../../server/sync/pull';
import { pushMutations } from '../../server/sync/push';
import {
  pushBusyRetryAfterSeconds,
  pushLeaseMs,
  withPushLease,
} from '../../server/sync/push-lease';
import { syncPushLeases } from '../../server/db/schema-sync';
import type { RunnableMutation } from '../../server/sync/registry';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });

async function memberIdOf(email: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    server.database.db,
    sql`SELECT id FROM members WHERE email = ${email}`,
  );
  if (!row) throw new Error(email);
  return row.id;
}

const demoId = await memberIdOf('demo@mecards.vn');
const staffId = await memberIdOf('staff@mecards.vn');
const demoToken = await server.tokenFor(demoId);
const staffToken = await server.tokenFor(staffId);

interface Entry {
  id: string;
  name: string;
  payload: unknown;
}

async function push(mutations: Entry[], token = demoToken): Promise<PushResult[]> {
  const res = await server.request('/api/sync/push', {
    method: 'POST',
    token,
    json: { mutations },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: PushResult[] }).results;
}

async function pull(cursor: number, limit = 1000, token = demoToken): Promise<PullResponse> {
  const res = await server.request(`/api/sync/pull?cursor=${cursor}&limit=${limit}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as PullResponse;
}

async function pullAll(cursor: number, limit = 1000, token = demoToken) {
  const changes: PullResponse['changes'] = [];
  let pages = 0;
  for (;;) {
    const page = await pull(cursor, limit, token);
    pages += 1;
    expect(page.cursor).toBeGreaterThanOrEqual(cursor);
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { changes, cursor, pages };
  }
}

const upsert = (id: string, name: string): Entry => ({
  id: crypto.randomUUID(),
  name: 'contact.upsert',
  payload: { id, name },
});

async function contactCount(id: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    server.database.db,
    sql`SELECT count(*)::int AS n FROM contacts WHERE id = ${id}`,
  );
  return row?.n ?? 0;
}

// Test-only mutations, pushed beside the declared ones: one that fails like a dropped database
// connection, one that answers busy.
let flakyRuns = 0;
const testMutations = new Map<string, RunnableMutation>([
  [
    'test.flaky',
    {
      name: 'test.flaky',
      schema: v.object({}),
      run() {
        flakyRuns += 1;
        return Promise.reject(Object.assign(new Error('connection reset'), { code: '08006' }));
      },
    },
  ],
  [
    'test.busy',
    {
      name: 'test.busy',
      schema: v.object({}),
      run: () => Promise.reject(new ApiError(503, 'generic')),
    },
  ],
]);

/** The batch push as the route runs it, with the test-only mutations known too. */
function pushWithTestMutations(mutations: Entry[], memberId = demoId): Promise<PushResult[]> {
  const deps = {
    config: server.config,
    database: server.database,
    logger: createLogger('silent'),
    now: () => server.clock.now,
  };
  return pushMutations(deps, memberId, mutations, 'vi', (name) =>
    testMutations.has(name) ? testMutations.get(name) : findMutation(name),
  );
}

describe('POST /api/sync/push', () => {
  it('needs a logged-in member', async () => {
    const res = await server.request('/api/sync/push', { method: 'POST', json: { mutations: [] } });
    expect(res.status).toBe(401);
  });

  it('replays an idempotency key: the same answer and one row', async () => {
    const contactId = crypto.randomUUID();
    const entry = upsert(contactId, 'Ngô Phúc');
    const [first] = await push([entry]);
    const [again] = await push([entry]);
    expect(first?.status).toBe('applied');
    expect(again).toEqual(first);
    expect(await contactCount(contactId)).toBe(1);
    const [key] = await queryRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ${entry.id}`,
    );
    expect(key?.n).toBe(1);
    // A later edit with a new key is applied; the old key still answers its first result.
    await push([upsert(contactId, 'Ngô Phúc 2')]);
    const [late] = await push([entry]);
    expect(late).toEqual(first);
    const [row] = await queryRows<{ name: string }>(
      server.database.db,
      sql`SELECT name FROM contacts WHERE id = ${contactId}`,
    );
    expect(row?.name).toBe('Ngô Phúc 2');
  });

  it('two deliveries of one key at once apply it once', async () => {
    const contactId = crypto.randomUUID();
    const entry = upsert(contactId, 'Song song');
    const send = () =>
      server.request('/api/sync/push', {
        method: 'POST',
        token: demoToken,
        json: { mutations: [entry] },
      });
    // The second may also be turned away while the first runs (one push per member, 0206).
    const answers = await Promise.all([send(), send()]);
    const applied: PushResult[] = [];
    for (const res of answers) {
      if (res.status === 429) continue;
      expect(res.status).toBe(200);
      applied.push(((await res.json()) as { results: PushResult[] }).results[0]!);
    }
    if (applied.length < 2) applied.push((await push([entry]))[0]!);
    expect(applied[0]?.status).toBe('applied');
    expect(applied[1]).toEqual(applied[0]);
    expect(await contactCount(contactId)).toBe(1);
  });

  it('refuses a key reused for another payload with 422 and changes nothing', async () => {
    const contactId = crypto.randomUUID();
    const entry = upsert(contactId, 'Một');
    await push([entry]);
    const [reused] = await push([{ ...entry, payload: { id: contactId, name: 'Hai' } }]);
    expect(reused).toMatchObject({
      status: 'rejected',
      code: 'idempotency_mismatch',
      httpStatus: 422,
    });
    const rest = await server.request(`/api/contacts/upsertContactById/${contactId}`, {
      method: 'PUT',
      token: demoToken,
      headers: { 'idempotency-key': entry.id },
      json: { name: 'Ba' },
    });
    expect(rest.status).toBe(422);
    const [row] = await queryRows<{ name: string }>(
      server.database.db,
      sql`SELECT name FROM contacts WHERE id = ${contactId}`,
    );
    expect(row?.name).toBe('Một');
  });

  it('answers each entry of a batch; one bad entry does not block the others', async () => {
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const results = await push([
      upsert(a, 'Tốt một'),
      { id: crypto.randomUUID(), name: 'contact.upsert', payload: { id: 'not-a-uuid', name: '' } },
      { id: crypto.randomUUID(), name: 'contact.delete', payload: { id: crypto.randomUUID() } },
      { id: crypto.randomUUID(), name: 'no.such.mutation', payload: {} },
      upsert(b, 'Tốt hai'),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'applied',
      'rejected',
      'rejected',
      'rejected',
      'applied',
    ]);
    expect(results[1]).toMatchObject({ code: 'validation_failed', httpStatus: 400 });
    expect(Object.keys(results[1]?.fields ?? {})).toEqual(expect.arrayContaining(['id', 'name']));
    expect(results[2]).toMatchObject({ code: 'not_found', httpStatus: 404 });
    expect(results[3]).toMatchObject({ code: 'unknown_mutation' });
    expect(await contactCount(a)).toBe(1);
    expect(await contactCount(b)).toBe(1);
  });

  it('applies a run of contact upserts at once exactly as one by one', async () => {
    // The same story for two members: one sends it entry by entry, the other as one batch.
    const snapshot = { name: 'Thẻ', urlMinify: 'demo' };
    const story = async (token: string, oneByOne: boolean) => {
      const [kept, edited, theirs] = [
        crypto.randomUUID(),
        crypto.randomUUID(),
        crypto.randomUUID(),
      ];
      const setup: Entry[] = [
        {
          ...upsert(kept, 'Giữ thẻ'),
          payload: { id: kept, name: 'Giữ thẻ', cardSnapshot: snapshot },
        },
        upsert(edited, 'Cũ'),
      ];
      await push(setup, token);
      // The other member's contact with an id this member then tries to write: refused 404.
      await push([upsert(theirs, 'Của người khác')], token === demoToken ? staffToken : demoToken);
      const run: Entry[] = [
        upsert(crypto.randomUUID(), 'Mới'),
        {
          ...upsert(kept, 'Giữ thẻ, tên mới'),
          payload: { id: kept, name: 'Giữ thẻ, tên mới', phone: '' },
        },
        { ...upsert(edited, 'Sửa'), payload: { id: edited, name: 'Sửa', note: 'ghi chú' } },
        upsert(crypto.randomUUID(), 'Sau'),
      ];
      // With a refusal in it the run is answered entry by entry, precisely.
      if (!oneByOne) run.push(upsert(theirs, 'Chiếm'), upsert(crypto.randomUUID(), 'Cuối'));
      const results: PushResult[] = [];
      if (oneByOne) for (const entry of run) results.push(...(await push([entry], token)));
      else results.push(...(await push(run, token)));
      // What may differ between the two: ids, owners, times and change sequence numbers.
      return results.map((r) => {
        const row = r.result as Record<string, unknown> | undefined;
        if (!row) return { status: r.status, code: r.code, httpStatus: r.httpStatus };
        const { id, ownerMemberId, createdAt, updatedAt, changeSeq, ...same } = row;
        expect([id, ownerMemberId, createdAt, updatedAt, changeSeq]).not.toContain(undefined);
        return { status: r.status, ...same };
      });
    };
    const alone = await story(demoToken, true);
    const together = await story(staffToken, false);
    expect(together.slice(0, alone.length)).toEqual(alone);
    expect(alone.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(together.slice(alone.length)).toEqual([
      { status: 'rejected', code: 'not_found', httpStatus: 404 },
      expect.objectContaining({ status: 'applied', name: 'Cuối' }),
    ]);
    expect(alone[1]).toMatchObject({
      name: 'Giữ thẻ, tên mới',
      phone: null,
      cardSnapshot: { name: 'Thẻ' },
    });
    // A clean run (no refusal in it) goes through the batch path and still matches.
    const ids = Array.from({ length: 30 }, () => crypto.randomUUID());
    const clean = await push(ids.map((id, i) => upsert(id, `Liên hệ ${i}`)));
    expect(clean.map((r) => (r.result as { name: string }).name)).toEqual(
      ids.map((_, i) => `Liên hệ ${i}`),
    );
    for (const id of ids) expect(await contactCount(id)).toBe(1);
  });

  it('never acts on another member’s rows whatever the body says', async () => {
    const mine = crypto.randomUUID();
    await push([upsert(mine, 'Của tôi')]);
    const [theirs] = await push([upsert(mine, 'Chiếm')], staffToken);
    expect(theirs).toMatchObject({ status: 'rejected', httpStatus: 404 });
    const [row] = await queryRows<{ name: string }>(
      server.database.db,
      sql`SELECT name FROM contacts WHERE id = ${mine}`,
    );
    expect(row?.name).toBe('Của tôi');
  });

  it('stops at a transient failure so the rest keep their order, and stores nothing for it', async () => {
    const after = crypto.randomUUID();
    flakyRuns = 0;
    const results = await pushWithTestMutations([
      { id: crypto.randomUUID(), name: 'test.flaky', payload: {} },
      upsert(after, 'Sau'),
    ]);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['retry', 'generic'],
      ['retry', 'not_attempted'],
    ]);
    expect(flakyRuns).toBe(1);
    expect(await contactCount(after)).toBe(0);
    const [busy] = await pushWithTestMutations([
      { id: crypto.randomUUID(), name: 'test.busy', payload: {} },
    ]);
    expect(busy).toMatchObject({ status: 'retry', httpStatus: 503 });
  });

  it('refuses a batch over the size limit as a whole', async () => {
    const mutations = Array.from({ length: 501 }, (_, i) => ({
      id: `k${i}`,
      name: 'x',
      payload: 0,
    }));
    const res = await server.request('/api/sync/push', {
      method: 'POST',
      token: demoToken,
      json: { mutations },
    });
    expect(res.status).toBe(413);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({
      code: 'push_too_many_entries',
      message: 'Mỗi lần gửi tối đa 500 thay đổi',
    });
  });

  it('runs one push per member at a time: another is turned away with 429 and Retry-After', async () => {
    const contactId = crypto.randomUUID();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    // A push of the demo member in flight on (as far as the lease knows) any server copy.
    const inFlight = withPushLease(server.database.db, demoId, server.clock.now, async () => {
      started();
      await held;
    });
    await running;
    const busy = await server.request('/api/sync/push', {
      method: 'POST',
      token: demoToken,
      json: { mutations: [upsert(contactId, 'Đợi')] },
    });
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe(String(pushBusyRetryAfterSeconds));
    expect(((await busy.json()) as { error: { code: string } }).error.code).toBe(
      'push_in_progress',
    );
    expect(await contactCount(contactId)).toBe(0);
    // Another member is not held up.
    expect(await push([], staffToken)).toEqual([]);
    release();
    await inFlight;
    expect((await push([upsert(contactId, 'Đợi')]))[0]?.status).toBe('applied');
  });

  it('takes over the lease of a push whose server copy died once it expires', async () => {
    const stale = new Date(server.clock.now.getTime() - pushLeaseMs - 1_000).toISOString();
    await server.database.db
      .insert(syncPushLeases)
      .values({ memberId: demoId, holder: 'dead-copy', expiresAt: stale });
    expect(await push([])).toEqual([]);
    const left = await server.database.db.select().from(syncPushLeases);
    expect(left.filter((lease) => lease.memberId === demoId)).toEqual([]);
  });
});

describe('GET /api/sync/pull', () => {
  it('pages the member’s rows by change sequence and carries tombstones', async () => {
    const start = await pullAll(0);
    const ids = Array.from({ length: 12 }, () => crypto.randomUUID());
    await push(ids.map((id, i) => upsert(id, `Trang ${i}`)));
    await push([{ id: crypto.randomUUID(), name: 'contact.delete', payload: { id: ids[3] } }]);
    const delta = await pullAll(start.cursor, 5);
    expect(delta.pages).toBeGreaterThanOrEqual(3);
    const contactRows = delta.changes.filter((c) => c.entity === 'contacts').map((c) => c.row);
    // Each row once, at its latest version: the deleted one as a tombstone.
    expect(new Set(contactRows.map((r) => r.id)).size).toBe(contactRows.length);
    expect(contactRows.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    expect(contactRows.find((r) => r.id === ids[3])?.deletedAt).not.toBeNull();
    expect(contactRows.find((r) => r.id === ids[4])?.deletedAt).toBeNull();
    const seqs = contactRows.map((r) => Number(r.changeSeq));
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    // Nothing new: an empty page that keeps the cursor.
    const idle = await pull(delta.cursor);
    expect(idle).toMatchObject({ changes: [], cursor: delta.cursor, hasMore: false });
  });

  it('numbers every new row after the last change, whether the insert leaves the number out or names 0, and an update again', async () => {
    const db = server.database.db;
    const [before] = await queryRows<{ last: string }>(
      db,
      sql`SELECT max(change_seq)::text AS last FROM contacts`,
    );
    const [defaulted, namedZero] = [crypto.randomUUID(), crypto.randomUUID()];
    // The batch push's way (migration 1170): one statement, the number from the default.
    await db.execute(
      sql`INSERT INTO contacts (id, owner_member_id, name) VALUES (${defaulted}, ${demoId}, 'Mặc định')`,
    );
    await db.execute(
      sql`INSERT INTO contacts (id, owner_member_id, name, change_seq) VALUES (${namedZero}, ${demoId}, 'Số 0', 0)`,
    );
    const seqOf = async (id: string) =>
      Number(
        (
          await queryRows<{ seq: string }>(
            db,
            sql`SELECT change_seq::text AS seq FROM contacts WHERE id = ${id}`,
          )
        )[0]?.seq,
      );
    const first = await seqOf(defaulted);
    const second = await seqOf(namedZero);
    expect(first).toBeGreaterThan(Number(before?.last ?? 0));
    expect(second).toBeGreaterThan(first);
    await db.execute(sql`UPDATE contacts SET name = 'Đổi' WHERE id = ${defaulted}`);
    expect(await seqOf(defaulted)).toBeGreaterThan(second);
    const delta = await pullAll(0);
    expect(
      delta.changes.filter((c) => c.row.id === defaulted || c.row.id === namedZero),
    ).toHaveLength(2);
  });

  it('shows a member only their own rows', async () => {
    const mine = crypto.randomUUID();
    await push([upsert(mine, 'Riêng tư')]);
    const staff = await pullAll(0, 1000, staffToken);
    expect(staff.changes.some((c) => c.row.id === mine)).toBe(false);
    expect(
      staff.changes
        .filter((c) => c.entity === 'contacts')
        .every((c) => c.row.ownerMemberId === staffId),
    ).toBe(true);
  });

  it('refuses a bad cursor and answers visitors with 401', async () => {
    expect((await server.request('/api/sync/pull?cursor=-1', { token: demoToken })).status).toBe(
      400,
    );
    expect((await server.request('/api/sync/pull?cursor=0')).status).toBe(401);
  });

  it('purges old tombstones and sends a cursor behind the purge to a full resync', async () => {
    const id = crypto.randomUUID();
    const before = await pullAll(0);
    await push([upsert(id, 'Sẽ xoá')]);
    await push([{ id: crypto.randomUUID(), name: 'contact.delete', payload: { id } }]);
    await server.database.db
      .update(contacts)
      .set({ deletedAt: '2020-01-01T00:00:00Z' })
      .where(sql`${contacts.id} = ${id}`);
    const purge = await purgeTombstones(server.database.db, new Date());
    expect(purge.purged).toBeGreaterThanOrEqual(1);
    expect(await contactCount(id)).toBe(0);
    const stale = await server.request(`/api/sync/pull?cursor=${before.cursor}`, {
      token: demoToken,
    });
    expect(stale.status).toBe(410);
    expect(await stale.json()).toMatchObject({ error: { code: 'resync_required' } });
    // A full pull, and a cursor past the purge, are fine.
    const full = await pullAll(0);
    expect(full.cursor).toBeGreaterThanOrEqual(purge.through);
    expect((await pull(full.cursor)).changes).toEqual([]);
  });
});

// The commit-order guarantee needs two connections committing independently, which only a
// PostgreSQL server gives (PGlite is one connection in this process). CI runs this file with
// TEST_DATABASE_URL set.
const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres) {
  console.info(
    'sync.test.ts: the concurrent-commit cursor case needs PostgreSQL; set TEST_DATABASE_URL to run it (CI does)',
  );
}

/** Resolves once some transaction waits for the change-number lock held by another. */
async function untilAnInsertWaitsOnTheStampingLock(): Promise<void> {
  for (;;) {
    const [waiting] = await queryRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
    );
    if ((waiting?.n ?? 0) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.runIf(postgres)('pull cursor under concurrent commits (PostgreSQL)', () => {
  it('never skips a lower change_seq that commits after a higher one was read', async () => {
    const db = server.database.db;
    const base = await pullAll(0);
    const [lowId, highId] = [crypto.randomUUID(), crypto.randomUUID()];
    let stamped!: () => void;
    const lowStamped = new Promise<void>((resolve) => (stamped = resolve));
    let commitLow!: () => void;
    const lowMayCommit = new Promise<void>((resolve) => (commitLow = resolve));

    // Transaction "low" takes its sequence number and stays open.
    const low = db.transaction(async (tx) => {
      await tx.insert(contacts).values({ id: lowId, ownerMemberId: demoId, name: 'Thấp' });
      stamped();
      await lowMayCommit;
    });
    await lowStamped;
    // Transaction "high" starts later and tries to commit first.
    let highDone = false;
    const high = db
      .transaction(async (tx) => {
        await tx.insert(contacts).values({ id: highId, ownerMemberId: demoId, name: 'Cao' });
      })
      .then(() => {
        highDone = true;
      });
    // Wait until "high" is really queued behind "low" on the stamping lock.
    await untilAnInsertWaitsOnTheStampingLock();
    expect(highDone).toBe(false);
    // A pull now sees neither and keeps the cursor.
    const during = await pullAll(base.cursor);
    expect(during.changes.some((c) => c.row.id === lowId || c.row.id === highId)).toBe(false);

    commitLow();
    await low;
    await high;
    const after = await pullAll(during.cursor);
    const seen = after.changes.filter((c) => c.row.id === lowId || c.row.id === highId);
    expect(seen.map((c) => c.row.id)).toEqual([lowId, highId]);
    expect(Number(seen[0]?.row.changeSeq)).toBeLessThan(Number(seen[1]?.row.changeSeq));
  });

  it('takes the stamping lock before an insert draws its number from the default', async () => {
    const db = server.database.db;
    let stamped!: (seq: number) => void;
    const lowSeq = new Promise<number>((resolve) => (stamped = resolve));
    let commitLow!: () => void;
    const lowMayCommit = new Promise<void>((resolve) => (commitLow = resolve));
    const low = db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO contacts (id, owner_member_id, name) VALUES (${crypto.randomUUID()}, ${demoId}, 'Trước')`,
      );
      const [row] = await queryRows<{ seq: string }>(
        tx,
        sql`SELECT last_value::text AS seq FROM change_seq`,
      );
      stamped(Number(row?.seq));
      await lowMayCommit;
    });
    const seq = await lowSeq;
    // Started now (a Drizzle query runs when awaited): it waits on "low"'s lock.
    const high = db
      .execute(
        sql`INSERT INTO contacts (id, owner_member_id, name) VALUES (${crypto.randomUUID()}, ${demoId}, 'Sau')`,
      )
      .then(() => undefined);
    await untilAnInsertWaitsOnTheStampingLock();
    // The waiting insert has not drawn a number yet: it would be below "low"'s commit.
    const [now] = await queryRows<{ seq: string }>(
      db,
      sql`SELECT last_value::text AS seq FROM change_seq`,
    );
    expect(Number(now?.seq)).toBe(seq);
    commitLow();
    await low;
    await high;
  });

  it('keeps pages of concurrent writers gap-free', async () => {
    const start = await pullAll(0);
    // Eight writers commit on their own connections at once. They write straight to the
    // table: one member's pushes are serialised by the push lease, which is not what is tested.
    const db = server.database.db;
    const writers = Array.from({ length: 8 }, (_, w) =>
      (async () => {
        for (let i = 0; i < 10; i += 1) {
          await db
            .insert(contacts)
            .values({ id: crypto.randomUUID(), ownerMemberId: demoId, name: `Ghi ${w}-${i}` });
        }
      })(),
    );
    // Pull repeatedly while writers run; every row committed must be seen exactly once.
    const seen = new Map<string, number>();
    let cursor = start.cursor;
    let running = true;
    const allWritten = Promise.all(writers);
    // Stop pulling when the writers end either way; a failed writer fails the test below.
    allWritten.then(
      () => (running = false),
      () => (running = false),
    );
    while (running) {
      const page = await pull(cursor, 7);
      for (const c of page.changes)
        seen.set(String(c.row.id), (seen.get(String(c.row.id)) ?? 0) + 1);
      cursor = page.cursor;
    }
    await allWritten;
    const rest = await pullAll(cursor, 7);
    for (const c of rest.changes) seen.set(String(c.row.id), (seen.get(String(c.row.id)) ?? 0) + 1);
    const written = await queryRows<{ id: string }>(
      server.database.db,
      sql`SELECT id FROM contacts WHERE owner_member_id = ${demoId} AND name LIKE 'Ghi %'`,
    );
    expect(written).toHaveLength(80);
    for (const row of written) expect(seen.has(row.id)).toBe(true);
  });
});
