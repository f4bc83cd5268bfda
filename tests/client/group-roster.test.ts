// Staff find members offline (decision 0801): a seller's device pulls its group's members and
// customers from the real server in-process into fake-indexeddb, then finds a member by short
// link, phone or name from the device alone; a plain member's device mirrors no roster; a lost
// staff role takes the roster off the device.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { findInRoster, linkKey, memberIdByKey } from '../../src/features/points/roster-lookup';
import { startTestServer } from '../server/test-server';
import { createDevice, demoMemberId } from './support/sync-harness';

const server = await startTestServer({ demo: true });
const staffId = await demoMemberId(server, 'staff@mecards.vn');
const demoId = await demoMemberId(server, 'demo@mecards.vn');

describe('the roster on a staff device', () => {
  it('finds a member by short link, phone and name with no network', async () => {
    const device = await createDevice(server, staffId);
    expect((await device.engine.syncNow()).status).toBe('synced');
    const groups = (await device.db.staffGroups.toArray()).map((g) => g.groupId);
    expect(groups).toHaveLength(1);
    // Nothing below talks to the server: only the device's tables are read.
    expect(await memberIdByKey(device.db, 'demo', groups)).toBe(demoId);
    expect(await memberIdByKey(device.db, 'https://mecards.vn/me/demo', groups)).toBe(demoId);
    expect(await memberIdByKey(device.db, 'DEMO', groups)).toBe(demoId);
    const byPhone = await findInRoster(device.db, '090 123 4567', groups);
    expect(byPhone[0]?.memberId).toBe(demoId);
    const byName = await findInRoster(device.db, 'pham thu', groups);
    expect(byName.map((r) => r.name)).toEqual(['Phạm Thu Hà']);
    // A waiting join request and a customer without a card are not offered.
    expect(await findInRoster(device.db, 'dang ngoc', groups)).toEqual([]);
    expect(await findInRoster(device.db, 'truong van hau', groups)).toEqual([]);
    expect(await memberIdByKey(device.db, 'no-such-link', groups)).toBeUndefined();
    // A whole phone number, however it is written, names the member (issue 23).
    for (const typed of [
      '0901234567',
      '0901 234 567',
      '0901.234.567',
      '+84 901 234 567',
      '84901234567',
    ]) {
      expect(await memberIdByKey(device.db, typed, groups)).toBe(demoId);
    }
    // Part of a number lists people but names no one.
    expect(await memberIdByKey(device.db, '0901234', groups)).toBeUndefined();
  });

  it('a plain member mirrors no roster', async () => {
    const device = await createDevice(server, demoId);
    expect((await device.engine.syncNow()).status).toBe('synced');
    expect(await device.db.groupRoster.count()).toBe(0);
  });

  it('a lost staff role takes the group roster off the device', async () => {
    const device = await createDevice(server, staffId);
    expect((await device.engine.syncNow()).status).toBe('synced');
    expect(await device.db.groupRoster.count()).toBeGreaterThan(0);
    await queryRows(
      server.database.db,
      sql`UPDATE group_members SET role = 'member' WHERE member_id = ${staffId}`,
    );
    expect((await device.engine.syncNow()).status).toBe('synced');
    expect(await device.db.staffGroups.count()).toBe(0);
    expect(await device.db.groupRoster.count()).toBe(0);
    await queryRows(
      server.database.db,
      sql`UPDATE group_members SET role = 'seller' WHERE member_id = ${staffId}`,
    );
  });

  it('reads a short link out of a pasted card address', () => {
    expect(linkKey(' https://mecards.vn/me/Binh-Tran/?ref=qr ')).toBe('binh-tran');
  });
});
