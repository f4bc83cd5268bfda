// The device's half of the per-field merge (decision 1062) for the wedding invitation and the
// account links, on fake-indexeddb: a save queues the form whole with a base naming only the
// changed fields (a nested group as one field, as JSON text), and keeps fields pulled meanwhile.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { appDb, type AccountLinkRow, type WeddingRow } from '../../src/db/app-db';
import { writeSession } from '../../src/api/session-store';
import { saveWedding, weddingPayloadOf } from '../../src/features/wedding/wedding-data';
import {
  saveAccountLink,
  setAccountLinkHidden,
} from '../../src/features/account-links/account-links-data';
import { weddingUpsertSchema } from '../../contract/wedding';
import { accountLinkUpsertSchema } from '../../contract/account-link';

const me = '0b7c8f4e-2f55-4b7e-9a1d-3c2a1f0e9d01';
const rowId = '0b7c8f4e-2f55-4b7e-9a1d-3c2a1f0e9d05';
const banks = [{ bin: '970436', code: 'VCB', shortName: 'Vietcombank', name: '' }];

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

describe('wedding invitation', () => {
  const mirrored: WeddingRow = {
    id: rowId,
    memberId: me,
    type: 'WEDDING',
    status: 'ACTIVE',
    // As PostgreSQL's jsonb hands it back: its own key order.
    groomsFamily: { name: 'Minh', father: 'Ông Minh' },
    bridesFamily: { mother: 'Bà Lan', name: 'Lan' },
    groomsBank: {
      bankBin: '970436',
      bankName: 'Vietcombank',
      ownerName: 'NGUYEN MINH',
      accountNumber: '0071000123456',
    },
    bridesBank: null,
    weddingDay: { h: '11H00', th: 'Chủ nhật', d: 20, m: 12, y: 2026 },
    weddingPartyDay: { h: '11H30', th: 'Chủ nhật', d: 20, m: 12, y: 2026 },
    venue: 'Nhà hàng Hoa Sen',
    partyVenue: null,
    message: 'Trân trọng kính mời',
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    deletedAt: null,
    changeSeq: 3,
  };

  it('queues a base naming only the changed fields and keeps what a pull changed meanwhile', async () => {
    await appDb.weddings.put(mirrored);
    // A pull changed the venue while the form was open: this device keeps it.
    await appDb.weddings.update(rowId, { venue: 'Tiệc tại nhà' });
    const payload = {
      ...weddingPayloadOf(mirrored),
      bridesFamily: { name: 'Lan', mother: 'Bà Lan', father: 'Ông Lan' },
      message: 'Mời bạn tới chung vui',
    };
    await saveWedding(appDb, me, payload, banks, mirrored);
    const [entry, ...more] = await appDb.outbox.toArray();
    expect(more).toEqual([]);
    expect((entry?.payload as { base?: unknown }).base).toEqual({
      bridesFamily: '{"name":"Lan","mother":"Bà Lan"}',
      message: 'Trân trọng kính mời',
    });
    expect(v.safeParse(weddingUpsertSchema, entry?.payload).success).toBe(true);
    expect(await appDb.weddings.get(rowId)).toMatchObject({
      venue: 'Tiệc tại nhà',
      message: 'Mời bạn tới chung vui',
      bridesFamily: { name: 'Lan', mother: 'Bà Lan', father: 'Ông Lan' },
    });
  });

  it('sends a new invitation whole, without a base', async () => {
    await saveWedding(appDb, me, weddingPayloadOf(mirrored), banks);
    const [entry] = await appDb.outbox.toArray();
    expect(entry?.payload).not.toHaveProperty('base');
  });
});

describe('account links', () => {
  const mirrored: AccountLinkRow = {
    id: rowId,
    memberId: me,
    kind: 'link',
    title: 'Trang của tôi',
    url: 'https://example.vn/a',
    bankBin: null,
    bankName: null,
    ownerName: null,
    accountNumber: null,
    ordinal: 3,
    hidden: false,
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    deletedAt: null,
    changeSeq: 3,
  };

  it('queues a base naming only the changed fields and keeps what a pull changed meanwhile', async () => {
    await appDb.accountLinks.put(mirrored);
    await appDb.accountLinks.update(rowId, { ordinal: 0 });
    await saveAccountLink(
      appDb,
      me,
      { kind: 'link', title: 'Cửa hàng', url: 'https://example.vn/a' },
      banks,
      mirrored,
    );
    const [entry, ...more] = await appDb.outbox.toArray();
    expect(more).toEqual([]);
    expect((entry?.payload as { base?: unknown }).base).toEqual({ title: 'Trang của tôi' });
    expect(v.safeParse(accountLinkUpsertSchema, entry?.payload).success).toBe(true);
    expect(await appDb.accountLinks.get(rowId)).toMatchObject({ title: 'Cửa hàng', ordinal: 0 });
  });

  it('names only the hidden flag when a row is hidden', async () => {
    await appDb.accountLinks.put(mirrored);
    await setAccountLinkHidden(appDb, mirrored, true);
    const [entry] = await appDb.outbox.toArray();
    expect((entry?.payload as { base?: unknown }).base).toEqual({ hidden: 'false' });
  });
});
