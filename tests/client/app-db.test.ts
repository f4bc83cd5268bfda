// The local database itself: an upgrade brings queued outbox payloads to the new shape, an
// older connection steps aside on versionchange, and a closed connection is reopened.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  appDbVersions,
  createAppDb,
  latestAppDbVersion,
  withOpenDb,
  type AppDbVersion,
} from '../../src/db/app-db';
import { queueMutationIn } from '../../src/sync/mutate';
import { clientId, readSyncState, writeSyncState } from '../../src/sync/sync-state';

/** An example next version: `contact.upsert` payloads split `name` into family and given name. */
const splitNameUpgrade: AppDbVersion = {
  version: latestAppDbVersion() + 1,
  stores: { contacts: 'id, name, familyName, cardMemberId, updatedAt' },
  payloadUpgrades: {
    'contact.upsert': (payload) => {
      const p = payload as { name: string } & Record<string, unknown>;
      const [familyName = '', ...given] = p.name.split(' ');
      return { ...p, familyName, givenName: given.join(' ') };
    },
  },
};

function freshName() {
  return `mecards-upgrade-${crypto.randomUUID()}`;
}

async function queueContact(db: ReturnType<typeof createAppDb>, name: string) {
  const id = crypto.randomUUID();
  return queueMutationIn(
    db,
    {
      name: 'contact.upsert',
      payload: { id, name },
      table: 'contacts',
      rowId: id,
      apply: (tx) =>
        tx.contacts.put({
          id,
          ownerMemberId: 'm',
          cardMemberId: null,
          name,
          phone: null,
          email: null,
          company: null,
          jobTitle: null,
          address: null,
          note: null,
          cardSnapshot: null,
          searchKey: name.toLowerCase(),
          createdAt: '',
          updatedAt: '',
          deletedAt: null,
        }),
    },
    'm',
  );
}

describe('app database versions', () => {
  it('upgrades queued outbox payloads and keeps rows, cursor and client id', async () => {
    const name = freshName();
    const v1 = createAppDb(name);
    const queued = await queueContact(v1, 'Nguyễn Văn An');
    const other = await queueMutationIn(
      v1,
      {
        name: 'contact.delete',
        payload: { id: (queued.payload as { id: string }).id },
        table: 'contacts',
        rowId: (queued.payload as { id: string }).id,
        apply: () => undefined,
      },
      'm',
    );
    await writeSyncState(v1, 'cursor', 42);
    const installation = await clientId(v1);
    expect(queued.payloadVersion).toBe(latestAppDbVersion());
    v1.close();

    const v2 = createAppDb(name, { versions: [...appDbVersions, splitNameUpgrade] });
    const upgraded = await v2.outbox.get(queued.id);
    expect(upgraded?.payload).toEqual({
      id: (queued.payload as { id: string }).id,
      name: 'Nguyễn Văn An',
      familyName: 'Nguyễn',
      givenName: 'Văn An',
    });
    expect(upgraded?.payloadVersion).toBe(splitNameUpgrade.version);
    // Other mutations' payloads are left as they were.
    expect((await v2.outbox.get(other.id))?.payload).toEqual(other.payload);
    expect((await v2.outbox.get(other.id))?.payloadVersion).toBe(latestAppDbVersion());
    expect(await v2.contacts.where('familyName').equals('x').count()).toBe(0);
    expect(await readSyncState(v2, 'cursor')).toBe(42);
    expect(await clientId(v2)).toBe(installation);
    // New entries are written in the new shape's version.
    expect((await queueContact(v2, 'Trần Bình')).payloadVersion).toBe(splitNameUpgrade.version);
    v2.close();
  });

  it('closes an older connection when a newer version opens, so the upgrade is not blocked', async () => {
    const name = freshName();
    const old = createAppDb(name);
    await old.open();
    const newer = createAppDb(name, { versions: [...appDbVersions, splitNameUpgrade] });
    await newer.open();
    expect(newer.verno).toBe(splitNameUpgrade.version);
    expect(old.isOpen()).toBe(false);
    newer.close();
  });

  it('reopens a connection the browser closed and finishes the work', async () => {
    const db = createAppDb(freshName());
    await writeSyncState(db, 'cursor', 7);
    db.close({ disableAutoOpen: true });
    await expect(readSyncState(db, 'cursor')).rejects.toMatchObject({
      name: 'DatabaseClosedError',
    });
    expect(await withOpenDb(db, () => readSyncState(db, 'cursor'))).toBe(7);
    db.close();
  });
});
