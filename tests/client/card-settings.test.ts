// The display screen's data layer: a theme choice is one Dexie transaction (profile row and
// outbox entry), shown from the device while it waits, sent once, and undone with its reason
// when a LIMIT brand's member picks a theme the brand does not allow.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import type { ProfileRow } from '../../src/db/app-db';
import { queueMutationIn } from '../../src/sync/mutate';
import { readLocalTheme, themeWrite } from '../../src/features/card-settings/settings-data';
import { startTestServer } from '../server/test-server';
import { createDevice, demoMemberId } from './support/sync-harness';

const server = await startTestServer({ demo: true });

async function serverTheme(memberId: string) {
  const [row] = await queryRows<{ theme: string | null; theme_type: string }>(
    server.database.db,
    sql`SELECT theme, theme_type FROM members WHERE id = ${memberId}`,
  );
  return row;
}

function profileRow(id: string, theme: string): ProfileRow {
  const now = new Date().toISOString();
  return {
    id,
    type: 'personal',
    name: 'Thử',
    shortName: null,
    urlMinify: 'thu',
    language: 'VN',
    intro: null,
    jobTitle: null,
    workplace: null,
    address: null,
    aboutMe: null,
    avatarUrl: null,
    bannerUrl: null,
    backgroundUrl: null,
    otherPhone: null,
    website: null,
    zalo: null,
    interests: [],
    businessSectors: [],
    companyInfo: null,
    agencyId: null,
    theme,
    themeType: 'list',
    contactEmail: null,
    contactPhone: null,
    email: null,
    phone: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
}

describe('theme choice on the device', () => {
  it('shows the queued choice while it waits, then the server has it once', async () => {
    const memberId = await demoMemberId(server);
    const device = await createDevice(server, memberId);
    await device.db.profile.put(profileRow(memberId, 'lightmode'));

    await queueMutationIn(device.db, themeWrite(memberId, 'violet', 'square'), memberId);
    expect(await device.db.profile.get(memberId)).toMatchObject({
      theme: 'violet',
      themeType: 'square',
    });
    expect(await readLocalTheme(device.db, memberId)).toEqual({
      theme: 'violet',
      themeType: 'square',
      pending: true,
    });
    // A second choice before sending: both go, in order; the last one wins.
    await queueMutationIn(device.db, themeWrite(memberId, 'jibtf', 'list'), memberId);
    expect((await readLocalTheme(device.db, memberId))?.theme).toBe('jibtf');
    expect(await device.db.outbox.count()).toBe(2);

    const outcome = await device.engine.syncNow({ force: true });
    expect(outcome).toMatchObject({ status: 'synced', pushed: 2, rejected: 0 });
    expect(await serverTheme(memberId)).toEqual({ theme: 'jibtf', theme_type: 'list' });
    expect(await device.db.outbox.count()).toBe(0);
    expect(await readLocalTheme(device.db, memberId)).toEqual({
      theme: 'jibtf',
      themeType: 'list',
      pending: false,
    });
    // Sent once: a second flush sends nothing.
    const again = await device.engine.syncNow({ force: true });
    expect(again).toMatchObject({ pushed: 0 });
    device.db.close();
  });

  it("undoes a theme a LIMIT brand does not allow and keeps the server's reason", async () => {
    const owner = await demoMemberId(server, 'brand@mecards.vn');
    const device = await createDevice(server, owner);
    await device.db.profile.put(profileRow(owner, 'blackgold'));

    await queueMutationIn(device.db, themeWrite(owner, 'darkmode', 'list'), owner);
    expect((await device.db.profile.get(owner))?.theme).toBe('darkmode');

    const outcome = await device.engine.syncNow({ force: true });
    expect(outcome).toMatchObject({ rejected: 1 });
    const [entry] = await device.db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'rejected', name: 'profile.setTheme' });
    expect(entry?.error?.code).toBe('theme_not_allowed');
    expect(entry?.error?.fields?.theme).toBe(
      'Thương hiệu của bạn chỉ được dùng các giao diện riêng của thương hiệu',
    );
    expect((await device.db.profile.get(owner))?.theme).toBe('blackgold');
    expect(await readLocalTheme(device.db, owner)).toMatchObject({
      theme: 'blackgold',
      pending: false,
    });
    expect((await serverTheme(owner))?.theme).toBe('blackgold');
    device.db.close();
  });
});
