// A phonebook of 100,000 contacts on the device (issue 25): pulled in pages into the local
// store, listed in name order, and searched accent-free by name and by phone digits, with a
// contact edited on this device kept over the server's older version.
import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { contactSearchKey, type Contact } from '../../contract/contact';
import { defaultPullLimit } from '../../contract/sync';
import { createAppDb } from '../../src/db/app-db';
import { applyPullPage } from '../../src/sync/local-apply';
import { queueMutationIn } from '../../src/sync/mutate';
import { listContacts } from '../../src/features/phonebook/phonebook-data';
import { ContactSearchIndex, searchContacts } from '../../src/features/phonebook/contact-search';

const owner = 'member-100k';
const count = 100_000;
const families = ['Nguyễn', 'Trần', 'Lê', 'Đặng'];
const middles = ['Văn', 'Thị', 'Ngọc', 'Đức', 'Bảo'];
const givens = ['An', 'Bình', 'Hạnh', 'Tuấn', 'Yến', 'Phúc', 'Quân'];

function contactAt(i: number): Contact {
  const row: Contact = {
    id: `c-${String(i).padStart(6, '0')}`,
    ownerMemberId: owner,
    cardMemberId: null,
    name: `${families[i % 4]} ${middles[i % 5]} ${givens[i % 7]} ${i}`,
    phone: `09${String(10_000_000 + i * 7919).slice(-8)}`,
    email: `lienhe${i}@example.vn`,
    company: i % 2 ? 'Cà Phê Sương Mai' : 'Du Lịch Langbiang',
    jobTitle: null,
    address: null,
    note: null,
    cardSnapshot: null,
    leadSource: null,
    searchKey: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    deletedAt: null,
    changeSeq: i + 1,
  };
  row.searchKey = contactSearchKey(row);
  return row;
}

describe('a phonebook of 100,000 contacts', () => {
  const db = createAppDb(`mecards-100k-${crypto.randomUUID()}`);
  afterAll(async () => {
    db.close();
    await db.delete();
  });

  it('pulls in pages, lists every contact in name order and searches them accent-free', async () => {
    // Edited on this device before the pull: the server's older version must not replace it.
    const edited = { ...contactAt(7), name: 'Nguyễn Văn Đã Sửa 7' };
    edited.searchKey = contactSearchKey(edited);
    await queueMutationIn(
      db,
      {
        name: 'contact.upsert',
        payload: { id: edited.id, name: edited.name },
        table: 'contacts',
        rowId: edited.id,
        apply: (tx) => tx.contacts.put(edited),
      },
      owner,
    );
    // Tombstoned on the server after the device had it: gone after the pull.
    await db.contacts.put(contactAt(count));

    for (let from = 0; from < count; from += defaultPullLimit) {
      const rows = Array.from({ length: Math.min(defaultPullLimit, count - from) }, (_, k) =>
        contactAt(from + k),
      );
      const last = from + rows.length >= count;
      if (last) rows.push({ ...contactAt(count), deletedAt: '2026-01-02T00:00:00.000Z' });
      await applyPullPage(db, {
        changes: rows.map((row) => ({ entity: 'contacts', row: { ...row } })),
        cursor: from + rows.length,
        hasMore: !last,
        serverTime: '2026-01-02T00:00:00.000Z',
      });
    }

    const listed = await listContacts(db, owner);
    expect(listed).toHaveLength(count);
    expect(listed.find((c) => c.id === edited.id)?.name).toBe('Nguyễn Văn Đã Sửa 7');
    expect(listed.some((c) => c.id === contactAt(count).id)).toBe(false);
    // Name order with diacritics ignored: "Đặng" among the d's, before "Lê" and "Nguyễn".
    expect(listed[0]?.name.startsWith('Đặng')).toBe(true);
    expect(listed.at(-1)?.name.startsWith('Trần')).toBe(true);

    const index = new ContactSearchIndex(listed);
    const names = (query: string) => index.search(query).map((c) => c.name);

    // Typed one letter at a time, as on the phone: each step answers as the plain filter.
    const typed = 'nguyen van'.split('').map((_, i) => 'nguyen van'.slice(0, i + 1));
    for (const query of typed) {
      expect(index.search(query).map((c) => c.id)).toEqual(
        searchContacts(listed, query).map((c) => c.id),
      );
    }
    const nguyenVan = names('nguyen van');
    // Every fourth contact is a Nguyễn and every fifth a Văn: one in twenty, and the edit.
    expect(nguyenVan).toHaveLength(count / 20 + 1);
    expect(nguyenVan.every((name) => name.startsWith('Nguyễn Văn '))).toBe(true);
    expect(names('nguyen van da sua')).toEqual(['Nguyễn Văn Đã Sửa 7']);
    expect(names('DANG duc')).toContain(contactAt(3).name);

    // A phone number by its digits, with or without spaces.
    const phone = contactAt(12_345).phone ?? '';
    expect(names(`${phone.slice(0, 4)} ${phone.slice(4)}`)).toEqual([contactAt(12_345).name]);
    const byPrefix = index.search(phone.slice(0, 6)).map((c) => c.id);
    expect(byPrefix).toContain(contactAt(12_345).id);
    expect(byPrefix).toEqual(searchContacts(listed, phone.slice(0, 6)).map((c) => c.id));

    expect(names('suong mai')).toHaveLength(count / 2);
    expect(names('khong co ai')).toEqual([]);
    expect(index.search('')).toHaveLength(count);
  }, 240_000);
});
