// Two-way card exchange (issue 27 item 5, decision 1100): contact.exchange through the batch
// push. Each card lands once in the other's phonebook (the same entry twice, a new key for the
// same tap, a second tap), the owner's side is the contact they already had when the visitor's
// card, phone or e-mail matches it, the owner is told once, and one's own card or a card that is
// no member's is refused with a message naming the problem, in Vietnamese and English.
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { storeContactUs } from '../../server/domain/contact-us';
import type { PushResult } from '../../contract/sync';
import type { LeadSource } from '../../contract/contact';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: false });
const db = server.database.db;

interface ContactRowOnServer {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  card_member_id: string | null;
  card_snapshot: { name: string; urlMinify: string } | null;
  lead_source: LeadSource | null;
  deleted_at: string | null;
}

async function newMember(
  name: string,
  card: { phone?: string; email?: string; workplace?: string; status?: string } = {},
): Promise<{ id: string; token: string; link: string }> {
  const id = randomUUID();
  const link = `ex-${id.slice(0, 8)}`;
  await queryRows(
    db,
    sql`INSERT INTO members (id, name, url_minify, contact_phone, contact_email, workplace, status)
        VALUES (${id}, ${name}, ${link}, ${card.phone ?? null}, ${card.email ?? null},
                ${card.workplace ?? null}, ${card.status ?? 'active'})`,
  );
  return { id, token: await server.tokenFor(id), link };
}

async function push(
  token: string,
  payload: Record<string, unknown>,
  key: string = randomUUID(),
  lang: 'vi' | 'en' = 'vi',
): Promise<PushResult> {
  const res = await server.request('/api/sync/push', {
    method: 'POST',
    token,
    headers: { 'accept-language': lang },
    json: { mutations: [{ id: key, name: 'contact.exchange', payload }] },
  });
  expect(res.status).toBe(200);
  const { results } = (await res.json()) as { results: PushResult[] };
  return results[0]!;
}

/** Every row (tombstones too) of an owner's phonebook holding a member's card. */
async function contactsOf(owner: string, cardMemberId?: string): Promise<ContactRowOnServer[]> {
  return queryRows<ContactRowOnServer>(
    db,
    sql`SELECT id, name, phone, email, company, card_member_id, card_snapshot, lead_source,
               deleted_at
        FROM contacts
        WHERE owner_member_id = ${owner}
          ${cardMemberId ? sql`AND card_member_id = ${cardMemberId}` : sql``}
        ORDER BY created_at, id`,
  );
}

async function exchangeNotices(memberId: string) {
  return queryRows<{ actor_member_id: string; subject_id: string; link: string }>(
    db,
    sql`SELECT actor_member_id, subject_id, link FROM notifications
        WHERE member_id = ${memberId} AND kind = 'card_exchange'`,
  );
}

/** One tap of "Trao đổi thẻ" on a card, as the device queues it (the card as it showed it). */
const tap = (
  card: { id: string; link: string; name?: string; phone?: string },
  contactId = randomUUID(),
) => ({
  id: contactId,
  cardMemberId: card.id,
  leadId: randomUUID(),
  cardSnapshot: {
    name: card.name ?? 'Thẻ',
    urlMinify: card.link,
    ...(card.phone ? { phone: card.phone } : {}),
  },
  at: server.clock.now.toISOString(),
});

describe('contact.exchange', () => {
  it('puts each card once in the other’s phonebook and tells the owner once', async () => {
    const visitor = await newMember('An Khách Thăm', {
      phone: '0901 111 222',
      email: 'an.khach@example.vn',
      workplace: 'Công ty An',
    });
    const owner = {
      ...(await newMember('Bình Chủ Thẻ', { phone: '0908 765 432' })),
      name: 'Bình Chủ Thẻ',
      phone: '0908 765 432',
    };
    // The owner sells for a brand: the lead says so.
    const brandId = randomUUID();
    await queryRows(
      db,
      sql`INSERT INTO groups (id, name, url_minify) VALUES (${brandId}, 'Hội chợ Đà Lạt', ${`b-${brandId}`})`,
    );
    await queryRows(
      db,
      sql`INSERT INTO group_members (group_id, member_id, role)
          VALUES (${brandId}, ${owner.id}, 'seller')`,
    );
    const first = tap(owner);
    const key = randomUUID();
    expect(await push(visitor.token, first, key)).toMatchObject({ status: 'applied' });
    // The same entry again (a lost answer), under a new key (another delivery), a second tap.
    expect(await push(visitor.token, first, key)).toMatchObject({ status: 'applied' });
    expect(await push(visitor.token, first)).toMatchObject({ status: 'applied' });
    expect(await push(visitor.token, tap(owner, first.id))).toMatchObject({ status: 'applied' });

    const mine = await contactsOf(visitor.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: first.id,
      name: 'Bình Chủ Thẻ',
      phone: '0908 765 432',
      card_member_id: owner.id,
      card_snapshot: { name: 'Bình Chủ Thẻ', urlMinify: owner.link },
      deleted_at: null,
      lead_source: {
        kind: 'exchange',
        cardMemberId: owner.id,
        groupId: brandId,
        at: first.at,
        exchangedAt: first.at,
      },
    });

    const theirs = await contactsOf(owner.id);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({
      id: first.leadId,
      name: 'An Khách Thăm',
      phone: '0901 111 222',
      email: 'an.khach@example.vn',
      company: 'Công ty An',
      card_member_id: visitor.id,
      card_snapshot: { name: 'An Khách Thăm', urlMinify: visitor.link },
      deleted_at: null,
      lead_source: { kind: 'exchange', cardMemberId: owner.id, groupId: brandId, at: first.at },
    });

    expect(await exchangeNotices(owner.id)).toEqual([
      {
        actor_member_id: visitor.id,
        subject_id: first.leadId,
        link: `/action/phonebook?contact=${first.leadId}`,
      },
    ]);
    // Nothing for the visitor: they made the exchange.
    expect(await exchangeNotices(visitor.id)).toEqual([]);

    // The owner's devices pull the lead; exchanging back from the owner's side adds nothing.
    const pulled = await server.request('/api/sync/pull?cursor=0&limit=500', {
      token: owner.token,
    });
    const { changes } = (await pulled.json()) as {
      changes: { entity: string; row: { id: string } }[];
    };
    expect(changes.filter((c) => c.entity === 'contacts').map((c) => c.row.id)).toEqual([
      first.leadId,
    ]);
    expect(
      await push(owner.token, tap({ ...visitor, name: 'An Khách Thăm' }, first.leadId)),
    ).toMatchObject({
      status: 'applied',
    });
    expect(await contactsOf(owner.id)).toHaveLength(1);
    expect(await contactsOf(visitor.id)).toHaveLength(1);
    expect(await exchangeNotices(owner.id)).toHaveLength(1);
    expect(await exchangeNotices(visitor.id)).toHaveLength(0);
  });

  it('links the contact the owner already has, by phone or by e-mail, instead of adding one', async () => {
    const visitor = await newMember('Chi Người Gặp', {
      phone: '0912 345 678',
      email: 'Chi@Example.vn',
    });
    const owner = await newMember('Dũng Chủ Thẻ');
    // The owner typed the visitor's phone another way before the event.
    const typed = randomUUID();
    await queryRows(
      db,
      sql`INSERT INTO contacts (id, owner_member_id, name, phone)
          VALUES (${typed}, ${owner.id}, 'Chi (hội chợ)', '+84 912 345 678')`,
    );
    expect(await push(visitor.token, tap(owner))).toMatchObject({ status: 'applied' });
    const rows = await contactsOf(owner.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: typed,
      // The owner's words stay; the empty ones take the card's.
      name: 'Chi (hội chợ)',
      phone: '+84 912 345 678',
      email: 'Chi@Example.vn',
      card_member_id: visitor.id,
      lead_source: { kind: 'exchange', cardMemberId: owner.id },
    });
    expect(await exchangeNotices(owner.id)).toHaveLength(1);

    // A visitor who left the card's form first (a lead with its consent), then exchanges.
    const other = await newMember('Em Điền Form', { email: 'em.form@example.vn' });
    const message = randomUUID();
    await storeContactUs(db, {
      id: message,
      memberId: owner.id,
      name: 'Em Điền Form',
      phone: null,
      email: 'EM.FORM@example.vn',
      message: 'Gọi lại giúp em',
      consentText: 'Tôi đồng ý',
    });
    expect(await push(other.token, tap(owner))).toMatchObject({ status: 'applied' });
    const lead = (await contactsOf(owner.id)).filter((c) => c.id === message);
    expect(lead).toHaveLength(1);
    expect(lead[0]?.card_member_id).toBe(other.id);
    // Where it came from stays the form (with its consent); the exchange adds its time.
    expect(lead[0]?.lead_source).toMatchObject({
      kind: 'card',
      consentText: 'Tôi đồng ý',
      exchangedAt: expect.any(String) as string,
    });
    expect(await contactsOf(owner.id)).toHaveLength(2);
    // One notice per exchange: Chi's and Em's.
    expect(await exchangeNotices(owner.id)).toHaveLength(2);
  });

  it('keeps the contact another device saved; the new id is a tombstone its device pulls', async () => {
    const visitor = await newMember('Giang Hai Máy');
    const owner = await newMember('Hà Chủ Thẻ');
    const first = tap(owner);
    expect(await push(visitor.token, first)).toMatchObject({ status: 'applied' });
    // The second phone had not pulled the first one's contact yet: it made its own id.
    const second = tap(owner);
    expect(await push(visitor.token, second)).toMatchObject({ status: 'applied' });
    const rows = await contactsOf(visitor.id, owner.id);
    expect(rows.map((r) => [r.id, r.deleted_at === null])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    expect(await contactsOf(owner.id)).toHaveLength(1);
    expect(await exchangeNotices(owner.id)).toHaveLength(1);
  });

  it('a second tap on the phone whose copy became a tombstone keeps the one contact', async () => {
    const visitor = await newMember('Giang Hai Lần');
    const owner = await newMember('Hà Thẻ Hai');
    const first = tap(owner);
    expect(await push(visitor.token, first)).toMatchObject({ status: 'applied' });
    const second = tap(owner);
    expect(await push(visitor.token, second)).toMatchObject({ status: 'applied' });
    // That phone has not pulled yet and taps again: its contact still has its own id.
    const again = tap(owner, second.id);
    expect(await push(visitor.token, again)).toMatchObject({ status: 'applied' });
    const rows = await contactsOf(visitor.id, owner.id);
    expect(rows.filter((r) => r.deleted_at === null).map((r) => r.id)).toEqual([first.id]);
  });

  it('refuses one’s own card and a card that is no member’s, naming the problem', async () => {
    const visitor = await newMember('Khoa Tự Trao');
    const self = await push(visitor.token, tap(visitor));
    expect(self).toMatchObject({
      status: 'rejected',
      code: 'exchange_self',
      httpStatus: 422,
      message: 'Đây là thẻ của chính bạn: không thể trao đổi thẻ với chính mình',
    });
    expect(await push(visitor.token, tap(visitor), randomUUID(), 'en')).toMatchObject({
      code: 'exchange_self',
      message: 'This is your own card: you cannot exchange cards with yourself',
    });
    // The same id spelled in capitals is still one's own card.
    expect(
      await push(visitor.token, tap({ ...visitor, id: visitor.id.toUpperCase() })),
    ).toMatchObject({ status: 'rejected', code: 'exchange_self' });

    const brandId = randomUUID();
    await queryRows(
      db,
      sql`INSERT INTO groups (id, name, url_minify) VALUES (${brandId}, 'Thương hiệu', ${`g-${brandId}`})`,
    );
    const locked = await newMember('Lâm Bị Khoá', { status: 'locked' });
    for (const card of [
      { id: brandId, link: 'thuong-hieu' },
      { id: randomUUID(), link: 'khong-co' },
      locked,
    ]) {
      expect(await push(visitor.token, tap(card))).toMatchObject({
        status: 'rejected',
        code: 'exchange_not_member',
        httpStatus: 422,
        message:
          'Chỉ trao đổi thẻ được với thẻ của một thành viên m.e Cards: thẻ này không thuộc thành viên nào',
      });
    }
    expect(await push(visitor.token, tap(locked), randomUUID(), 'en')).toMatchObject({
      message:
        'Cards can only be exchanged on an m.e Cards member’s card: this card belongs to no member',
    });
    expect(await contactsOf(visitor.id)).toEqual([]);
    expect(await contactsOf(locked.id)).toEqual([]);

    // Without a login nothing is exchanged at all.
    const anonymous = await server.request('/api/sync/push', {
      method: 'POST',
      json: { mutations: [{ id: randomUUID(), name: 'contact.exchange', payload: tap(locked) }] },
    });
    expect(anonymous.status).toBe(401);
  });

  it('tags the exchange with when it was tapped, unless that is in the future or too old', async () => {
    const visitor = await newMember('Minh Ngoại Tuyến');
    const owner = await newMember('Nga Chủ Thẻ');
    const tapped = new Date(server.clock.now.getTime() - 3 * 60 * 60 * 1000).toISOString();
    expect(await push(visitor.token, { ...tap(owner), at: tapped })).toMatchObject({
      status: 'applied',
    });
    expect((await contactsOf(owner.id))[0]?.lead_source?.at).toBe(tapped);
    const later = await newMember('Oanh Đồng Hồ Sai');
    const future = new Date(server.clock.now.getTime() + 86_400_000).toISOString();
    expect(await push(later.token, { ...tap(owner), at: future })).toMatchObject({
      status: 'applied',
    });
    const lead = (await contactsOf(owner.id)).find((c) => c.card_member_id === later.id);
    expect(lead?.lead_source?.at).toBe(server.clock.now.toISOString());
  });
});
