// The device's half of the per-field merge (decision 1062) on fake-indexeddb: an edit carries the
// changed fields and the mirror's values of them as its base; a choice on a conflict is one
// queued mutation that changes the screen at once.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { appDb, type ConflictRow, type ContactRow } from '../../src/db/app-db';
import { writeSession } from '../../src/api/session-store';
import { fieldEdit } from '../../src/sync/field-edit';
import { chooseOnContactConflict, saveContact } from '../../src/features/phonebook/phonebook-data';
import { saveProfile } from '../../src/features/profile/profile-data';
import { contactSearchKey, contactUpsertSchema } from '../../contract/contact';
import { conflictResolveSchema } from '../../contract/field-merge';
import { profileUpdateSchema } from '../../contract/member';

const me = '0b7c8f4e-2f55-4b7e-9a1d-3c2a1f0e9d01';
const contactId = '0b7c8f4e-2f55-4b7e-9a1d-3c2a1f0e9d03';

const mirrored: ContactRow = {
  id: contactId,
  ownerMemberId: me,
  cardMemberId: null,
  name: 'Phan Thị Thu',
  phone: null,
  email: null,
  company: 'Sương Mai',
  jobTitle: null,
  address: null,
  note: 'Cũ',
  cardSnapshot: null,
  searchKey: '',
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  deletedAt: null,
  changeSeq: 7,
};

function conflict(overrides: Partial<ConflictRow>): ConflictRow {
  return {
    id: crypto.randomUUID(),
    memberId: me,
    entity: 'contacts',
    rowId: contactId,
    kind: 'field',
    label: 'Phan Thị Thu',
    lost: { company: 'Hương Rừng' },
    written: { company: 'Đà Lạt Xanh' },
    writerClientId: 'other-device',
    resolution: null,
    createdAt: '2026-11-21T00:00:00.000Z',
    updatedAt: '2026-11-21T00:00:00.000Z',
    deletedAt: null,
    ...overrides,
  };
}

beforeEach(async () => {
  await Promise.all(appDb.tables.map((t) => t.clear()));
  await writeSession({
    accessToken: 't',
    memberId: me,
    userName: 'demo',
    urlMinify: 'demo',
    brandGroup: null,
    agency: null,
  });
  await appDb.contacts.put({ ...mirrored, searchKey: contactSearchKey(mirrored) });
});

describe('changed fields and their base', () => {
  it('names only what differs from the mirrored row, blanks as none', () => {
    expect(
      fieldEdit(
        mirrored,
        { name: 'Phan Thị Thu', company: 'Hương Rừng', note: '', phone: '', email: undefined },
        ['name', 'company', 'note', 'phone', 'email'],
      ),
    ).toEqual({
      changed: { company: 'Hương Rừng', note: null },
      base: { company: 'Sương Mai', note: 'Cũ' },
    });
  });

  it('queues a contact edit with the changed fields and the mirror as base', async () => {
    await saveContact(
      me,
      { name: 'Phan Thị Thu', company: 'Sương Mai', note: 'Gặp ở hội chợ' },
      mirrored,
    );
    const [entry, ...more] = await appDb.outbox.toArray();
    expect(more).toEqual([]);
    expect(entry?.payload).toEqual({ id: contactId, note: 'Gặp ở hội chợ', base: { note: 'Cũ' } });
    expect(v.is(contactUpsertSchema, entry?.payload)).toBe(true);
    expect(await appDb.contacts.get(contactId)).toMatchObject({
      note: 'Gặp ở hội chợ',
      company: 'Sương Mai',
    });
    // Saving the form unchanged queues nothing.
    await saveContact(me, { name: 'Phan Thị Thu', company: 'Sương Mai', note: 'Cũ' }, mirrored);
    expect(await appDb.outbox.count()).toBe(1);
  });

  it('keeps a field pulled while the form was open (only the edited field is written here)', async () => {
    await appDb.contacts.update(contactId, { company: 'Hương Rừng' });
    await saveContact(me, { name: 'Phan Thị Thu', company: 'Sương Mai', note: 'Mới' }, mirrored);
    expect(await appDb.contacts.get(contactId)).toMatchObject({
      company: 'Hương Rừng',
      note: 'Mới',
    });
  });

  it('queues a profile patch with the mirror as base', async () => {
    await appDb.profile.put({ id: me, intro: 'Cũ', contactPhone: '0905 000 111' } as never);
    await saveProfile(me, { intro: 'Mới', phone: '0905 000 111' });
    const [entry] = await appDb.outbox.toArray();
    expect(entry?.payload).toEqual({ id: me, intro: 'Mới', base: { intro: 'Cũ' } });
    expect(v.is(profileUpdateSchema, entry?.payload)).toBe(true);
  });
});

describe('choosing on a conflict', () => {
  it('"keep mine" queues exactly one resolve, removes the banner and shows the kept value', async () => {
    const clash = conflict({});
    await appDb.conflicts.put(clash);
    await chooseOnContactConflict(me, clash, 'lost');
    const entries = await appDb.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      name: 'conflict.resolve',
      payload: { id: clash.id, choice: 'lost' },
    });
    expect(v.is(conflictResolveSchema, entries[0]?.payload)).toBe(true);
    expect(await appDb.conflicts.get(clash.id)).toBeUndefined();
    const row = await appDb.contacts.get(contactId);
    expect(row?.company).toBe('Hương Rừng');
    expect(row?.searchKey).toContain('huong rung');
  });

  it('restores a contact this device no longer has, with the edit', async () => {
    await appDb.contacts.delete(contactId);
    const gone = conflict({
      kind: 'deleted',
      lost: { note: 'Số mới', phone: '0905 111 222' },
      written: null,
    });
    await appDb.conflicts.put(gone);
    await chooseOnContactConflict(me, gone, 'restore');
    expect(await appDb.outbox.count()).toBe(1);
    expect(await appDb.contacts.get(contactId)).toMatchObject({
      name: 'Phan Thị Thu',
      note: 'Số mới',
      phone: '0905 111 222',
      deletedAt: null,
      ownerMemberId: me,
    });
  });
});
