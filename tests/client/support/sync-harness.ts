// A device talking to the real server in-process: the app's fetch is routed to server.request
// with faults injected on demand (dropped before/after the server, duplicated, held back and
// delivered later, 401, 5xx). Each test gets its own Dexie database on fake-indexeddb.
import 'fake-indexeddb/auto';
import { vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { contactSearchKey } from '../../../contract/contact';
import type { Contact } from '../../../contract/contact';
import { queryRows } from '../../../server/db/client';
import { clearSession, writeSession } from '../../../src/api/session-store';
import { createAppDb, type AppDb } from '../../../src/db/app-db';
import { queueMutationIn } from '../../../src/sync/mutate';
import {
  createSyncEngine,
  type SyncEngine,
  type SyncEngineOptions,
} from '../../../src/sync/sync-engine';
import type { TestServer } from '../../server/test-server';

/** What happens to one request on its way. */
export type Fault =
  | { kind: 'drop-before' }
  | { kind: 'drop-after' }
  | { kind: 'duplicate' }
  | { kind: 'hold' }
  | { kind: 'status'; status: number; code: string; retryAfter?: number };

export interface FetchLog {
  method: string;
  path: string;
  status: number | 'network-error';
  body?: unknown;
}

export interface Device {
  db: AppDb;
  engine: SyncEngine;
  log: FetchLog[];
  /** Decides the fate of each request; undefined delivers it normally. */
  faults: { next: (path: string) => Fault | undefined };
  /** Runs before each request is routed (a write made while a request is in flight). */
  beforeRequest: (path: string) => Promise<void>;
  /**
   * Sees every request the server actually handled, with its answer, in the order the server
   * handled them: also those whose answer the device never got (dropped after, held, doubled).
   */
  afterDelivery: (path: string, body: unknown, response: Response) => Promise<void>;
  /** Whether POST /api/auth/refresh succeeds. */
  refresh: { ok: boolean; calls: number };
  /** Requests held back by a 'hold' fault, not yet delivered. */
  held: Array<() => Promise<void>>;
  /** Delivers the held requests (late, after whatever happened meanwhile). */
  deliverHeld(): Promise<void>;
  /** Drops the in-memory state (engine, connection) and opens the same database again. */
  crash(): Promise<void>;
  /**
   * Makes this device's network the one the app's fetch goes through (the fetch is global: with
   * several devices in one test, the one that flushes next takes it first).
   */
  goOnline(): void;
  queueContact(contact: Partial<Contact> & { id: string; name: string }): Promise<string>;
  queueContactDelete(id: string): Promise<string>;
}

export async function demoMemberId(server: TestServer, email = 'demo@mecards.vn'): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    server.database.db,
    sql`SELECT id FROM members WHERE email = ${email}`,
  );
  if (!row) throw new Error(`no member ${email}`);
  return row.id;
}

let deviceCounter = 0;

function networkError(): TypeError {
  return new TypeError('fetch failed');
}

export function contactRow(
  ownerMemberId: string,
  input: Partial<Contact> & { id: string; name: string },
  previous?: Contact,
): Contact {
  const now = new Date().toISOString();
  const row: Contact = {
    ownerMemberId,
    cardMemberId: null,
    phone: null,
    email: null,
    company: null,
    jobTitle: null,
    address: null,
    note: null,
    cardSnapshot: null,
    createdAt: previous?.createdAt ?? now,
    updatedAt: now,
    deletedAt: null,
    ...previous,
    ...input,
    searchKey: '',
  };
  row.searchKey = contactSearchKey(row);
  return row;
}

export async function createDevice(
  server: TestServer,
  memberId: string,
  options: SyncEngineOptions = {},
): Promise<Device> {
  deviceCounter += 1;
  const name = `mecards-test-${deviceCounter}-${crypto.randomUUID()}`;
  const device: Device = {
    db: createAppDb(name),
    engine: undefined as unknown as SyncEngine,
    log: [],
    faults: { next: () => undefined },
    beforeRequest: () => Promise.resolve(),
    afterDelivery: () => Promise.resolve(),
    refresh: { ok: true, calls: 0 },
    held: [],
    async deliverHeld() {
      const held = device.held.splice(0);
      for (const deliver of held) await deliver();
    },
    async crash() {
      device.db.close();
      device.db = createAppDb(name);
      await device.db.open();
      device.engine = createSyncEngine({ ...options, db: device.db, lockName: name });
    },
    goOnline() {
      vi.stubGlobal('fetch', fetchStub);
    },
    async queueContact(input) {
      const previous = await device.db.contacts.get(input.id);
      const row = contactRow(memberId, input, previous);
      const entry = await queueMutationIn(
        device.db,
        {
          name: 'contact.upsert',
          payload: {
            id: row.id,
            name: row.name,
            phone: row.phone ?? '',
            email: row.email ?? '',
            company: row.company ?? '',
            note: row.note ?? '',
          },
          table: 'contacts',
          rowId: row.id,
          apply: (db) => db.contacts.put(row),
        },
        memberId,
      );
      return entry.id;
    },
    async queueContactDelete(id) {
      const entry = await queueMutationIn(
        device.db,
        {
          name: 'contact.delete',
          payload: { id },
          table: 'contacts',
          rowId: id,
          apply: (db) => db.contacts.delete(id),
        },
        memberId,
      );
      return entry.id;
    },
  };
  device.engine = createSyncEngine({ ...options, db: device.db, lockName: name });

  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    await device.beforeRequest(path);
    if (path === '/api/auth/refresh') {
      device.refresh.calls += 1;
      if (!device.refresh.ok) {
        device.log.push({ method, path, status: 401 });
        return Response.json({ error: { code: 'unauthorized', message: '' } }, { status: 401 });
      }
      const accessToken = await server.tokenFor(memberId);
      device.log.push({ method, path, status: 200 });
      // The refresh answers the session facts as a login does: the server's own, read back.
      const profile = (await (
        await server.request('/api/auth/profile', { token: accessToken })
      ).json()) as Record<string, unknown>;
      const { member: _member, ...facts } = profile;
      return Response.json({ ...facts, accessToken, expiresIn: 900 });
    }
    const deliver = async () => {
      const response = await server.request(path, { ...init, signal: null });
      await device.afterDelivery(path, body, response.clone());
      return response;
    };
    const fault = device.faults.next(path);
    if (fault?.kind === 'drop-before') {
      device.log.push({ method, path, status: 'network-error', body });
      throw networkError();
    }
    if (fault?.kind === 'drop-after') {
      await deliver();
      device.log.push({ method, path, status: 'network-error', body });
      throw networkError();
    }
    if (fault?.kind === 'hold') {
      device.held.push(async () => {
        await deliver();
      });
      device.log.push({ method, path, status: 'network-error', body });
      throw networkError();
    }
    if (fault?.kind === 'status') {
      device.log.push({ method, path, status: fault.status, body });
      const headers: Record<string, string> = fault.retryAfter
        ? { 'retry-after': String(fault.retryAfter) }
        : {};
      return Response.json(
        { error: { code: fault.code, message: fault.code } },
        { status: fault.status, headers },
      );
    }
    if (fault?.kind === 'duplicate') await deliver();
    const response = await deliver();
    device.log.push({ method, path, status: response.status, body });
    return response;
  };
  vi.stubGlobal('fetch', fetchStub);
  await clearSession();
  await writeSession({
    accessToken: await server.tokenFor(memberId),
    memberId,
    userName: 'demo',
    urlMinify: null,
    brandGroup: null,
    agency: null,
  });
  return device;
}

/** The member's contacts on the server, live ones only, by id. */
export async function serverContacts(
  server: TestServer,
  memberId: string,
): Promise<Map<string, { name: string; phone: string | null; deletedAt: string | null }>> {
  const rows = await queryRows<{
    id: string;
    name: string;
    phone: string | null;
    deleted_at: string | null;
  }>(
    server.database.db,
    sql`SELECT id, name, phone, deleted_at FROM contacts WHERE owner_member_id = ${memberId}`,
  );
  return new Map(
    rows.map((r) => [r.id, { name: r.name, phone: r.phone, deletedAt: r.deleted_at }]),
  );
}
