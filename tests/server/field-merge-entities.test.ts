// Per-field merge with kept conflicts (decision 1062) for the entities beyond contacts and the
// profile, on the real server: two devices' edits of different fields both survive; the same
// field goes to the later write and the replaced value is kept once (a replayed push keeps no
// second conflict); an edit of a deleted row is kept and can bring the row back.
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

describe('per-field merge of job diary entries', () => {
  const diary = async (id: string) => {
    const [row] = await queryRows<{
      entry_date: string;
      title: string;
      content: string;
      deleted_at: string | null;
    }>(
      server.database.db,
      sql`SELECT to_char(entry_date, 'YYYY-MM-DD') AS entry_date, title, content, deleted_at
          FROM job_diary_entries WHERE id = ${id}`,
    );
    return row;
  };
  const shared = { date: '2026-11-20', title: 'Gặp khách', content: 'Cũ' };
  const sharedEntry = async () => {
    const id = crypto.randomUUID();
    await pushOne('jobDiary.upsert', { id, ...shared }, 'device-a');
    return id;
  };

  it('keeps both edits of different fields made on two devices', async () => {
    const id = await sharedEntry();
    await pushOne(
      'jobDiary.upsert',
      { id, ...shared, title: 'Gặp khách ở Đà Lạt', base: { title: 'Gặp khách' } },
      'device-b',
    );
    // A, offline since, sends its whole form with only the content named as changed.
    await pushOne(
      'jobDiary.upsert',
      { id, ...shared, content: 'Đã ký hợp đồng', base: { content: 'Cũ' } },
      'device-a',
    );
    expect(await diary(id)).toMatchObject({
      entry_date: '2026-11-20',
      title: 'Gặp khách ở Đà Lạt',
      content: 'Đã ký hợp đồng',
    });
    expect(await conflictsOf(id)).toEqual([]);
  });

  it('gives the same field to the later write and keeps the replaced value once', async () => {
    const id = await sharedEntry();
    await pushOne(
      'jobDiary.upsert',
      { id, ...shared, content: 'Từ máy B', base: { content: 'Cũ' } },
      'device-b',
    );
    const late = entry('jobDiary.upsert', {
      id,
      ...shared,
      content: 'Từ máy A',
      base: { content: 'Cũ' },
    });
    expect((await push([late], 'device-a'))[0]?.status).toBe('applied');
    expect((await diary(id))?.content).toBe('Từ máy A');
    expect(await conflictsOf(id)).toMatchObject([
      {
        entity: 'jobDiary',
        kind: 'field',
        lost: { content: 'Từ máy B' },
        written: { content: 'Từ máy A' },
        writer_client_id: 'device-a',
      },
    ]);
    expect((await push([late], 'device-a'))[0]?.status).toBe('applied');
    const [conflict, ...more] = await conflictsOf(id);
    expect(more).toEqual([]);

    // B keeps its value: written back, and the conflict is settled.
    await pushOne('conflict.resolve', { id: conflict!.id, choice: 'lost' }, 'device-b');
    expect((await diary(id))?.content).toBe('Từ máy B');
    expect((await conflictsOf(id))[0]).toMatchObject({ resolution: 'lost' });
  });

  it('keeps an edit of a deleted entry; restoring brings it back with the edit', async () => {
    const id = await sharedEntry();
    await pushOne('jobDiary.delete', { id }, 'device-b');
    await pushOne(
      'jobDiary.upsert',
      { id, ...shared, content: 'Ghi chú gõ khi mất mạng', base: { content: 'Cũ' } },
      'device-a',
    );
    expect((await diary(id))?.deleted_at).not.toBeNull();
    const [conflict] = await conflictsOf(id);
    expect(conflict).toMatchObject({
      kind: 'deleted',
      lost: { content: 'Ghi chú gõ khi mất mạng' },
    });
    await pushOne('conflict.resolve', { id: conflict!.id, choice: 'restore' }, 'device-a');
    expect(await diary(id)).toMatchObject({
      deleted_at: null,
      title: 'Gặp khách',
      content: 'Ghi chú gõ khi mất mạng',
    });
  });

  it('still applies a whole entry with no base: the later write wins, no conflict', async () => {
    const id = await sharedEntry();
    await pushOne(
      'jobDiary.upsert',
      { id, ...shared, title: 'B', base: { title: 'Gặp khách' } },
      'device-b',
    );
    await pushOne('jobDiary.upsert', { id, ...shared, content: 'Cũ kỹ' }, 'device-a');
    expect(await diary(id)).toMatchObject({ title: 'Gặp khách', content: 'Cũ kỹ' });
    expect(await conflictsOf(id)).toEqual([]);
  });
});

describe('per-field merge of the CV', () => {
  const cv = async () => {
    const [row] = await queryRows<{ phone: string; address: string; skills: string[] }>(
      server.database.db,
      sql`SELECT phone, address, skills FROM member_cvs WHERE id = ${demoId}`,
    );
    return row;
  };
  const whole = {
    email: 'demo@mecards.vn',
    phone: '0905 000 111',
    gender: 'female',
    dateOfBirth: '1990-01-02',
    address: 'Đà Lạt',
    aboutMe: 'Pha cà phê',
    skills: ['Pha chế'],
    hobbies: [],
    visibility: 'public',
  };

  it('keeps both fields, gives the same field to the later write and keeps the replaced value once', async () => {
    await pushOne('cv.save', whole, 'device-a');
    // Different fields: B the address, A (later, offline since) the skills.
    await pushOne('cv.save', { ...whole, address: 'Huế', base: { address: 'Đà Lạt' } }, 'device-b');
    await pushOne(
      'cv.save',
      { ...whole, skills: ['Pha chế', 'Rang xay'], base: { skills: ['Pha chế'] } },
      'device-a',
    );
    expect(await cv()).toEqual({
      phone: '0905 000 111',
      address: 'Huế',
      skills: ['Pha chế', 'Rang xay'],
    });
    expect(await conflictsOf(demoId)).toEqual([]);

    // Same field: the later write wins, B's value is kept, once for a replayed push.
    await pushOne(
      'cv.save',
      { ...whole, phone: '0905 222 333', base: { phone: '0905 000 111' } },
      'device-b',
    );
    const late = entry('cv.save', {
      ...whole,
      phone: '0905 444 555',
      base: { phone: '0905 000 111' },
    });
    await push([late], 'device-a');
    await push([late], 'device-a');
    expect((await cv())?.phone).toBe('0905 444 555');
    const [conflict, ...more] = await conflictsOf(demoId);
    expect(more).toEqual([]);
    expect(conflict).toMatchObject({
      entity: 'cvs',
      kind: 'field',
      lost: { phone: '0905 222 333' },
      written: { phone: '0905 444 555' },
    });
    await pushOne('conflict.resolve', { id: conflict!.id, choice: 'lost' }, 'device-b');
    expect((await cv())?.phone).toBe('0905 222 333');
  });

  it('keeps the values of a first CV another device saved earlier when a second first save lands', async () => {
    const [member] = await queryRows<{ id: string }>(
      server.database.db,
      sql`INSERT INTO members (id, name, url_minify)
          VALUES (gen_random_uuid(), 'Hai máy', ${`cv-${crypto.randomUUID()}`}) RETURNING id`,
    );
    const memberToken = await server.tokenFor(member!.id);
    const noCv = {
      email: null,
      phone: null,
      gender: null,
      dateOfBirth: null,
      address: null,
      aboutMe: null,
      skills: [],
      hobbies: [],
      visibility: null,
    };
    const firstSave = async (payload: object, clientId: string) => {
      const res = await server.request('/api/sync/push', {
        method: 'POST',
        token: memberToken,
        json: { mutations: [entry('cv.save', { ...payload, base: noCv })], clientId },
      });
      expect(((await res.json()) as { results: PushResult[] }).results[0]?.status).toBe('applied');
    };
    // Two devices, neither holding a CV, each save a first one offline.
    await firstSave(whole, 'device-a');
    await firstSave({ ...whole, address: 'Huế', skills: [] }, 'device-b');
    const [row] = await queryRows<{ address: string; skills: string[] }>(
      server.database.db,
      sql`SELECT address, skills FROM member_cvs WHERE id = ${member!.id}`,
    );
    expect(row).toEqual({ address: 'Huế', skills: [] });
    const [conflict, ...more] = await conflictsOf(member!.id);
    expect(more).toEqual([]);
    expect(conflict).toMatchObject({
      entity: 'cvs',
      kind: 'field',
      lost: { address: 'Đà Lạt', skills: ['Pha chế'] },
      written: { address: 'Huế', skills: [] },
    });
  });
});
