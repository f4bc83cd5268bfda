// The device's half of the per-field merge (decision 1062) for the entities beyond contacts and
// the profile, on fake-indexeddb: an edit queues its changed fields with the mirror's values as
// base, keeps fields pulled meanwhile, and a choice on a conflict changes the screen at once.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { appDb, type ConflictRow, type JobDiaryRow } from '../../src/db/app-db';
import { writeSession } from '../../src/api/session-store';
import {
  chooseOnJobDiaryConflict,
  saveJobDiaryEntry,
} from '../../src/features/job-diary/job-diary-data';
import { jobDiaryUpsertSchema } from '../../contract/job-diary';
import { saveCv } from '../../src/features/cv/cv-data';
import { cvMergedFields, cvSaveSchema, type CvFields } from '../../contract/cv';
import type { CvRow } from '../../src/db/app-db';

const me = '0b7c8f4e-2f55-4b7e-9a1d-3c2a1f0e9d01';
const rowId = '0b7c8f4e-2f55-4b7e-9a1d-3c2a1f0e9d05';

function conflict(overrides: Partial<ConflictRow>): ConflictRow {
  return {
    id: crypto.randomUUID(),
    memberId: me,
    entity: 'jobDiary',
    rowId,
    kind: 'field',
    label: '',
    lost: {},
    written: {},
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
});

describe('job diary', () => {
  const mirrored: JobDiaryRow = {
    id: rowId,
    memberId: me,
    date: '2026-11-20',
    title: 'Gặp khách',
    content: 'Cũ',
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    deletedAt: null,
    changeSeq: 3,
  };
  beforeEach(async () => {
    await appDb.jobDiary.put(mirrored);
  });

  it('queues an edit with the changed field and its base; an unchanged save queues nothing', async () => {
    // A pull changed the title while the form was open: this device keeps it.
    await appDb.jobDiary.update(rowId, { title: 'Gặp khách ở Đà Lạt' });
    await saveJobDiaryEntry(
      appDb,
      me,
      { date: '2026-11-20', title: 'Gặp khách', content: 'Đã ký' },
      mirrored,
    );
    const [entry, ...more] = await appDb.outbox.toArray();
    expect(more).toEqual([]);
    expect(entry?.payload).toEqual({
      id: rowId,
      date: '2026-11-20',
      title: 'Gặp khách',
      content: 'Đã ký',
      base: { content: 'Cũ' },
    });
    expect(v.is(jobDiaryUpsertSchema, entry?.payload)).toBe(true);
    expect(await appDb.jobDiary.get(rowId)).toMatchObject({
      title: 'Gặp khách ở Đà Lạt',
      content: 'Đã ký',
    });
    await saveJobDiaryEntry(
      appDb,
      me,
      { date: '2026-11-20', title: 'Gặp khách', content: 'Cũ' },
      mirrored,
    );
    expect(await appDb.outbox.count()).toBe(1);
  });

  it('"keep mine" shows the kept value at once; a restore makes a removed entry again', async () => {
    const clash = conflict({ lost: { content: 'Của máy này' }, written: { content: 'Máy kia' } });
    await appDb.conflicts.put(clash);
    await chooseOnJobDiaryConflict(me, clash, 'lost');
    expect(await appDb.conflicts.get(clash.id)).toBeUndefined();
    expect((await appDb.jobDiary.get(rowId))?.content).toBe('Của máy này');

    await appDb.jobDiary.delete(rowId);
    const gone = conflict({
      kind: 'deleted',
      label: 'Gặp khách',
      lost: { content: 'Gõ khi mất mạng' },
      written: null,
    });
    await appDb.conflicts.put(gone);
    await chooseOnJobDiaryConflict(me, gone, 'restore');
    expect(await appDb.outbox.count()).toBe(2);
    expect(await appDb.jobDiary.get(rowId)).toMatchObject({
      title: 'Gặp khách',
      content: 'Gõ khi mất mạng',
      memberId: me,
      deletedAt: null,
    });
  });
});

describe('CV', () => {
  const fields: CvFields = {
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
  const opened: CvRow = {
    ...fields,
    id: me,
    memberId: me,
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    deletedAt: null,
  };

  it('sends the first save whole and an edit with the changed fields against the opened CV', async () => {
    await saveCv(appDb, me, fields);
    // Whole, against an empty CV: a first CV another device saved meanwhile is merged, not lost.
    const first = (await appDb.outbox.toArray())[0]?.payload as { base: object };
    expect(first).toMatchObject(fields);
    expect(first.base).toMatchObject({ address: null, skills: [], hobbies: [] });
    expect(Object.keys(first.base).sort()).toEqual([...cvMergedFields].sort());
    expect(v.is(cvSaveSchema, first)).toBe(true);
    await appDb.outbox.clear();
    // A pull brought another device's address while the form was open.
    await appDb.cvs.update(me, { address: 'Huế' });
    await saveCv(appDb, me, { ...fields, skills: ['Pha chế', 'Rang xay'] }, opened);
    const [entry, ...more] = await appDb.outbox.toArray();
    expect(more).toEqual([]);
    expect(entry?.payload).toMatchObject({
      skills: ['Pha chế', 'Rang xay'],
      base: { skills: ['Pha chế'] },
    });
    expect(Object.keys((entry?.payload as { base: object }).base)).toEqual(['skills']);
    expect(v.is(cvSaveSchema, entry?.payload)).toBe(true);
    expect(await appDb.cvs.get(me)).toMatchObject({
      address: 'Huế',
      skills: ['Pha chế', 'Rang xay'],
    });
  });
});
