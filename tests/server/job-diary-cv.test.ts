// The job diary (decision 0710) and the CV (decision 0711): REST calls and the batch push run
// the same handlers; another member's diary is out of reach (403 list, 404 entry) and stays as
// it was; the CV answers per its visibility and the /cv/{id} page's status follows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import type { JobDiaryEntry } from '../../contract/job-diary';
import type { CvDocument, MemberCv } from '../../contract/cv';
import type { PullResponse, PushResult } from '../../contract/sync';
import { startTestServer } from './test-server';

// A one-file client so the /cv/{id} page is answered (its status is what is checked).
const clientDir = await mkdtemp(path.join(tmpdir(), 'mecards-cv-client-'));
afterAll(() => rm(clientDir, { recursive: true, force: true }));
await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><html lang="vi"></html>');

const server = await startTestServer({ demo: true, config: { clientDir } });

let demoId = '';
let binhId = '';
let demo = '';
let binh = '';

async function memberId(urlMinify: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    server.database.db,
    sql`SELECT id FROM members WHERE url_minify = ${urlMinify}`,
  );
  return rows[0]!.id;
}

async function storedEntry(id: string) {
  const rows = await queryRows<{
    member_id: string;
    entry_date: string;
    title: string;
    content: string;
    deleted_at: string | null;
  }>(
    server.database.db,
    sql`SELECT member_id, entry_date::text AS entry_date, title, content, deleted_at
        FROM job_diary_entries WHERE id = ${id}`,
  );
  return rows[0];
}

beforeAll(async () => {
  demoId = await memberId('demo');
  binhId = await memberId('binh-tran');
  demo = await server.tokenFor(demoId);
  binh = await server.tokenFor(binhId);
});

describe('job diary calls', () => {
  it('inserts, reads, lists with search and filter, updates and soft-deletes', async () => {
    const insert = await server.request('/api/members/insertJobDiary', {
      method: 'POST',
      token: demo,
      json: { date: '2026-03-02', title: 'Gặp khách hàng Đà Nẵng', content: 'Báo giá phần mềm' },
    });
    expect(insert.status).toBe(200);
    const entry = (await insert.json()) as JobDiaryEntry;
    expect(entry).toMatchObject({ memberId: demoId, date: '2026-03-02', deletedAt: null });
    expect(await storedEntry(entry.id)).toMatchObject({
      member_id: demoId,
      entry_date: '2026-03-02',
      title: 'Gặp khách hàng Đà Nẵng',
    });

    await server.request('/api/members/insertJobDiary', {
      method: 'POST',
      token: demo,
      json: { id: randomUUID(), date: '2026-04-10', title: 'Viết tài liệu', content: '' },
    });

    const got = await server.request(`/api/members/jobDiary/${entry.id}`, { token: demo });
    expect(got.status).toBe(200);
    expect(((await got.json()) as JobDiaryEntry).title).toBe('Gặp khách hàng Đà Nẵng');

    const search = await server.request(
      `/api/members/getJobDiaryByMemberId/${demoId}?search=da%20nang&limit=10`,
      { token: demo },
    );
    expect(search.status).toBe(200);
    const found = (await search.json()) as { items: JobDiaryEntry[]; total: number };
    expect(found.items.map((e) => e.id)).toEqual([entry.id]);

    const march = await server.request(
      `/api/members/getJobDiaryByMemberId/${demoId}?filter=2026-04`,
      { token: demo },
    );
    const inApril = (await march.json()) as { items: JobDiaryEntry[] };
    expect(inApril.items.map((e) => e.title)).toEqual(['Viết tài liệu']);

    const update = await server.request(`/api/members/updateJobDiaryById/${entry.id}`, {
      method: 'PUT',
      token: demo,
      json: { date: '2026-03-03', title: 'Gặp khách hàng Huế' },
    });
    expect(update.status).toBe(200);
    expect(await storedEntry(entry.id)).toMatchObject({
      entry_date: '2026-03-03',
      title: 'Gặp khách hàng Huế',
    });

    const del = await server.request(`/api/members/deleteJobDiaryById/${entry.id}`, {
      method: 'PUT',
      token: demo,
    });
    expect(del.status).toBe(200);
    expect((await storedEntry(entry.id))?.deleted_at).not.toBeNull();
    const gone = await server.request(`/api/members/jobDiary/${entry.id}`, { token: demo });
    expect(gone.status).toBe(404);
    const editDeleted = await server.request(`/api/members/updateJobDiaryById/${entry.id}`, {
      method: 'PUT',
      token: demo,
      json: { date: '2026-03-03', title: 'Sau khi xoá' },
    });
    expect(editDeleted.status).toBe(404);
  });

  it('refuses bad input with the field message, Vietnamese first, English when chosen', async () => {
    const res = await server.request('/api/members/insertJobDiary', {
      method: 'POST',
      token: demo,
      json: { date: '', title: '' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toMatchObject({
      date: 'Vui lòng chọn ngày',
      title: 'Vui lòng nhập tiêu đề',
    });
    const en = await server.request('/api/members/insertJobDiary', {
      method: 'POST',
      token: demo,
      json: { date: '2026-13-45', title: 'x' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.status).toBe(400);
    const enBody = (await en.json()) as { error: { fields: Record<string, string> } };
    expect(enBody.error.fields.date).toBe('Invalid date');
  });

  it('keeps a diary private: 403 on the list, 404 on entries, nothing changes', async () => {
    const id = randomUUID();
    await server.request('/api/members/insertJobDiary', {
      method: 'POST',
      token: demo,
      json: { id, date: '2026-05-01', title: 'Riêng tư' },
    });
    const before = await storedEntry(id);
    expect(
      (await server.request(`/api/members/getJobDiaryByMemberId/${demoId}`, { token: binh }))
        .status,
    ).toBe(403);
    expect((await server.request(`/api/members/jobDiary/${id}`, { token: binh })).status).toBe(404);
    const update = await server.request(`/api/members/updateJobDiaryById/${id}`, {
      method: 'PUT',
      token: binh,
      json: { date: '2026-05-01', title: 'Đổi' },
    });
    expect(update.status).toBe(404);
    const del = await server.request(`/api/members/deleteJobDiaryById/${id}`, {
      method: 'PUT',
      token: binh,
    });
    expect(del.status).toBe(404);
    const push = await server.request('/api/sync/push', {
      method: 'POST',
      token: binh,
      json: {
        mutations: [
          {
            id: randomUUID(),
            name: 'jobDiary.upsert',
            payload: { id, date: '2026-05-01', title: 'Chiếm' },
          },
        ],
      },
    });
    const { results } = (await push.json()) as { results: PushResult[] };
    expect(results[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
    expect(await storedEntry(id)).toEqual(before);
    expect((await server.request(`/api/members/getJobDiaryByMemberId/${demoId}`)).status).toBe(401);
  });

  it('pushes once and pulls the entry to the owner only', async () => {
    const id = randomUUID();
    const mutation = {
      id: randomUUID(),
      name: 'jobDiary.upsert',
      payload: { id, date: '2026-06-01', title: 'Đồng bộ một lần' },
    };
    for (let i = 0; i < 2; i += 1) {
      const push = await server.request('/api/sync/push', {
        method: 'POST',
        token: demo,
        json: { mutations: [mutation] },
      });
      expect(push.status).toBe(200);
    }
    const rows = await queryRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM job_diary_entries WHERE title = 'Đồng bộ một lần'`,
    );
    expect(rows[0]?.n).toBe(1);
    const pulled = async (token: string) =>
      (
        (await (
          await server.request('/api/sync/pull?cursor=0&limit=500', { token })
        ).json()) as PullResponse
      ).changes.filter((c) => c.entity === 'jobDiary');
    expect(
      (await pulled(demo)).some((c) => (c.row as { id?: string } | undefined)?.id === id),
    ).toBe(true);
    expect(await pulled(binh)).toEqual([]);
  });
});

const fullCv = {
  email: 'giang@example.vn',
  phone: '0901 234 567',
  gender: 'female',
  dateOfBirth: '1994-08-15',
  address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
  aboutMe: 'Kỹ sư phần mềm yêu thích sản phẩm tiếng Việt.',
  skills: ['TypeScript', 'PostgreSQL'],
  hobbies: ['Đọc sách'],
};

describe('CV', () => {
  it('refuses a CV without the §5 fields, each named', async () => {
    const res = await server.request(`/api/cv/updateCvByMemberId/${demoId}`, {
      method: 'PUT',
      token: demo,
      json: {},
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toMatchObject({
      email: 'Bạn phải nhập địa chỉ email',
      phone: 'Vui lòng nhập số điện thoại',
      gender: 'Vui lòng chọn giới tính',
      dateOfBirth: 'Vui lòng nhập ngày sinh',
      address: 'Vui lòng nhập địa chỉ',
      aboutMe: 'Vui lòng giới thiệu bản thân',
    });
    const other = await server.request(`/api/cv/updateCvByMemberId/${demoId}`, {
      method: 'PUT',
      token: binh,
      json: fullCv,
    });
    expect(other.status).toBe(403);
  });

  it('saves, shows per visibility, and the page status follows', async () => {
    const unknown = randomUUID();
    expect((await server.request(`/api/cv/getCvByMemberId/${unknown}`)).status).toBe(404);
    expect((await server.request(`/cv/${unknown}`)).status).toBe(404);
    expect((await server.request(`/cv/${binhId}`)).status).toBe(404);

    const save = await server.request(`/api/cv/updateCvByMemberId/${demoId}`, {
      method: 'PUT',
      token: demo,
      json: { ...fullCv, visibility: 'public' },
    });
    expect(save.status).toBe(200);
    expect((await save.json()) as MemberCv).toMatchObject({ id: demoId, gender: 'female' });

    const pub = await server.request(`/api/cv/getCvByMemberId/${demoId}`);
    expect(pub.status).toBe(200);
    const doc = (await pub.json()) as CvDocument;
    expect(doc).toMatchObject({ memberId: demoId, email: fullCv.email, skills: fullCv.skills });
    expect(typeof doc.name).toBe('string');
    const page = await server.request(`/cv/${demoId}`);
    expect(page.status).toBe(200);

    await server.request(`/api/cv/updateCvByMemberId/${demoId}`, {
      method: 'PUT',
      token: demo,
      json: { ...fullCv, visibility: 'private' },
    });
    expect((await server.request(`/api/cv/getCvByMemberId/${demoId}`)).status).toBe(404);
    expect(
      (await server.request(`/api/cv/getCvByMemberId/${demoId}`, { token: binh })).status,
    ).toBe(404);
    expect(
      (await server.request(`/api/cv/getCvByMemberId/${demoId}`, { token: demo })).status,
    ).toBe(200);
    expect((await server.request(`/cv/${demoId}`)).status).toBe(404);

    await queryRows(server.database.db, sql`DELETE FROM member_cvs WHERE id = ${demoId}`);
  });
});
