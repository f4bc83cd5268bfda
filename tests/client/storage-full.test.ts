// A device whose storage is full: the write is refused as a whole (no contact without its
// outbox entry, nor the other way round), the refusal is recognised as "storage full" however
// Dexie wraps it, and the same write succeeds once there is room again.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../src/db/app-db';
import { saveContact } from '../../src/features/phonebook/phonebook-data';
import { isStorageFull } from '../../src/lib/storage-full';

const fields = {
  name: 'Nguyễn Thị Lan',
  phone: '0912345678',
  email: '',
  company: 'Cà Phê Sương Mai',
  jobTitle: '',
  address: '',
  note: 'Gặp ở hội chợ',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a write when the device is full', () => {
  it('writes nothing, says storage full, and goes through once there is room', async () => {
    // The browser refuses to store the outbox entry, as IndexedDB does past the quota.
    const add = Object.getOwnPropertyDescriptor(IDBObjectStore.prototype, 'add')
      ?.value as IDBObjectStore['add'];
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['add']>
    ) {
      if (this.name === 'outbox') throw new DOMException('quota', 'QuotaExceededError');
      return add.apply(this, args);
    });
    const failure = await saveContact('me', fields).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(isStorageFull(failure)).toBe(true);
    expect(await appDb.contacts.toArray()).toEqual([]);
    expect(await appDb.outbox.count()).toBe(0);

    vi.restoreAllMocks();
    const id = await saveContact('me', fields);
    expect(await appDb.contacts.get(id)).toMatchObject({ name: 'Nguyễn Thị Lan' });
    expect((await appDb.outbox.toArray()).map((entry) => entry.name)).toEqual(['contact.upsert']);
  });

  it('recognises the refusal inside the errors Dexie wraps it in', () => {
    const quota = new DOMException('quota', 'QuotaExceededError');
    expect(isStorageFull(quota)).toBe(true);
    expect(isStorageFull(new Dexie.AbortError('aborted', quota))).toBe(true);
    expect(isStorageFull(new Dexie.BulkError('bulk', [quota]))).toBe(true);
    expect(isStorageFull(new Dexie.AbortError('aborted', new Error('other')))).toBe(false);
    expect(isStorageFull(new Dexie.ConstraintError('exists'))).toBe(false);
    expect(isStorageFull(undefined)).toBe(false);
  });
});
