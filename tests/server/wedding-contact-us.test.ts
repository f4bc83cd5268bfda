// Wedding invitations and contact-us (decisions 0720, 0721): the owner writes an invitation
// through wedding.upsert (REST and batch push alike), guests and visitors post without login —
// validated, honeypot, rate-limited in the database, stored once per client id — and the owner
// reads the guest list and the inbox, marks messages read/contacted, and is notified.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { groups, members } from '../../server/db/schema';
import type { ContactUsMessage } from '../../contract/contact-us';
import type { Contact } from '../../contract/contact';
import type { Wedding, WeddingGuest } from '../../contract/wedding';
import type { PullResponse, PushResult } from '../../contract/sync';
import { startTestServer } from './test-server';

// Behind one proxy: each test posts from its own address.
const server = await startTestServer({ demo: true, config: { trustProxy: true } });
const db = server.database.db;

let demoId = '';
let brandOwnerId = '';
let brandId = '';
let demo = '';
let other = '';
let brandOwner = '';

beforeAll(async () => {
  const [demoRow] = await db.select().from(members).where(eq(members.urlMinify, 'demo'));
  demoId = demoRow!.id;
  const [brand] = await db.select().from(groups).where(eq(groups.urlMinify, 'demo-brand'));
  brandId = brand!.id;
  brandOwnerId = brand!.ownerMemberId!;
  demo = await server.tokenFor(demoId);
  brandOwner = await server.tokenFor(brandOwnerId);
  const otherId = randomUUID();
  await queryRows(
    db,
    sql`INSERT INTO members (id, name, url_minify) VALUES (${otherId}, 'Người khác', ${`o-${otherId}`})`,
  );
  other = await server.tokenFor(otherId);
});

const invitation = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  groomsFamily: { name: 'Nguyễn Văn An', father: 'Nguyễn Văn Bình', address: 'Hà Nội' },
  bridesFamily: { name: 'Trần Thị Hoa', mother: 'Lê Thị Lan' },
  groomsBank: { bankBin: '970436', ownerName: 'NGUYEN VAN AN', accountNumber: '0071000123456' },
  bridesBank: null,
  weddingDay: { h: '11H00', d: 7, m: 3, y: 2027 },
  weddingPartyDay: { h: '11h30', th: 'Thứ hai', d: 7, m: 3, y: 2027 },
  venue: 'Nhà văn hoá phường',
  message: 'Trân trọng kính mời',
  ...extra,
});

async function createWedding(token = demo, extra: Record<string, unknown> = {}): Promise<Wedding> {
  const id = randomUUID();
  const res = await server.request(`/api/wedding/${id}`, {
    method: 'PUT',
    token,
    json: invitation(id, extra),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Wedding;
}

const rsvp = (ip: string, json: unknown) =>
  server.request('/api/weddingGuest', {
    method: 'POST',
    headers: { 'x-forwarded-for': ip },
    json,
  });

/** Posts as the card's form does: the consent box ticked unless the post says otherwise. */
const contactUs = (
  ip: string,
  json: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  server.request('/api/contactUs', {
    method: 'POST',
    headers: { 'x-forwarded-for': ip, ...headers },
    json: { consent: true, ...json },
  });

async function guestRows(weddingId: string) {
  return queryRows<{ id: string; name: string; attending: boolean; people: number }>(
    db,
    sql`SELECT id, name, attending, people FROM wedding_guests WHERE wedding_id = ${weddingId}`,
  );
}

async function inboxRows(memberId: string) {
  return queryRows<{ id: string; name: string; message: string; read_at: string | null }>(
    db,
    sql`SELECT id, name, message, read_at FROM contact_us_messages WHERE member_id = ${memberId}`,
  );
}

describe('wedding invitation', () => {
  it('is written by its owner with the weekday worked out and the bank named from the list', async () => {
    const wedding = await createWedding();
    expect(wedding.memberId).toBe(demoId);
    expect(wedding.status).toBe('ACTIVE');
    expect(wedding.type).toBe('WEDDING');
    // 07/03/2027 is a Sunday; the client's "Thứ hai" is not trusted; hours are upper-cased.
    expect(wedding.weddingDay).toEqual({ h: '11H00', th: 'Chủ nhật', d: 7, m: 3, y: 2027 });
    expect(wedding.weddingPartyDay.h).toBe('11H30');
    expect(wedding.weddingPartyDay.th).toBe('Chủ nhật');
    expect(wedding.groomsBank).toEqual({
      bankBin: '970436',
      bankName: 'Vietcombank',
      ownerName: 'NGUYEN VAN AN',
      accountNumber: '0071000123456',
    });
    const res = await server.request(`/api/wedding/${wedding.id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Wedding).groomsFamily.name).toBe('Nguyễn Văn An');
  });

  it('refuses another member’s edit with 403 and changes nothing', async () => {
    const wedding = await createWedding();
    const res = await server.request(`/api/wedding/${wedding.id}`, {
      method: 'PUT',
      token: other,
      json: invitation(wedding.id, { venue: 'Chỗ khác' }),
    });
    expect(res.status).toBe(403);
    const [row] = await queryRows<{ venue: string; member_id: string }>(
      db,
      sql`SELECT venue, member_id FROM weddings WHERE id = ${wedding.id}`,
    );
    expect(row).toEqual({ venue: 'Nhà văn hoá phường', member_id: demoId });
  });

  it('names the bad fields in Vietnamese, or English when asked, and stores nothing', async () => {
    const id = randomUUID();
    const res = await server.request(`/api/wedding/${id}`, {
      method: 'PUT',
      token: demo,
      json: invitation(id, {
        groomsFamily: { name: '  ' },
        weddingDay: { h: '25H00', d: 31, m: 2, y: 2027 },
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields['groomsFamily.name']).toBe('Vui lòng nhập tên chú rể');
    expect(body.error.fields['weddingDay.h']).toBe('Giờ không hợp lệ (ví dụ 11H00)');
    const en = await server.request(`/api/wedding/${id}`, {
      method: 'PUT',
      token: demo,
      headers: { 'accept-language': 'en' },
      json: invitation(id, { bridesFamily: {} }),
    });
    expect(en.status).toBe(400);
    const enBody = (await en.json()) as { error: { fields: Record<string, string> } };
    expect(enBody.error.fields['bridesFamily.name']).toBe("Please enter the bride's name");
    const rows = await queryRows(db, sql`SELECT id FROM weddings WHERE id = ${id}`);
    expect(rows).toEqual([]);
  });

  it('answers 404 for an unknown id, a malformed id and an inactive invitation (to guests)', async () => {
    expect((await server.request(`/api/wedding/${randomUUID()}`)).status).toBe(404);
    expect((await server.request('/api/wedding/not-an-id')).status).toBe(404);
    const hidden = await createWedding(demo, { status: 'INACTIVE' });
    expect((await server.request(`/api/wedding/${hidden.id}`)).status).toBe(404);
    expect((await server.request(`/api/wedding/${hidden.id}`, { token: demo })).status).toBe(200);
    expect(
      (await rsvp('203.0.113.9', { weddingId: hidden.id, name: 'A', attending: 'yes' })).status,
    ).toBe(404);
    expect(await guestRows(hidden.id)).toEqual([]);
  });

  it('is carried by the batch push and the owner’s pull, with its guests', async () => {
    const id = randomUUID();
    const push = await server.request('/api/sync/push', {
      method: 'POST',
      token: demo,
      json: { mutations: [{ id: randomUUID(), name: 'wedding.upsert', payload: invitation(id) }] },
    });
    const [result] = ((await push.json()) as { results: PushResult[] }).results;
    expect(result?.status).toBe('applied');
    const guestId = randomUUID();
    expect(
      (
        await rsvp('203.0.113.10', {
          id: guestId,
          weddingId: id,
          name: 'Chị Mai',
          attending: true,
          people: 2,
        })
      ).status,
    ).toBe(201);
    const pull = await server.request('/api/sync/pull?cursor=0&limit=500', { token: demo });
    expect(pull.status).toBe(200);
    const page = (await pull.json()) as PullResponse;
    const changes = page.changes;
    expect(changes.some((c) => c.entity === 'weddings' && c.row.id === id)).toBe(true);
    expect(changes.some((c) => c.entity === 'weddingGuests' && c.row.id === guestId)).toBe(true);
    const otherPull = (await (
      await server.request('/api/sync/pull?cursor=0&limit=500', { token: other })
    ).json()) as PullResponse;
    const otherChanges = otherPull.changes;
    expect(otherChanges.some((c) => c.row.id === guestId || c.row.id === id)).toBe(false);
  });
});

describe('guest replies', () => {
  it('stores a reply once per id, lists it to the owner only, and tells the owner', async () => {
    const wedding = await createWedding();
    const id = randomUUID();
    const reply = {
      id,
      weddingId: wedding.id,
      name: 'Anh Tuấn <script>alert(1)</script>',
      phone: '0901 234 567',
      attending: 'yes',
      people: '3',
      wishes: 'Trăm năm hạnh phúc!',
    };
    expect((await rsvp('203.0.113.11', reply)).status).toBe(201);
    // The service worker sends it again (the first answer was lost): still one reply.
    expect((await rsvp('203.0.113.11', reply)).status).toBe(200);
    expect(await guestRows(wedding.id)).toEqual([
      { id, name: 'Anh Tuấn <script>alert(1)</script>', attending: true, people: 3 },
    ]);
    const list = await server.request(`/api/wedding/${wedding.id}/guests`, { token: demo });
    expect(list.status).toBe(200);
    const guests = (await list.json()) as WeddingGuest[];
    expect(guests.map((g) => [g.name, g.people, g.wishes])).toEqual([
      ['Anh Tuấn <script>alert(1)</script>', 3, 'Trăm năm hạnh phúc!'],
    ]);
    expect(
      (await server.request(`/api/wedding/${wedding.id}/guests`, { token: other })).status,
    ).toBe(403);
    expect((await server.request(`/api/wedding/${wedding.id}/guests`)).status).toBe(401);
    const notes = await queryRows<{ kind: string; actor_name: string }>(
      db,
      sql`SELECT kind, actor_name FROM notifications WHERE member_id = ${demoId} AND subject_id = ${wedding.id}`,
    );
    expect(notes).toEqual([{ kind: 'wedding_rsvp', actor_name: reply.name }]);
  });

  it('refuses missing fields with named messages and stores nothing', async () => {
    const wedding = await createWedding();
    const res = await rsvp('203.0.113.12', { weddingId: wedding.id, people: 40 });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toMatchObject({
      name: 'Vui lòng nhập họ tên',
      attending: 'Vui lòng chọn bạn có tham dự hay không',
      people: 'Số người tham dự phải từ 1 đến 20',
    });
    expect(await guestRows(wedding.id)).toEqual([]);
  });

  it('answers a filled honeypot as if stored, and stores nothing', async () => {
    const wedding = await createWedding();
    const res = await rsvp('203.0.113.13', {
      weddingId: wedding.id,
      name: 'Bot',
      attending: 'yes',
      website: 'http://spam.example',
    });
    expect(res.status).toBe(201);
    expect(await guestRows(wedding.id)).toEqual([]);
  });

  it('limits 1,000 posts a minute from one address to 30 stored, then 429 with Retry-After', async () => {
    const wedding = await createWedding();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 1000; i += 1) {
      const res = await rsvp('203.0.113.14', {
        weddingId: wedding.id,
        name: `Khách ${i}`,
        attending: 'no',
      });
      statuses.push(res.status);
      if (res.status === 429) retryAfter ??= res.headers.get('retry-after');
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(970);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(await guestRows(wedding.id)).toHaveLength(30);
    // Another address is not held back.
    expect(
      (await rsvp('203.0.113.15', { weddingId: wedding.id, name: 'Khác', attending: 'no' })).status,
    ).toBe(201);
  }, 120_000);

  it('refuses a 10 MB body with 413 and stores nothing', async () => {
    const wedding = await createWedding();
    const res = await rsvp('203.0.113.16', {
      weddingId: wedding.id,
      name: 'Lớn',
      attending: 'yes',
      wishes: 'x'.repeat(10 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(await guestRows(wedding.id)).toEqual([]);
  });

  it('takes the spec’s form-urlencoded posts', async () => {
    const wedding = await createWedding();
    const res = await server.request('/api/weddingGuest', {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.17' },
      form: { weddingId: wedding.id, name: 'Cô Ba', attending: 'no', people: '1' },
    });
    expect(res.status).toBe(201);
    expect(await guestRows(wedding.id)).toMatchObject([{ name: 'Cô Ba', attending: false }]);
  });
});

describe('contact us', () => {
  it('reaches the card’s owner, once per id, with a notification; script tags stay text', async () => {
    const id = randomUUID();
    const post = {
      id,
      memberId: demoId,
      name: 'Lan <script>x()</script>',
      phone: '0912345678',
      message: 'Tôi muốn đặt 50 thẻ',
    };
    expect((await contactUs('198.51.100.1', post)).status).toBe(201);
    expect((await contactUs('198.51.100.1', post)).status).toBe(200);
    const rows = (await inboxRows(demoId)).filter((r) => r.id === id);
    expect(rows).toEqual([
      { id, name: 'Lan <script>x()</script>', message: 'Tôi muốn đặt 50 thẻ', read_at: null },
    ]);
    const notes = await queryRows<{ kind: string; link: string }>(
      db,
      sql`SELECT kind, link FROM notifications WHERE subject_id = ${id}`,
    );
    expect(notes).toEqual([{ kind: 'contact_us', link: `/action/contact-us?item=${id}` }]);
  });

  it('files the visitor as a lead in the owner’s phonebook once, tagged with its source and consent', async () => {
    const id = randomUUID();
    const post = {
      id,
      memberId: demoId,
      name: 'Khách sự kiện',
      phone: '0934567890',
      email: 'khach.sukien@example.vn',
      company: 'Công ty Sương Mai',
      message: 'Gặp ở hội chợ',
    };
    expect((await contactUs('198.51.100.30', post)).status).toBe(201);
    // The worker's replay of the same post.
    expect((await contactUs('198.51.100.30', post)).status).toBe(200);
    const leads = await queryRows<{
      id: string;
      owner_member_id: string;
      name: string;
      phone: string;
      email: string;
      company: string;
      note: string;
      lead_source: Record<string, string>;
    }>(
      db,
      sql`SELECT id, owner_member_id, name, phone, email, company, note, lead_source
          FROM contacts WHERE name = 'Khách sự kiện'`,
    );
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      id,
      owner_member_id: demoId,
      phone: '0934567890',
      email: 'khach.sukien@example.vn',
      company: 'Công ty Sương Mai',
      note: 'Gặp ở hội chợ',
    });
    const source = leads[0]!.lead_source;
    expect(source).toMatchObject({
      kind: 'card',
      cardMemberId: demoId,
      groupId: null,
      consentText: 'Tôi đồng ý để chủ danh thiếp lưu thông tin này vào danh bạ và liên hệ với tôi.',
    });
    expect(Number.isNaN(Date.parse(source.at!))).toBe(false);
    expect(Number.isNaN(Date.parse(source.consentAt!))).toBe(false);

    // The owner's phonebook as the API gives it.
    const listed = await server.request(
      `/api/contacts/getContactsByMemberId/${demoId}?filter=${encodeURIComponent('Khách sự kiện')}`,
      { token: demo },
    );
    const { items } = (await listed.json()) as { items: Contact[] };
    expect(items.map((c) => [c.id, c.leadSource?.kind])).toEqual([[id, 'card']]);
  });

  it('refuses a post without the consent box, in the page’s language, storing nothing', async () => {
    const before = (await inboxRows(demoId)).length;
    const res = await contactUs(
      '198.51.100.31',
      { memberId: demoId, name: 'An', phone: '0901234567', message: 'Chào', consent: false },
      { 'accept-language': 'en' },
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.consent).toBe('Please tick the consent box to send your details');
    const unticked = await contactUs('198.51.100.31', {
      memberId: demoId,
      name: 'An',
      phone: '0901234567',
      message: 'Chào',
      consent: undefined,
    });
    expect(unticked.status).toBe(400);
    expect((await inboxRows(demoId)).length).toBe(before);
  });

  it('on a brand page reaches the brand’s owner', async () => {
    const id = randomUUID();
    const res = await contactUs('198.51.100.2', {
      id,
      groupId: brandId,
      name: 'Khách quán',
      email: 'khach@example.vn',
      message: 'Quán mở cửa mấy giờ?',
    });
    expect(res.status).toBe(201);
    const rows = (await inboxRows(brandOwnerId)).filter((r) => r.id === id);
    expect(rows).toHaveLength(1);
  });

  it('refuses missing fields and an unknown page, in Vietnamese or English, storing nothing', async () => {
    const before = (await inboxRows(demoId)).length;
    const res = await contactUs('198.51.100.3', { memberId: demoId, name: '', message: '' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toMatchObject({
      name: 'Vui lòng nhập họ tên',
      message: 'Vui lòng nhập nội dung liên hệ',
    });
    const noWay = await contactUs(
      '198.51.100.3',
      { memberId: demoId, name: 'An', message: 'Chào' },
      { 'accept-language': 'en' },
    );
    expect(noWay.status).toBe(400);
    const noWayBody = (await noWay.json()) as { error: { fields: Record<string, string> } };
    expect(noWayBody.error.fields.phone).toBe('Please enter a phone number or an email');
    const unknown = await contactUs('198.51.100.3', {
      memberId: randomUUID(),
      name: 'An',
      phone: '0901234567',
      message: 'Chào',
    });
    expect(unknown.status).toBe(404);
    expect((await inboxRows(demoId)).length).toBe(before);
  });

  it('answers a honeypot as if stored, refuses 10 MB (413) and 1,000 posts a minute (429)', async () => {
    const before = (await inboxRows(demoId)).length;
    const bot = await contactUs('198.51.100.4', {
      memberId: demoId,
      name: 'Bot',
      phone: '0901234567',
      message: 'Spam',
      website: 'x',
    });
    expect(bot.status).toBe(201);
    const big = await contactUs('198.51.100.5', {
      memberId: demoId,
      name: 'Big',
      phone: '0901234567',
      message: 'y'.repeat(10 * 1024 * 1024),
    });
    expect(big.status).toBe(413);
    const statuses: number[] = [];
    for (let i = 0; i < 1000; i += 1) {
      const res = await contactUs('198.51.100.6', {
        memberId: demoId,
        name: `Người ${i}`,
        phone: '0901234567',
        message: 'Chào',
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(970);
    expect((await inboxRows(demoId)).length).toBe(before + 30);
  }, 120_000);

  it('gives the owner a paged, filtered inbox; toggles read and contacted; others get 403/404', async () => {
    const ids: string[] = [];
    for (const [i, name] of ['Hùng', 'Minh', 'Ngọc'].entries()) {
      const id = randomUUID();
      ids.push(id);
      await contactUs(`198.51.100.${20 + i}`, {
        id,
        memberId: brandOwnerId,
        name,
        phone: `090000000${i}`,
        message: `Lời nhắn số ${i}`,
      });
    }
    const page1 = await server.request(`/api/contactUs/${brandOwnerId}?page=1&limit=2`, {
      token: brandOwner,
    });
    expect(page1.status).toBe(200);
    const first = (await page1.json()) as {
      items: ContactUsMessage[];
      total: number;
      unread: number;
    };
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    const unreadBefore = first.unread;
    const search = (await (
      await server.request(`/api/contactUs/${brandOwnerId}?filter=Minh`, { token: brandOwner })
    ).json()) as { items: ContactUsMessage[] };
    expect(search.items.map((m) => m.name)).toEqual(['Minh']);

    const read = await server.request(`/api/contactUs/setRead/${ids[1]}`, {
      method: 'PUT',
      token: brandOwner,
    });
    expect(read.status).toBe(200);
    expect(((await read.json()) as ContactUsMessage).readAt).not.toBeNull();
    const byId = (await (
      await server.request(`/api/contactUs/contactUsById/${ids[1]}`, { token: brandOwner })
    ).json()) as ContactUsMessage;
    expect(byId.readAt).not.toBeNull();
    const count = (await (
      await server.request('/api/contactUs/count', { token: brandOwner })
    ).json()) as { unread: number };
    expect(count.unread).toBe(unreadBefore - 1);
    const readList = (await (
      await server.request(`/api/contactUs/${brandOwnerId}?filter=read`, { token: brandOwner })
    ).json()) as { items: ContactUsMessage[] };
    expect(readList.items.map((m) => m.id)).toContain(ids[1]);
    const unread = await server.request(`/api/contactUs/setRead/${ids[1]}`, {
      method: 'PUT',
      token: brandOwner,
      json: { read: false },
    });
    expect(((await unread.json()) as ContactUsMessage).readAt).toBeNull();
    const contacted = await server.request(`/api/contactUs/contact/${ids[2]}`, {
      method: 'PUT',
      token: brandOwner,
    });
    expect(((await contacted.json()) as ContactUsMessage).contactedAt).not.toBeNull();

    // Someone else: 403 and nothing changes; unknown id: 404; the other inbox: 403.
    expect(
      (await server.request(`/api/contactUs/setRead/${ids[0]}`, { method: 'PUT', token: demo }))
        .status,
    ).toBe(403);
    expect(
      (await server.request(`/api/contactUs/contactUsById/${ids[0]}`, { token: demo })).status,
    ).toBe(403);
    const [row] = await queryRows<{ read_at: string | null }>(
      db,
      sql`SELECT read_at FROM contact_us_messages WHERE id = ${ids[0]}`,
    );
    expect(row?.read_at).toBeNull();
    expect(
      (
        await server.request(`/api/contactUs/setRead/${randomUUID()}`, {
          method: 'PUT',
          token: brandOwner,
        })
      ).status,
    ).toBe(404);
    expect((await server.request(`/api/contactUs/${brandOwnerId}`, { token: demo })).status).toBe(
      403,
    );
    const bad = await server.request(`/api/contactUs/setRead/${ids[0]}`, {
      method: 'PUT',
      token: brandOwner,
      json: { read: 'maybe' },
    });
    expect(bad.status).toBe(400);
  });
});
