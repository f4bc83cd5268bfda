// Randomized: sequences of offline writes (create, edit, refused edit, delete, writes during a
// flush) against the real server in-process, with deliveries dropped before or after the
// server, duplicated, held back and delivered late, answered 401 (refresh ok or refused) or
// 503, and tab crashes. At the end, with the network healthy: nothing lost, nothing doubled,
// client and server hold the same contacts, and both equal the model.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { writeSession } from '../../src/api/session-store';
import { startTestServer } from '../server/test-server';
import { createDevice, serverContacts, type Device, type Fault } from './support/sync-harness';

const server = await startTestServer({ demo: false });

type FaultName =
  | 'ok'
  | 'drop-before'
  | 'drop-after'
  | 'duplicate'
  | 'hold'
  | '401'
  | '401-refresh-refused'
  | '503';

type Op =
  | { kind: 'create'; name: string; phone: string | null }
  | { kind: 'edit'; pick: number; name: string }
  | { kind: 'refused-edit'; pick: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'flush'; faults: FaultName[] }
  | { kind: 'write-during-flush'; name: string; faults: FaultName[] }
  | { kind: 'edit-during-pull'; pick: number; name: string }
  | { kind: 'crash' }
  | { kind: 'deliver-held' };

const names = ['Nguyễn An', 'Trần Bình', 'Lê Châu', 'Phạm Dung', 'Hoàng Em', 'Võ Giang'];
const nameArb = fc.tuple(fc.constantFrom(...names), fc.nat(99)).map(([name, n]) => `${name} ${n}`);
const faultArb = fc.array(
  fc.constantFrom<FaultName>(
    'ok',
    'ok',
    'drop-before',
    'drop-after',
    'duplicate',
    'hold',
    '401',
    '401-refresh-refused',
    '503',
  ),
  { maxLength: 4 },
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      name: nameArb,
      phone: fc.option(fc.constantFrom('0901234567', '0912 345 678'), { nil: null }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), name: nameArb }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('refused-edit' as const), pick: fc.nat() }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('flush' as const), faults: faultArb }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('write-during-flush' as const),
      name: nameArb,
      faults: faultArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('edit-during-pull' as const),
      pick: fc.nat(),
      name: nameArb,
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'crash' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'deliver-held' as const }) },
);

interface ModelContact {
  name: string;
  phone: string | null;
  deleted: boolean;
}

async function newMember(): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    server.database.db,
    sql`INSERT INTO members (name, url_minify) VALUES ('Thử đồng bộ', ${`sync-${crypto.randomUUID()}`}) RETURNING id`,
  );
  if (!row) throw new Error('member not created');
  return row.id;
}

async function login(memberId: string): Promise<void> {
  await writeSession({
    accessToken: await server.tokenFor(memberId),
    memberId,
    userName: 'thu',
    urlMinify: null,
    brandGroup: null,
    agency: null,
  });
}

function installFaults(device: Device, memberId: string, faults: FaultName[]): () => Promise<void> {
  const queue = [...faults];
  let relogin = false;
  device.faults.next = (path) => {
    if (!path.startsWith('/api/sync/')) return undefined;
    const next = queue.shift() ?? 'ok';
    switch (next) {
      case 'ok':
        return undefined;
      case '401':
        device.refresh.ok = true;
        return { kind: 'status', status: 401, code: 'token_expired' } satisfies Fault;
      case '401-refresh-refused':
        device.refresh.ok = false;
        relogin = true;
        return { kind: 'status', status: 401, code: 'token_expired' } satisfies Fault;
      case '503':
        return { kind: 'status', status: 503, code: 'generic', retryAfter: 1 } satisfies Fault;
      default:
        return { kind: next } satisfies Fault;
    }
  };
  // After the flush: the member logs in again if their session was refused.
  return async () => {
    device.faults.next = () => undefined;
    device.refresh.ok = true;
    if (relogin) await login(memberId);
  };
}

async function liveIds(device: Device): Promise<string[]> {
  return (await device.db.contacts.orderBy('id').primaryKeys()).map(String);
}

/** A row with pending changes shows the newest of them, whatever was pulled meanwhile. */
async function checkPendingRowsKept(device: Device): Promise<void> {
  const pending = await device.db.outbox.where('state').equals('pending').sortBy('seq');
  const newest = new Map(pending.map((e) => [e.rowKey, e]));
  for (const [rowKey, entry] of newest) {
    const row = (await device.db.contacts.get(rowKey)) ?? null;
    expect(row, `row ${rowKey} with a pending change`).toEqual(entry.after);
  }
}

async function runScenario(ops: Op[]): Promise<void> {
  const memberId = await newMember();
  const device = await createDevice(server, memberId, { maxBatchEntries: 3, pullLimit: 4 });
  const model = new Map<string, ModelContact>();
  let validWrites = 0;
  let refusedWrites = 0;

  const edit = async (pick: number, name: string, refused: boolean) => {
    const ids = await liveIds(device);
    if (ids.length === 0) return;
    const id = ids[pick % ids.length]!;
    await device.queueContact({ id, name: refused ? '' : name });
    if (refused) {
      refusedWrites += 1;
    } else {
      validWrites += 1;
      const current = model.get(id);
      if (current) current.name = name;
    }
  };

  for (const op of ops) {
    await checkPendingRowsKept(device);
    switch (op.kind) {
      case 'create': {
        const id = crypto.randomUUID();
        await device.queueContact({ id, name: op.name, phone: op.phone });
        model.set(id, { name: op.name, phone: op.phone, deleted: false });
        validWrites += 1;
        break;
      }
      case 'edit':
        await edit(op.pick, op.name, false);
        break;
      case 'refused-edit':
        await edit(op.pick, '', true);
        break;
      case 'delete': {
        const ids = await liveIds(device);
        if (ids.length === 0) break;
        const id = ids[op.pick % ids.length]!;
        await device.queueContactDelete(id);
        const current = model.get(id);
        if (current) current.deleted = true;
        validWrites += 1;
        break;
      }
      case 'flush': {
        const restore = installFaults(device, memberId, op.faults);
        await device.engine.syncNow({ force: true });
        await restore();
        break;
      }
      case 'write-during-flush': {
        const restore = installFaults(device, memberId, op.faults);
        const flushing = device.engine.syncNow({ force: true });
        const id = crypto.randomUUID();
        await device.queueContact({ id, name: op.name });
        model.set(id, { name: op.name, phone: null, deleted: false });
        validWrites += 1;
        await flushing;
        await restore();
        break;
      }
      case 'edit-during-pull': {
        // The member edits a row just pushed while the pull that brings it back is in flight.
        let done = false;
        device.beforeRequest = async (path) => {
          if (done || !path.startsWith('/api/sync/pull')) return;
          done = true;
          await edit(op.pick, op.name, false);
        };
        await device.engine.syncNow({ force: true });
        device.beforeRequest = () => Promise.resolve();
        break;
      }
      case 'crash':
        await device.crash();
        break;
      case 'deliver-held':
        await device.deliverHeld();
        break;
    }
  }

  await checkPendingRowsKept(device);
  // The network heals; late copies of held requests arrive too.
  await device.deliverHeld();
  device.faults.next = () => undefined;
  device.refresh.ok = true;
  await login(memberId);
  for (let i = 0; i < 5; i += 1) {
    const outcome = await device.engine.syncNow({ force: true });
    if (
      outcome.status === 'synced' &&
      (await device.db.outbox.where('state').equals('pending').count()) === 0
    )
      break;
  }

  // Nothing lost: the queue is empty but for the refused writes, each kept with its reason.
  const outbox = await device.db.outbox.toArray();
  expect(outbox.filter((e) => e.state === 'pending')).toEqual([]);
  expect(outbox.filter((e) => e.state === 'rejected')).toHaveLength(refusedWrites);
  expect(outbox.every((e) => e.error?.code === 'validation_failed')).toBe(true);

  // Nothing doubled: one row per created contact and one applied key per valid write.
  const onServer = await serverContacts(server, memberId);
  expect(onServer.size).toBe(model.size);
  const [keys] = await queryRows<{ n: number }>(
    server.database.db,
    sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE member_id = ${memberId} AND status = 200`,
  );
  expect(keys?.n).toBe(validWrites);

  // Server = model.
  for (const [id, expected] of model) {
    const row = onServer.get(id);
    expect(row, `contact ${id} on the server`).toBeDefined();
    expect(row?.deletedAt !== null).toBe(expected.deleted);
    expect(row?.name).toBe(expected.name);
    expect(row?.phone ?? null).toBe(expected.phone);
  }
  // Client = server (live rows).
  const local = await device.db.contacts.toArray();
  const liveOnServer = [...onServer].filter(([, c]) => c.deletedAt === null);
  expect(local.map((c) => c.id).sort()).toEqual(liveOnServer.map(([id]) => id).sort());
  for (const row of local) {
    expect(row.name).toBe(onServer.get(row.id)?.name);
    expect(row.phone).toBe(onServer.get(row.id)?.phone);
  }
  expect(await device.db.serverShadows.count()).toBe(0);
  device.db.close();
}

describe('sync convergence', () => {
  it('loses nothing, doubles nothing and converges under faults and crashes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), runScenario),
      { numRuns: Number(process.env.SYNC_CONVERGENCE_RUNS ?? 30) },
    );
  }, 600_000);
});
