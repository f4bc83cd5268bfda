// Per-field merge with kept conflicts (decision 1062) for the wedding invitation and the account
// links, on the real server: two devices' edits of different fields both survive; the same field
// goes to the later write and the replaced value is kept once; an edit of a deleted link is kept
// and can bring the row back; a payload without a base is still a whole write.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PushResult } from '../../contract/sync';
import { queryRows } from '../../server/db/client';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });

const [demo] = await queryRows<{ id: string }>(
  server.database.db,
  sql`SELECT id FROM members WHERE email = 'demo@mecards.vn'`,
);
const demoId = demo!.id;
const token = await server.tokenFor(demoId);

interface Entry {
  id: string;
  name: string;
  payload: unknown;
}

/** A push as a device sends it: its entries and its sync client id. */
async function push(entries: Entry[], clientId: string): Promise<PushResult[]> {
  const res = await server.request('/api/sync/push', {
    method: 'POST',
    token,
    json: { mutations: entries, clientId },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: PushResult[] }).results;
}

const entry = (name: string, payload: unknown): Entry => ({
  id: crypto.randomUUID(),
  name,
  payload,
});

async function pushOne(name: string, payload: unknown, clientId: string): Promise<PushResult> {
  const [result] = await push([entry(name, payload)], clientId);
  expect(result?.status).toBe('applied');
  return result!;
}

async function conflictsOf(rowId: string) {
  return queryRows<{
    id: string;
    entity: string;
    kind: string;
    lost: Record<string, unknown>;
    written: Record<string, unknown> | null;
    writer_client_id: string | null;
    resolution: string | null;
    deleted_at: string | null;
  }>(server.database.db, sql`SELECT * FROM sync_conflicts WHERE row_id = ${rowId}`);
}

describe('per-field merge of the wedding invitation', () => {
  const wedding = async (id: string) => {
    const [row] = await queryRows<{
      venue: string | null;
      message: string | null;
      brides_family: { name: string; father?: string };
      wedding_day: { h: string; d: number; th: string };
    }>(
      server.database.db,
      sql`SELECT venue, message, brides_family, wedding_day FROM weddings WHERE id = ${id}`,
    );
    return row;
  };
  const shared = {
    groomsFamily: { name: 'Minh', father: 'Ông Minh' },
    bridesFamily: { name: 'Lan', mother: 'Bà Lan' },
    groomsBank: null,
    bridesBank: null,
    weddingDay: { h: '11H00', d: 20, m: 12, y: 2026 },
    weddingPartyDay: { h: '11H30', d: 20, m: 12, y: 2026 },
    venue: 'Nhà hàng Hoa Sen',
    partyVenue: '',
    message: 'Trân trọng kính mời',
  };
  const sharedWedding = async () => {
    const id = crypto.randomUUID();
    await pushOne('wedding.upsert', { id, ...shared }, 'device-a');
    return id;
  };

  it('keeps both edits of different fields, nested groups included', async () => {
    const id = await sharedWedding();
    await pushOne(
      'wedding.upsert',
      { id, ...shared, venue: 'Tiệc tại nhà', base: { venue: 'Nhà hàng Hoa Sen' } },
      'device-b',
    );
    // A, offline since, changed the bride's family (one field, compared whole) and the day.
    await pushOne(
      'wedding.upsert',
      {
        id,
        ...shared,
        bridesFamily: { name: 'Lan', mother: 'Bà Lan', father: 'Ông Lan' },
        weddingDay: { h: '10h00', d: 27, m: 12, y: 2026 },
        base: {
          bridesFamily: '{"name":"Lan","mother":"Bà Lan"}',
          weddingDay: '{"h":"11H00","d":20,"m":12,"y":2026}',
        },
      },
      'device-a',
    );
    expect(await wedding(id)).toMatchObject({
      venue: 'Tiệc tại nhà',
      message: 'Trân trọng kính mời',
      brides_family: { name: 'Lan', mother: 'Bà Lan', father: 'Ông Lan' },
      wedding_day: { h: '10H00', d: 27, th: 'Chủ nhật' },
    });
    expect(await conflictsOf(id)).toEqual([]);
  });

  it('gives the same field to the later write and keeps the replaced value once', async () => {
    const id = await sharedWedding();
    await pushOne(
      'wedding.upsert',
      { id, ...shared, message: 'Từ máy B', base: { message: 'Trân trọng kính mời' } },
      'device-b',
    );
    const late = entry('wedding.upsert', {
      id,
      ...shared,
      message: 'Từ máy A',
      base: { message: 'Trân trọng kính mời' },
    });
    await push([late], 'device-a');
    await push([late], 'device-a');
    expect((await wedding(id))?.message).toBe('Từ máy A');
    const [conflict, ...more] = await conflictsOf(id);
    expect(more).toEqual([]);
    expect(conflict).toMatchObject({
      entity: 'weddings',
      kind: 'field',
      lost: { message: 'Từ máy B' },
      written: { message: 'Từ máy A' },
      writer_client_id: 'device-a',
    });
    await pushOne('conflict.resolve', { id: conflict!.id, choice: 'lost' }, 'device-b');
    expect((await wedding(id))?.message).toBe('Từ máy B');
  });

  it('keeps a replaced family whole and puts it back when chosen', async () => {
    const id = await sharedWedding();
    const family = '{"name":"Lan","mother":"Bà Lan"}';
    await pushOne(
      'wedding.upsert',
      { id, ...shared, bridesFamily: { name: 'Lan B' }, base: { bridesFamily: family } },
      'device-b',
    );
    await pushOne(
      'wedding.upsert',
      { id, ...shared, bridesFamily: { name: 'Lan A' }, base: { bridesFamily: family } },
      'device-a',
    );
    const [conflict] = await conflictsOf(id);
    expect(conflict).toMatchObject({ lost: { bridesFamily: '{"name":"Lan B"}' } });
    await pushOne('conflict.resolve', { id: conflict!.id, choice: 'lost' }, 'device-b');
    expect((await wedding(id))?.brides_family).toEqual({ name: 'Lan B' });
  });

  it('still applies a whole invitation with no base: the later write wins, no conflict', async () => {
    const id = await sharedWedding();
    await pushOne(
      'wedding.upsert',
      { id, ...shared, venue: 'B', base: { venue: 'Nhà hàng Hoa Sen' } },
      'device-b',
    );
    await pushOne('wedding.upsert', { id, ...shared, message: 'A' }, 'device-a');
    expect(await wedding(id)).toMatchObject({ venue: 'Nhà hàng Hoa Sen', message: 'A' });
    expect(await conflictsOf(id)).toEqual([]);
  });
});

describe('per-field merge of account links', () => {
  const link = async (id: string) => {
    const [row] = await queryRows<{
      title: string | null;
      url: string | null;
      ordinal: number;
      hidden: boolean;
      deleted_at: string | null;
    }>(
      server.database.db,
      sql`SELECT title, url, ordinal, hidden, deleted_at FROM account_links WHERE id = ${id}`,
    );
    return row;
  };
  const shared = { kind: 'link', title: 'Trang của tôi', url: 'https://example.vn/a', ordinal: 3 };
  const sharedLink = async () => {
    const id = crypto.randomUUID();
    await pushOne('accountLink.upsert', { id, ...shared }, 'device-a');
    return id;
  };

  it('keeps both edits of different fields made on two devices', async () => {
    const id = await sharedLink();
    await pushOne(
      'accountLink.upsert',
      { id, ...shared, ordinal: 0, base: { ordinal: '3' } },
      'device-b',
    );
    await pushOne(
      'accountLink.upsert',
      { id, ...shared, title: 'Cửa hàng', base: { title: 'Trang của tôi' } },
      'device-a',
    );
    expect(await link(id)).toMatchObject({
      title: 'Cửa hàng',
      url: 'https://example.vn/a',
      ordinal: 0,
      hidden: false,
    });
    expect(await conflictsOf(id)).toEqual([]);
  });

  it('gives the same field to the later write and keeps the replaced value once', async () => {
    const id = await sharedLink();
    await pushOne(
      'accountLink.upsert',
      { id, ...shared, url: 'https://b.vn', base: { url: 'https://example.vn/a' } },
      'device-b',
    );
    const late = entry('accountLink.upsert', {
      id,
      ...shared,
      url: 'https://a.vn',
      base: { url: 'https://example.vn/a' },
    });
    await push([late], 'device-a');
    await push([late], 'device-a');
    expect((await link(id))?.url).toBe('https://a.vn');
    const [conflict, ...more] = await conflictsOf(id);
    expect(more).toEqual([]);
    expect(conflict).toMatchObject({
      entity: 'accountLinks',
      kind: 'field',
      lost: { url: 'https://b.vn' },
      written: { url: 'https://a.vn' },
    });
    await pushOne('conflict.resolve', { id: conflict!.id, choice: 'lost' }, 'device-b');
    expect((await link(id))?.url).toBe('https://b.vn');
  });

  it('keeps an edit of a deleted link; restoring brings it back with the edit', async () => {
    const id = await sharedLink();
    await pushOne('accountLink.delete', { id }, 'device-b');
    await pushOne(
      'accountLink.upsert',
      { id, ...shared, title: 'Gõ khi mất mạng', base: { title: 'Trang của tôi' } },
      'device-a',
    );
    expect((await link(id))?.deleted_at).not.toBeNull();
    const [conflict] = await conflictsOf(id);
    expect(conflict).toMatchObject({
      entity: 'accountLinks',
      kind: 'deleted',
      lost: { title: 'Gõ khi mất mạng' },
    });
    await pushOne('conflict.resolve', { id: conflict!.id, choice: 'restore' }, 'device-a');
    expect(await link(id)).toMatchObject({
      deleted_at: null,
      title: 'Gõ khi mất mạng',
      url: 'https://example.vn/a',
    });
  });

  it('still applies a whole row with no base: the later write wins, no conflict', async () => {
    const id = await sharedLink();
    await pushOne(
      'accountLink.upsert',
      { id, ...shared, title: 'B', base: { title: 'Trang của tôi' } },
      'device-b',
    );
    await pushOne('accountLink.upsert', { id, ...shared, url: 'https://a.vn' }, 'device-a');
    expect(await link(id)).toMatchObject({ title: 'Trang của tôi', url: 'https://a.vn' });
    expect(await conflictsOf(id)).toEqual([]);
  });
});
