// Per-field merge with kept conflicts (decision 1062), on the real server: two devices' edits of
// different fields both survive; the same field goes to the later write and the replaced value
// is kept; an edit of a deleted contact is kept and can restore it; entries queued by an older
// app (whole row, no base) still apply; a replayed push keeps no second conflict.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PullResponse, PushResult } from '../../contract/sync';
import type { SyncConflict } from '../../contract/field-merge';
import { mergeFields } from '../../server/domain/field-merge';
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

async function contact(id: string) {
  const [row] = await queryRows<{
    name: string;
    company: string | null;
    note: string | null;
    phone: string | null;
    deleted_at: string | null;
  }>(server.database.db, sql`SELECT * FROM contacts WHERE id = ${id}`);
  return row;
}

async function conflictsOf(rowId: string) {
  return queryRows<{
    id: string;
    kind: string;
    lost: Record<string, unknown>;
    written: Record<string, unknown> | null;
    writer_client_id: string | null;
    resolution: string | null;
    deleted_at: string | null;
  }>(server.database.db, sql`SELECT * FROM sync_conflicts WHERE row_id = ${rowId}`);
}

/** A contact both devices mirror: created and pulled before either goes offline. */
async function sharedContact(): Promise<string> {
  const id = crypto.randomUUID();
  const [created] = await push(
    [entry('contact.upsert', { id, name: 'Phan Thị Thu', company: 'Sương Mai', note: 'Cũ' })],
    'device-a',
  );
  expect(created?.status).toBe('applied');
  return id;
}

describe('per-field merge of contact edits', () => {
  it('keeps both edits of different fields made on two devices', async () => {
    const id = await sharedContact();
    // B online changes the company; A, offline since, changed the note and arrives later.
    await push(
      [entry('contact.upsert', { id, company: 'Hương Rừng', base: { company: 'Sương Mai' } })],
      'device-b',
    );
    const [late] = await push(
      [entry('contact.upsert', { id, note: 'Gặp ở hội chợ', base: { note: 'Cũ' } })],
      'device-a',
    );
    expect(late?.status).toBe('applied');
    expect(await contact(id)).toMatchObject({
      name: 'Phan Thị Thu',
      company: 'Hương Rừng',
      note: 'Gặp ở hội chợ',
    });
    expect(await conflictsOf(id)).toEqual([]);
  });

  it('gives the same field to the later write and keeps the replaced value as one conflict', async () => {
    const id = await sharedContact();
    await push(
      [entry('contact.upsert', { id, company: 'Hương Rừng', base: { company: 'Sương Mai' } })],
      'device-b',
    );
    const late = entry('contact.upsert', {
      id,
      company: 'Đà Lạt Xanh',
      base: { company: 'Sương Mai' },
    });
    expect((await push([late], 'device-a'))[0]?.status).toBe('applied');
    expect((await contact(id))?.company).toBe('Đà Lạt Xanh');
    const [conflict, ...more] = await conflictsOf(id);
    expect(more).toEqual([]);
    expect(conflict).toMatchObject({
      kind: 'field',
      lost: { company: 'Hương Rừng' },
      written: { company: 'Đà Lạt Xanh' },
      writer_client_id: 'device-a',
      resolution: null,
      deleted_at: null,
    });

    // The same push delivered again (its answer was lost): no second conflict.
    expect((await push([late], 'device-a'))[0]?.status).toBe('applied');
    expect(await conflictsOf(id)).toHaveLength(1);

    // The conflict reaches the member's devices with the pull.
    const res = await server.request('/api/sync/pull?cursor=0&limit=5000', { token });
    const page = (await res.json()) as PullResponse;
    const pulled = page.changes.find((c) => c.entity === 'conflicts' && c.row.id === conflict!.id);
    expect(pulled?.row).toMatchObject({ entity: 'contacts', rowId: id, kind: 'field' });

    // B keeps its value ("keep mine" on B): it is written back per field, once.
    const resolve = entry('conflict.resolve', { id: conflict!.id, choice: 'lost' });
    const [settled] = await push([resolve], 'device-b');
    expect(settled?.status).toBe('applied');
    expect((settled?.result as SyncConflict).resolution).toBe('lost');
    expect((await contact(id))?.company).toBe('Hương Rừng');
    const after = await conflictsOf(id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ resolution: 'lost' });
    expect(after[0]?.deleted_at).not.toBeNull();
    // Settled already: another choice changes nothing.
    await push([entry('conflict.resolve', { id: conflict!.id, choice: 'written' })], 'device-a');
    expect((await contact(id))?.company).toBe('Hương Rừng');
  });

  it('keeps an edit of a deleted contact as a conflict; restoring brings it back with the edit', async () => {
    const id = await sharedContact();
    await push([entry('contact.delete', { id })], 'device-b');
    const [late] = await push(
      [
        entry('contact.upsert', {
          id,
          note: 'Số mới của chị Thu',
          phone: '0905 111 222',
          base: { note: 'Cũ', phone: null },
        }),
      ],
      'device-a',
    );
    expect(late?.status).toBe('applied');
    expect((await contact(id))?.deleted_at).not.toBeNull();
    const [conflict] = await conflictsOf(id);
    expect(conflict).toMatchObject({
      kind: 'deleted',
      lost: { note: 'Số mới của chị Thu', phone: '0905 111 222' },
      written: null,
    });

    // "Keep theirs" is not a choice for a deleted contact.
    const [wrong] = await push(
      [entry('conflict.resolve', { id: conflict!.id, choice: 'written' })],
      'device-a',
    );
    expect(wrong).toMatchObject({ status: 'rejected', httpStatus: 400 });

    const [restored] = await push(
      [entry('conflict.resolve', { id: conflict!.id, choice: 'restore' })],
      'device-a',
    );
    expect(restored?.status).toBe('applied');
    expect(await contact(id)).toMatchObject({
      deleted_at: null,
      name: 'Phan Thị Thu',
      company: 'Sương Mai',
      note: 'Số mới của chị Thu',
      phone: '0905 111 222',
    });
  });

  it('lets an edit go: the contact stays deleted', async () => {
    const id = await sharedContact();
    await push([entry('contact.delete', { id })], 'device-b');
    await push([entry('contact.upsert', { id, note: 'Bỏ', base: { note: 'Cũ' } })], 'device-a');
    const [conflict] = await conflictsOf(id);
    await push([entry('conflict.resolve', { id: conflict!.id, choice: 'dismiss' })], 'device-a');
    expect((await contact(id))?.deleted_at).not.toBeNull();
    expect((await conflictsOf(id))[0]).toMatchObject({ resolution: 'dismiss' });
  });

  it('still applies an entry queued by an older app: whole row, no base, the later write wins', async () => {
    const id = await sharedContact();
    await push(
      [entry('contact.upsert', { id, company: 'Hương Rừng', base: { company: 'Sương Mai' } })],
      'device-b',
    );
    const [old] = await push(
      [entry('contact.upsert', { id, name: 'Phan Thị Thu', company: 'Cũ Kỹ', note: 'Cũ' })],
      'device-a',
    );
    expect(old?.status).toBe('applied');
    expect(await contact(id)).toMatchObject({ company: 'Cũ Kỹ', note: 'Cũ', phone: null });
    expect(await conflictsOf(id)).toEqual([]);
  });

  it('refuses a base naming a field a contact does not have, and an edit with no name for a new id', async () => {
    const id = await sharedContact();
    const [unknown] = await push(
      [entry('contact.upsert', { id, note: 'x', base: { note: 'Cũ', ownerMemberId: 'x' } })],
      'device-a',
    );
    expect(unknown).toMatchObject({ status: 'rejected', code: 'validation_failed' });
    const [nameless] = await push(
      [entry('contact.upsert', { id: crypto.randomUUID(), note: 'x', base: { note: null } })],
      'device-a',
    );
    expect(nameless).toMatchObject({ status: 'rejected', code: 'validation_failed' });
  });
});

describe('per-field merge of the own profile', () => {
  it('keeps both fields, and keeps the replaced value of the same field', async () => {
    const [before] = await queryRows<{ intro: string | null; job_title: string | null }>(
      server.database.db,
      sql`SELECT intro, job_title FROM members WHERE id = ${demoId}`,
    );
    await push(
      [
        entry('profile.update', {
          id: demoId,
          intro: 'Giới thiệu từ máy B',
          base: { intro: before?.intro ?? null },
        }),
      ],
      'device-b',
    );
    await push(
      [
        entry('profile.update', {
          id: demoId,
          jobTitle: 'Chủ quán',
          base: { jobTitle: before?.job_title ?? null },
        }),
      ],
      'device-a',
    );
    await push(
      [
        entry('profile.update', {
          id: demoId,
          intro: 'Giới thiệu từ máy A',
          base: { intro: before?.intro ?? null },
        }),
      ],
      'device-a',
    );
    const [after] = await queryRows<{ intro: string | null; job_title: string | null }>(
      server.database.db,
      sql`SELECT intro, job_title FROM members WHERE id = ${demoId}`,
    );
    expect(after).toEqual({ intro: 'Giới thiệu từ máy A', job_title: 'Chủ quán' });
    const [conflict, ...more] = await conflictsOf(demoId);
    expect(more).toEqual([]);
    expect(conflict).toMatchObject({
      kind: 'field',
      lost: { intro: 'Giới thiệu từ máy B' },
      written: { intro: 'Giới thiệu từ máy A' },
    });
    await push([entry('conflict.resolve', { id: conflict!.id, choice: 'lost' })], 'device-b');
    const [kept] = await queryRows<{ intro: string | null }>(
      server.database.db,
      sql`SELECT intro FROM members WHERE id = ${demoId}`,
    );
    expect(kept?.intro).toBe('Giới thiệu từ máy B');
  });
});

describe('mergeFields', () => {
  it('conflicts only where the stored value is neither the base nor the new value', () => {
    expect(
      mergeFields(
        { a: 'x', b: 'theirs', c: 'same', d: null },
        { a: 'mine', b: 'mine', c: 'same', d: '' },
        { a: 'x', b: 'x', c: 'x', d: 'x' },
      ),
    ).toEqual({
      set: { a: 'mine', b: 'mine', c: 'same', d: '' },
      lost: { b: 'theirs' },
      written: { b: 'mine' },
    });
    // Without a base nothing conflicts; lists compare item by item.
    expect(mergeFields({ a: 'x' }, { a: 'y' }, undefined).lost).toEqual({});
    expect(mergeFields({ l: ['a', 'b'] }, { l: ['c'] }, { l: ['a', 'b'] }).lost).toEqual({});
  });
});
