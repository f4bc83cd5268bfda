// The owner's profile: PUT /members/updateMemberById (profile.update), the same handler in the
// batch push, and the `profile` pull source.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import type { MirroredProfile } from '../../contract/member';
import type { PullResponse, PushResult } from '../../contract/sync';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });

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

interface StoredMember {
  name: string;
  short_name: string | null;
  job_title: string | null;
  intro: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  website: string | null;
  interests: string[];
  business_sectors: string[];
  language: string;
  change_seq: string | number;
}

async function stored(id: string): Promise<StoredMember> {
  const rows = await queryRows<StoredMember>(
    server.database.db,
    sql`SELECT * FROM members WHERE id = ${id}`,
  );
  return rows[0]!;
}

const update = (id: string, token: string, json: unknown, headers: Record<string, string> = {}) =>
  server.request(`/api/members/updateMemberById/${id}`, { method: 'PUT', token, json, headers });

beforeAll(async () => {
  demoId = await memberId('demo');
  binhId = await memberId('binh-tran');
  demo = await server.tokenFor(demoId);
  binh = await server.tokenFor(binhId);
});

describe('profile.update', () => {
  it('writes only the fields the patch carries, blanks clear them', async () => {
    const before = await stored(demoId);
    const res = await update(demoId, demo, {
      jobTitle: 'Giám đốc sáng tạo',
      intro: 'Xin chào, tôi là An',
      interests: ['Du lịch', 'Du lịch', 'Âm nhạc'],
      website: 'mecards.vn/an',
      shortName: '',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as MirroredProfile;
    expect(body).toMatchObject({ id: demoId, jobTitle: 'Giám đốc sáng tạo', shortName: null });
    const after = await stored(demoId);
    expect(after.job_title).toBe('Giám đốc sáng tạo');
    expect(after.intro).toBe('Xin chào, tôi là An');
    expect(after.interests).toEqual(['Du lịch', 'Âm nhạc']);
    expect(after.website).toBe('mecards.vn/an');
    expect(after.short_name).toBeNull();
    // Untouched fields keep their values (another device may have changed them).
    expect(after.name).toBe(before.name);
    expect(after.business_sectors).toEqual(before.business_sectors);
    expect(after.contact_phone).toBe(before.contact_phone);
  });

  it('two devices editing different fields both keep their change; the same field: the later', async () => {
    await update(demoId, demo, { jobTitle: 'Kỹ sư' });
    await update(demoId, demo, { intro: 'Từ máy tính bảng' });
    await update(demoId, demo, { jobTitle: 'Kiến trúc sư' });
    const row = await stored(demoId);
    expect(row.job_title).toBe('Kiến trúc sư');
    expect(row.intro).toBe('Từ máy tính bảng');
  });

  it("refuses another member's id with 403 and changes nothing, on every path", async () => {
    const before = await stored(binhId);
    const res = await update(binhId, demo, { name: 'Bị sửa' });
    expect(res.status).toBe(403);
    const bad = await update(binhId, demo, { name: '' });
    expect(bad.status).toBe(403);
    const push = await server.request('/api/sync/push', {
      method: 'POST',
      token: demo,
      json: {
        mutations: [
          { id: randomUUID(), name: 'profile.update', payload: { id: binhId, name: 'X' } },
        ],
      },
    });
    const [result] = ((await push.json()) as { results: PushResult[] }).results;
    expect(result).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect(await stored(binhId)).toEqual(before);
    // Without a session: 401, nothing changes either.
    const anonymous = await server.request(`/api/members/updateMemberById/${binhId}`, {
      method: 'PUT',
      json: { name: 'Y' },
    });
    expect(anonymous.status).toBe(401);
    expect(await stored(binhId)).toEqual(before);
  });

  it('answers 404 for a path that is not an id', async () => {
    const res = await update('not-an-id', demo, { name: 'A' });
    expect(res.status).toBe(404);
  });

  it('names each bad field, in Vietnamese first and in English when asked, and changes nothing', async () => {
    const before = await stored(demoId);
    const patch = {
      name: '',
      phone: 'gọi tôi',
      contactEmail: 'khong-phai-email',
      website: 'không có',
      jobTitle: 'x'.repeat(121),
      interests: Array.from({ length: 21 }, (_, i) => `Sở thích ${i}`),
      language: 'FR',
    };
    const vi = await update(demoId, demo, patch);
    expect(vi.status).toBe(400);
    const viBody = (await vi.json()) as {
      error: {
        code: string;
        fields: Record<string, string>;
        fieldCodes: Record<string, { code: string }>;
      };
    };
    expect(viBody.error.code).toBe('validation_failed');
    expect(viBody.error.fields).toMatchObject({
      name: 'Vui lòng nhập thông tin',
      phone: 'Số điện thoại không hợp lệ',
      contactEmail: 'Bạn phải nhập địa chỉ email',
      website: 'Đường dẫn không hợp lệ',
    });
    expect(Object.keys(viBody.error.fields).sort()).toEqual(
      ['contactEmail', 'interests', 'jobTitle', 'language', 'name', 'phone', 'website'].sort(),
    );
    expect(viBody.error.fields.jobTitle).toContain('120');
    for (const text of Object.values(viBody.error.fields)) {
      expect(text).not.toBe('Đã có lỗi xảy ra. Vui lòng thử lại sau!');
    }
    const en = await update(demoId, demo, patch, { 'accept-language': 'en' });
    const enBody = (await en.json()) as { error: { fields: Record<string, string> } };
    expect(enBody.error.fields.phone).toBe('Invalid phone number');
    expect(enBody.error.fields.website).toBe('Invalid link');
    expect(await stored(demoId)).toEqual(before);
  });

  it('accepts form-urlencoded bodies like the other spec calls', async () => {
    const res = await server.request(`/api/members/updateMemberById/${demoId}`, {
      method: 'PUT',
      token: demo,
      form: { workplace: 'Công ty Sương Mai', businessSectors: 'Cà phê rang xay' },
    });
    expect(res.status).toBe(200);
    const row = await queryRows<{ workplace: string; business_sectors: string[] }>(
      server.database.db,
      sql`SELECT workplace, business_sectors FROM members WHERE id = ${demoId}`,
    );
    expect(row[0]).toEqual({
      workplace: 'Công ty Sương Mai',
      business_sectors: ['Cà phê rang xay'],
    });
  });

  it('a replayed idempotency key applies once', async () => {
    const key = randomUUID();
    await update(demoId, demo, { aboutMe: 'Lần một' }, { 'idempotency-key': key });
    const seq = (await stored(demoId)).change_seq;
    const again = await update(demoId, demo, { aboutMe: 'Lần một' }, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect((await stored(demoId)).change_seq).toBe(seq);
  });
});

describe('interests and business sectors come from the served lists', () => {
  it('refuses a value on no list, naming the field and the value (vi, then en); nothing changes', async () => {
    const before = await stored(demoId);
    const vi = await update(demoId, demo, { interests: ['Du lịch', 'Đua ngựa'] });
    expect(vi.status).toBe(400);
    const viBody = (await vi.json()) as {
      error: { code: string; fields: Record<string, string> };
    };
    expect(viBody.error.code).toBe('validation_failed');
    expect(viBody.error.fields).toEqual({
      interests: 'Sở thích "Đua ngựa" không có trong danh sách',
    });
    const en = await update(
      demoId,
      demo,
      { businessSectors: ['Cà phê', 'Khai thác mỏ'] },
      { 'accept-language': 'en' },
    );
    expect(en.status).toBe(400);
    const enBody = (await en.json()) as { error: { fields: Record<string, string> } };
    expect(enBody.error.fields).toEqual({
      businessSectors: 'The business sector "Khai thác mỏ" is not in the list',
    });
    expect(await stored(demoId)).toEqual(before);
  });

  it('the batch push refuses the same, with the same message; nothing changes', async () => {
    const before = await stored(binhId);
    const push = await server.request('/api/sync/push', {
      method: 'POST',
      token: binh,
      json: {
        mutations: [
          {
            id: randomUUID(),
            name: 'profile.update',
            payload: { id: binhId, jobTitle: 'Mới', businessSectors: ['Lặn biển'] },
          },
        ],
      },
    });
    const [result] = ((await push.json()) as { results: PushResult[] }).results;
    expect(result).toMatchObject({
      status: 'rejected',
      httpStatus: 400,
      fields: { businessSectors: 'Lĩnh vực kinh doanh "Lặn biển" không có trong danh sách' },
    });
    expect(await stored(binhId)).toEqual(before);
  });

  it('accepts listed values (careers and their child careers) and keeps values the member already had', async () => {
    await server.database.db.execute(
      sql`UPDATE members SET business_sectors = '["Xuất khẩu nông sản"]'::jsonb WHERE id = ${binhId}`,
    );
    const res = await update(binhId, binh, {
      interests: ['Âm nhạc'],
      businessSectors: ['Xuất khẩu nông sản', 'Nông nghiệp', 'Cà phê'],
    });
    expect(res.status).toBe(200);
    const after = await stored(binhId);
    expect(after.interests).toEqual(['Âm nhạc']);
    expect(after.business_sectors).toEqual(['Xuất khẩu nông sản', 'Nông nghiệp', 'Cà phê']);
  });
});

describe('profile pull', () => {
  it("mirrors the member's own row only, with every profile field", async () => {
    await update(binhId, binh, { language: 'EN', jobTitle: 'Nhà thiết kế' });
    const res = await server.request('/api/sync/pull?cursor=0&limit=500', { token: binh });
    expect(res.status).toBe(200);
    const page = (await res.json()) as PullResponse;
    const profiles = page.changes.filter((c) => c.entity === 'profile').map((c) => c.row);
    expect(profiles).toHaveLength(1);
    const mine = profiles[0] as unknown as MirroredProfile;
    expect(mine).toMatchObject({ id: binhId, language: 'EN', jobTitle: 'Nhà thiết kế' });
    for (const key of [
      'name',
      'shortName',
      'urlMinify',
      'theme',
      'themeType',
      'avatarUrl',
      'bannerUrl',
      'backgroundUrl',
      'interests',
      'businessSectors',
      'companyInfo',
      'contactPhone',
      'contactEmail',
      'changeSeq',
    ]) {
      expect(mine, key).toHaveProperty(key);
    }
    // Banks, links and videos are account link rows, not profile fields (decisions 0630, 0671).
    for (const key of ['banks', 'links', 'videos']) expect(mine).not.toHaveProperty(key);
    // A later edit comes with the next pull from the cursor.
    await update(binhId, binh, { intro: 'Mới' });
    const next = (await (
      await server.request(`/api/sync/pull?cursor=${page.cursor}&limit=500`, { token: binh })
    ).json()) as PullResponse;
    const changed = next.changes.filter((c) => c.entity === 'profile');
    expect(changed.map((c) => (c.row as unknown as MirroredProfile).intro)).toEqual(['Mới']);
  });

  it('the public card shows the edits, but never the login e-mail', async () => {
    await update(demoId, demo, { jobTitle: 'Chủ quán', contactEmail: '' });
    const res = await server.request('/api/members/getMemberIdView/demo');
    const text = await res.text();
    expect(text).toContain('Chủ quán');
    expect(text).not.toContain('demo@mecards.vn');
  });
});
