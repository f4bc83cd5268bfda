import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { appDb } from '../../src/db/app-db';
import { writeSession } from '../../src/api/session-store';
import { deleteContact, saveContact } from '../../src/features/phonebook/phonebook-data';
import { acceptFriendRequest, cancelFriendRequest } from '../../src/features/friends/friends-data';
import { sendFriendRequest } from '../../src/sync/friend-request';
import { saveCardToPhonebook } from '../../src/sync/saved-cards';
import { contactDeleteSchema, contactUpsertSchema } from '../../contract/contact';
import { friendRequestSchema, friendshipPairId } from '../../contract/friend';

const me = '0b7c8f4e-2f55-4b7e-9a1d-3c2a1f0e9d01';
const other = '0b7c8f4e-2f55-4b7e-9a1d-3c2a1f0e9d02';

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

describe('phonebook writes (local first)', () => {
  it('adds, edits and deletes a contact: optimistic row plus a valid outbox entry each', async () => {
    const id = await saveContact(me, { name: 'Hoàng Thị Mai', phone: '0944 555 666' });
    const row = await appDb.contacts.get(id);
    expect(row).toMatchObject({ ownerMemberId: me, name: 'Hoàng Thị Mai', deletedAt: null });
    expect(row?.searchKey).toContain('hoang thi mai');
    expect(row?.searchKey).toContain('0944555666');

    await saveContact(me, { name: 'Hoàng Thị Mai', company: 'Hương Rừng' }, row);
    expect(await appDb.contacts.get(id)).toMatchObject({ company: 'Hương Rừng', phone: null });

    await deleteContact((await appDb.contacts.get(id))!);
    expect((await appDb.contacts.get(id))?.deletedAt).not.toBeNull();

    const outbox = await appDb.outbox.orderBy('seq').toArray();
    expect(outbox.map((e) => e.name)).toEqual([
      'contact.upsert',
      'contact.upsert',
      'contact.delete',
    ]);
    expect(v.is(contactUpsertSchema, outbox[0]?.payload)).toBe(true);
    expect(v.is(contactUpsertSchema, outbox[1]?.payload)).toBe(true);
    expect(v.is(contactDeleteSchema, outbox[2]?.payload)).toBe(true);
    // The first entry's snapshot is "no row": a rejection removes the optimistic contact.
    expect(outbox[0]?.snapshot).toBeNull();
  });

  it('saves a public card with its snapshot; saving it again reuses the contact', async () => {
    const card = {
      memberId: other,
      urlMinify: 'le-hoang-nam',
      name: 'Lê Hoàng Nam',
      jobTitle: 'Kiến trúc sư',
      workplace: 'Studio Nhà Xanh',
      phone: 'không công khai',
      email: 'nam@nhaxanh.vn',
    };
    const first = await saveCardToPhonebook(card);
    expect(first.created).toBe(true);
    const row = await appDb.contacts.get(first.contactId);
    expect(row).toMatchObject({
      cardMemberId: other,
      company: 'Studio Nhà Xanh',
      email: 'nam@nhaxanh.vn',
      // A phone the contact schema refuses stays only in the snapshot.
      phone: null,
      cardSnapshot: { name: 'Lê Hoàng Nam', urlMinify: 'le-hoang-nam', phone: 'không công khai' },
    });
    expect(await appDb.savedCards.get(other)).toMatchObject({ urlMinify: 'le-hoang-nam' });
    const again = await saveCardToPhonebook({ ...card, jobTitle: 'Kiến trúc sư trưởng' });
    expect(again).toEqual({ contactId: first.contactId, created: false });
    expect((await appDb.contacts.get(first.contactId))?.cardSnapshot?.jobTitle).toBe(
      'Kiến trúc sư trưởng',
    );
    const outbox = await appDb.outbox.toArray();
    expect(outbox).toHaveLength(2);
    for (const entry of outbox) expect(v.is(contactUpsertSchema, entry.payload)).toBe(true);
  });
});

describe('friend writes (local first)', () => {
  const person = {
    id: other,
    name: 'Cà Phê Sương Mai',
    urlMinify: 'suong-mai',
    avatarUrl: null,
    jobTitle: null,
    workplace: null,
  };

  it('a request sent offline uses the pair id the server will use', async () => {
    await sendFriendRequest(me, person);
    const id = await friendshipPairId(me, other);
    expect(await appDb.friendships.get(id)).toMatchObject({
      status: 'pending',
      direction: 'sent',
      otherMemberId: other,
      searchKey: 'ca phe suong mai',
    });
    const row = (await appDb.friendships.get(id))!;
    await cancelFriendRequest(me, row);
    expect(await appDb.friendships.get(id)).toMatchObject({ status: 'cancelled' });
    const outbox = await appDb.outbox.orderBy('seq').toArray();
    expect(outbox.map((e) => [e.name, e.payload])).toEqual([
      ['friend.add', { from: me, to: other }],
      ['friend.cancel', { from: me, to: other }],
    ]);
    for (const entry of outbox) expect(v.is(friendRequestSchema, entry.payload)).toBe(true);
  });

  it('the same request sent again leaves the row as the server does: unchanged', async () => {
    await sendFriendRequest(me, person);
    const id = await friendshipPairId(me, other);
    const first = await appDb.friendships.get(id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sendFriendRequest(me, person);
    expect(await appDb.friendships.get(id)).toEqual(first);
    expect(await appDb.outbox.count()).toBe(2);
  });

  it('accepting a request received names its sender as `from`', async () => {
    const now = new Date().toISOString();
    await appDb.friendships.put({
      id: '0b7c8f4e-2f55-4b7e-9a1d-3c2a1f0e9d99',
      fromMemberId: other,
      toMemberId: me,
      status: 'pending',
      direction: 'received',
      otherMemberId: other,
      other: person,
      searchKey: 'ca phe suong mai',
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
    const row = (await appDb.friendships.get('0b7c8f4e-2f55-4b7e-9a1d-3c2a1f0e9d99'))!;
    await acceptFriendRequest(me, row);
    expect((await appDb.friendships.get(row.id))?.status).toBe('accepted');
    expect((await appDb.outbox.toArray())[0]?.payload).toEqual({ from: other, to: me });
  });
});
