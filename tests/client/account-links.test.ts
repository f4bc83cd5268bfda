// The account-links screen's data layer on a real (fake-indexeddb) database against the real
// server in-process: edits made offline survive a reopen, reach the server once, and the
// device ends up equal to the server.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { startTestServer } from '../server/test-server';
import { createDevice, demoMemberId, type Device } from './support/sync-harness';
import {
  deleteAccountLink,
  liveAccountLinks,
  moveAccountLink,
  saveAccountLink,
  setAccountLinkHidden,
} from '../../src/features/account-links/account-links-data';
import type { BankInfo } from '../../contract/account-link';

const server = await startTestServer({ demo: true });
const memberId = await demoMemberId(server);
const banks: BankInfo[] = [
  { bin: '970422', code: 'MB', shortName: 'MBBank', name: 'Ngân hàng TMCP Quân đội' },
];

let device: Device;
let offline = false;

beforeEach(async () => {
  device = await createDevice(server, memberId);
  offline = false;
  device.faults = { next: () => (offline ? { kind: 'drop-before' } : undefined) };
  // The device starts with the seeded rows mirrored.
  expect(await device.engine.syncNow()).toMatchObject({ status: 'synced' });
});

interface ServerRow {
  id: string;
  kind: string;
  title: string | null;
  url: string | null;
  bank_bin: string | null;
  bank_name: string | null;
  ordinal: number;
  hidden: boolean;
  deleted_at: string | null;
}

async function serverRows(): Promise<ServerRow[]> {
  return queryRows<ServerRow>(
    server.database.db,
    sql`SELECT id, kind, title, url, bank_bin, bank_name, ordinal, hidden, deleted_at
        FROM account_links WHERE member_id = ${memberId}`,
  );
}

describe('account links offline', () => {
  it('adds, reorders, hides and deletes offline; survives a reopen; arrives once', async () => {
    offline = true;
    const bankId = await saveAccountLink(
      device.db,
      memberId,
      { kind: 'bank', bankBin: '970422', ownerName: 'NGUYEN VAN AN', accountNumber: '0812945269' },
      banks,
    );
    const videoId = await saveAccountLink(
      device.db,
      memberId,
      { kind: 'video', title: 'Giới thiệu', url: 'https://youtu.be/a_b-C1d2E3f' },
      banks,
    );
    const linkId = await saveAccountLink(
      device.db,
      memberId,
      { kind: 'link', title: 'Tạm', url: 'https://example.vn/tam' },
      banks,
    );
    // The new bank goes before the seeded one, the new video is hidden, the link deleted.
    await moveAccountLink(device.db, memberId, bankId, -1);
    const video = (await liveAccountLinks(device.db, memberId)).find((r) => r.id === videoId)!;
    await setAccountLinkHidden(device.db, video, true);
    const link = (await liveAccountLinks(device.db, memberId)).find((r) => r.id === linkId)!;
    await deleteAccountLink(device.db, link);

    const banksHere = (await liveAccountLinks(device.db, memberId)).filter(
      (r) => r.kind === 'bank',
    );
    expect(banksHere.map((r) => r.bankBin)).toEqual(['970422', '970436']);
    expect(banksHere[0]?.bankName).toBe('MBBank');

    // Offline: nothing reaches the server; a crash and reopen keep every change.
    expect((await device.engine.syncNow()).status).not.toBe('synced');
    expect((await serverRows()).map((r) => r.id)).not.toContain(bankId);
    const queued = await device.db.outbox.count();
    expect(queued).toBeGreaterThanOrEqual(6);
    await device.crash();
    device.faults = { next: () => (offline ? { kind: 'drop-before' } : undefined) };
    expect(await device.db.outbox.count()).toBe(queued);
    const reopened = await liveAccountLinks(device.db, memberId);
    expect(reopened.map((r) => r.id)).toContain(bankId);
    expect(reopened.map((r) => r.id)).not.toContain(linkId);
    expect(reopened.find((r) => r.id === videoId)?.hidden).toBe(true);

    // Back online, with the first push delivered twice: applied once.
    offline = false;
    let doubled = false;
    device.faults = {
      next: (path) => {
        if (path === '/api/sync/push' && !doubled) {
          doubled = true;
          return { kind: 'duplicate' };
        }
        return undefined;
      },
    };
    // Reconnecting (the `online` event) does not wait for the backoff of the offline attempts.
    expect(await device.engine.syncNow({ force: true })).toMatchObject({
      status: 'synced',
      rejected: 0,
    });
    expect(await device.db.outbox.count()).toBe(0);

    const rows = await serverRows();
    expect(rows.filter((r) => r.id === bankId)).toHaveLength(1);
    expect(rows.filter((r) => r.url === 'https://youtu.be/a_b-C1d2E3f')).toHaveLength(1);
    expect(rows.find((r) => r.id === bankId)).toMatchObject({
      bank_bin: '970422',
      bank_name: 'MBBank',
      deleted_at: null,
    });
    expect(rows.find((r) => r.id === videoId)).toMatchObject({ hidden: true, title: 'Giới thiệu' });
    expect(rows.find((r) => r.id === linkId)?.deleted_at).not.toBeNull();
    const liveBanks = rows
      .filter((r) => r.kind === 'bank' && r.deleted_at === null)
      .sort((a, b) => a.ordinal - b.ordinal);
    expect(liveBanks.map((r) => r.bank_bin)).toEqual(['970422', '970436']);
    const keys = await queryRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE member_id = ${memberId}`,
    );
    expect(keys[0]?.n).toBe(queued);

    // The device equals the server (live rows, order, hidden).
    const local = await liveAccountLinks(device.db, memberId);
    const live = rows.filter((r) => r.deleted_at === null);
    expect(local.map((r) => r.id).sort()).toEqual(live.map((r) => r.id).sort());
    for (const row of local) {
      const there = live.find((r) => r.id === row.id)!;
      expect([row.ordinal, row.hidden, row.url]).toEqual([there.ordinal, there.hidden, there.url]);
    }
  });

  it('a change the server refuses is undone on the device and listed with its reason', async () => {
    offline = true;
    const id = await saveAccountLink(
      device.db,
      memberId,
      // 970999 has a BIN's shape but is no bank the server knows.
      { kind: 'bank', bankBin: '970999', ownerName: 'A', accountNumber: '123456' },
      banks,
    );
    expect((await liveAccountLinks(device.db, memberId)).map((r) => r.id)).toContain(id);
    offline = false;
    expect(await device.engine.syncNow()).toMatchObject({ rejected: 1 });
    expect(await device.db.accountLinks.get(id)).toBeUndefined();
    const [entry] = await device.db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'rejected', name: 'accountLink.upsert' });
    expect(entry?.error?.fields).toMatchObject({ bankBin: 'Ngân hàng không có trong danh sách' });
    expect((await serverRows()).map((r) => r.id)).not.toContain(id);
  });
});
