// The features' entry point: queueMutation writes through the app database (or its strict
// connection for points and check-ins), records who queued it, and wakes the flusher.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { writeSession } from '../../src/api/session-store';
import { appDb, appDbStrict } from '../../src/db/app-db';
import { onOutboxChanged } from '../../src/sync/flush-signal';
import { queueMutation } from '../../src/sync/mutate';

describe('queueMutation', () => {
  it('writes a check-in with strict durability and wakes the flusher', async () => {
    await writeSession({
      accessToken: 't',
      memberId: 'staff-1',
      userName: 'staff',
      urlMinify: null,
      brandGroup: null,
      agency: null,
    });
    let nudged = 0;
    const stop = onOutboxChanged(() => {
      nudged += 1;
    });
    const id = crypto.randomUUID();
    const entry = await queueMutation({
      name: 'checkin.create',
      payload: { id, groupId: 'g', memberId: 'm' },
      table: 'checkIns',
      rowId: id,
      durability: 'strict',
      apply: (db) =>
        db.checkIns.put({
          id,
          groupId: 'g',
          groupName: 'Cà Phê',
          memberId: 'm',
          memberName: 'Khách',
          staffMemberId: 'staff-1',
          staffName: 'Nhân viên',
          checkedInAt: new Date().toISOString(),
          duplicateOf: null,
          note: null,
          createdAt: '',
          updatedAt: '',
          deletedAt: null,
        }),
    });
    stop();
    expect(appDbStrict()).not.toBe(appDb);
    expect(appDbStrict().name).toBe(appDb.name);
    expect(entry).toMatchObject({ durability: 'strict', memberId: 'staff-1', state: 'pending' });
    // One database: the default connection sees what the strict one wrote.
    expect(await appDb.checkIns.get(id)).toMatchObject({ memberName: 'Khách' });
    expect(await appDb.outbox.get(entry.id)).toMatchObject({ name: 'checkin.create' });
    expect(nudged).toBe(1);
  });
});
