// A member's banks, links and videos (decision 0630): the REST calls and the batch push run the
// same handlers; another member's row is 403 and stays as it was; the card shows the visible
// rows in order, with the bank's BIN for the VietQR.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import type { AccountLink, BankInfo } from '../../contract/account-link';
import type { CardView } from '../../contract/card';
import type { PullResponse, PushResult } from '../../contract/sync';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });

let demoId = '';
let binhId = '';
let demo = '';
let binh = '';

async function memberId(urlMinify: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    server.database.db,
    sql`SELECT id FROM members WHERE url_minify = ${urlMinify}`,
  );
  return rows[0]!.id;
}

async function stored(id: string) {
  const rows = await queryRows<{
    member_id: string;
    kind: string;
    title: string | null;
    url: string | null;
    bank_bin: string | null;
    bank_name: string | null;
    account_number: string | null;
    ordinal: number;
    hidden: boolean;
    deleted_at: string | null;
  }>(server.database.db, sql`SELECT * FROM account_links WHERE id = ${id}`);
  return rows[0];
}

const update = (id: string, token: string, json: unknown, headers: Record<string, string> = {}) =>
  server.request(`/api/members/updateAccountLinkById/${id}`, {
    method: 'PUT',
    token,
    json,
    headers,
  });

async function card(): Promise<CardView> {
  const res = await server.request('/api/members/getMemberIdView/demo');
  expect(res.status).toBe(200);
  return (await res.json()) as CardView;
}

beforeAll(async () => {
  demoId = await memberId('demo');
  binhId = await memberId('binh-tran');
  demo = await server.tokenFor(demoId);
  binh = await server.tokenFor(binhId);
});

describe('bank list', () => {
  it('serves the banks with their NAPAS BINs, to anyone', async () => {
    const res = await server.request('/api/members/banks');
    expect(res.status).toBe(200);
    const banks = (await res.json()) as BankInfo[];
    expect(banks.length).toBeGreaterThan(30);
    expect(banks).toContainEqual(
      expect.objectContaining({ bin: '970436', shortName: 'Vietcombank' }),
    );
    expect(new Set(banks.map((b) => b.bin)).size).toBe(banks.length);
    for (const bank of banks) expect(bank.bin).toMatch(/^\d{6}$/);
  });
});

describe('account links', () => {
  it('the demo card shows its seeded bank with its BIN, links and video in order', async () => {
    const view = await card();
    expect(view.owner.banks).toEqual([
      expect.objectContaining({ bankName: 'Vietcombank', bin: '970436' }),
    ]);
    expect(view.owner.links.map((l) => l.title)).toEqual(['Facebook', 'Cửa hàng trực tuyến']);
    expect(view.owner.videos).toEqual(['https://youtu.be/dQw4w9WgXcQ']);
  });

  it('adds, edits, reorders, hides and deletes; the card follows', async () => {
    const bankId = randomUUID();
    const videoId = randomUUID();
    const added = await update(bankId, demo, {
      kind: 'bank',
      bankBin: '970422',
      ownerName: 'NGUYEN THI MINH ANH',
      accountNumber: '0812 945 269',
      ordinal: 10,
    });
    expect(added.status).toBe(200);
    const row = (await added.json()) as AccountLink;
    expect(row).toMatchObject({ memberId: demoId, bankName: 'MBBank', hidden: false });
    expect(await stored(bankId)).toMatchObject({ bank_bin: '970422', ordinal: 10 });

    // Form bodies (the spec's default) carry text.
    const video = await server.request(`/api/members/updateAccountLinkById/${videoId}`, {
      method: 'PUT',
      token: demo,
      form: {
        kind: 'video',
        title: 'Giới thiệu',
        url: 'https://www.youtube.com/watch?v=a_b-C1d2E3f&t=3',
        ordinal: '11',
      },
    });
    expect(video.status).toBe(200);

    let view = await card();
    expect(view.owner.banks.map((b) => b.bin)).toEqual(['970436', '970422']);
    expect(view.owner.videos.at(-1)).toBe('https://www.youtube.com/watch?v=a_b-C1d2E3f&t=3');
    expect(view.owner.videoTitles?.['https://www.youtube.com/watch?v=a_b-C1d2E3f&t=3']).toBe(
      'Giới thiệu',
    );

    // Reorder: the seeded bank moves after the new one.
    const seeded = (
      (await (
        await server.request(`/api/members/getAccountLinksByMemberId/${demoId}`, { token: demo })
      ).json()) as AccountLink[]
    ).find((l) => l.bankBin === '970436')!;
    const moved = await update(seeded.id, demo, {
      kind: 'bank',
      bankBin: seeded.bankBin,
      ownerName: seeded.ownerName,
      accountNumber: seeded.accountNumber,
      ordinal: 12,
    });
    expect(moved.status).toBe(200);
    view = await card();
    expect(view.owner.banks.map((b) => b.bin)).toEqual(['970422', '970436']);

    // Hide: gone from the card, kept for the owner.
    expect((await update(bankId, demo, { ...bankBody(), hidden: true })).status).toBe(200);
    view = await card();
    expect(view.owner.banks.map((b) => b.bin)).toEqual(['970436']);
    const mine = (await (
      await server.request(`/api/members/getAccountLinksByMemberId/${demoId}`, { token: demo })
    ).json()) as AccountLink[];
    expect(mine.find((l) => l.id === bankId)?.hidden).toBe(true);

    // Delete (soft): a tombstone, gone everywhere; an edit after it is kept as a conflict to
    // restore or let go, and the row stays deleted (decision 1062).
    const del = await server.request(`/api/members/deleteAccountLinkById/${videoId}`, {
      method: 'PUT',
      token: demo,
    });
    expect(del.status).toBe(200);
    expect((await stored(videoId))?.deleted_at).not.toBeNull();
    view = await card();
    expect(view.owner.videos).toEqual(['https://youtu.be/dQw4w9WgXcQ']);
    const again = await update(videoId, demo, {
      kind: 'video',
      url: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(again.status).toBe(200);
    expect((await stored(videoId))?.deleted_at).not.toBeNull();
    const [kept] = await queryRows<{ kind: string }>(
      server.database.db,
      sql`SELECT kind FROM sync_conflicts WHERE row_id = ${videoId}`,
    );
    expect(kept?.kind).toBe('deleted');
  });

  it("another member's row is 403 and nothing changes", async () => {
    const id = randomUUID();
    expect((await update(id, demo, { ...bankBody(), ordinal: 3 })).status).toBe(200);
    const before = await stored(id);
    const edit = await update(id, binh, { kind: 'link', url: 'https://evil.example' });
    expect(edit.status).toBe(403);
    const del = await server.request(`/api/members/deleteAccountLinkById/${id}`, {
      method: 'PUT',
      token: binh,
    });
    expect(del.status).toBe(403);
    const list = await server.request(`/api/members/getAccountLinksByMemberId/${demoId}`, {
      token: binh,
    });
    expect(list.status).toBe(403);
    expect(await stored(id)).toEqual(before);

    // Through the batch push too.
    const push = await server.request('/api/sync/push', {
      method: 'POST',
      token: binh,
      json: {
        mutations: [{ id: randomUUID(), name: 'accountLink.delete', payload: { id } }],
      },
    });
    const { results } = (await push.json()) as { results: PushResult[] };
    expect(results[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect(await stored(id)).toEqual(before);
  });

  it('unknown ids are 404; a wrong id in the body is refused', async () => {
    const del = await server.request(`/api/members/deleteAccountLinkById/${randomUUID()}`, {
      method: 'PUT',
      token: demo,
    });
    expect(del.status).toBe(404);
    const bad = await server.request('/api/members/deleteAccountLinkById/not-a-uuid', {
      method: 'PUT',
      token: demo,
    });
    expect(bad.status).toBe(404);
    const id = randomUUID();
    const mismatch = await update(id, demo, { ...bankBody(), id: randomUUID() });
    expect(mismatch.status).toBe(400);
    expect(await stored(id)).toBeUndefined();
    const anonymous = await server.request(`/api/members/updateAccountLinkById/${id}`, {
      method: 'PUT',
      json: bankBody(),
    });
    expect(anonymous.status).toBe(401);
  });

  it('bad input: field-specific messages, Vietnamese first, English when asked; nothing stored', async () => {
    const id = randomUUID();
    const cases: [unknown, Record<string, string>][] = [
      [{ kind: 'bank' }, { bankBin: 'Vui lòng chọn ngân hàng' }],
      [
        { kind: 'bank', bankBin: '970436', ownerName: ' ', accountNumber: '123' },
        { ownerName: 'Vui lòng nhập tên chủ tài khoản' },
      ],
      [
        { kind: 'bank', bankBin: '970436', ownerName: 'A', accountNumber: '' },
        { accountNumber: 'Vui lòng nhập số tài khoản' },
      ],
      [
        { kind: 'bank', bankBin: '970436', ownerName: 'A', accountNumber: '12/34' },
        { accountNumber: 'Số tài khoản chỉ gồm chữ và số (tối đa 19 ký tự)' },
      ],
      [
        { kind: 'bank', bankBin: '999999', ownerName: 'A', accountNumber: '1234' },
        { bankBin: 'Ngân hàng không có trong danh sách' },
      ],
      [{ kind: 'link', url: '' }, { url: 'Vui lòng nhập đường dẫn' }],
      [{ kind: 'link', url: 'javascript:alert(1)' }, { url: 'Đường dẫn không hợp lệ' }],
      [{ kind: 'link', url: 'khong phai link' }, { url: 'Đường dẫn không hợp lệ' }],
      [
        { kind: 'video', url: 'https://vimeo.com/123456789' },
        { url: 'Đường dẫn YouTube không hợp lệ' },
      ],
      [{ kind: 'video', url: 'https://youtu.be/short' }, { url: 'Đường dẫn YouTube không hợp lệ' }],
    ];
    for (const [body, fields] of cases) {
      const res = await update(id, demo, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = (
        (await res.json()) as { error: { code: string; fields: Record<string, string> } }
      ).error;
      expect(error.code).toBe('validation_failed');
      expect(error.fields, JSON.stringify(body)).toMatchObject(fields);
    }
    const en = await update(
      id,
      demo,
      { kind: 'video', url: 'https://vimeo.com/1' },
      {
        'accept-language': 'en',
      },
    );
    expect(
      ((await en.json()) as { error: { fields: Record<string, string> } }).error.fields,
    ).toEqual({
      url: 'Not a YouTube video link',
    });
    const noKind = await update(id, demo, { url: 'https://a.vn' });
    expect(noKind.status).toBe(400);
    expect(JSON.stringify(await noKind.json())).not.toContain('Đã có lỗi xảy ra');
    expect(await stored(id)).toBeUndefined();
  });

  it('is idempotent by key and mirrored to the owner only through the pull', async () => {
    const id = randomUUID();
    const key = randomUUID();
    const body = { kind: 'link', title: 'Zalo OA', url: 'https://zalo.me/123', ordinal: 20 };
    expect((await update(id, demo, body, { 'idempotency-key': key })).status).toBe(200);
    expect((await update(id, demo, body, { 'idempotency-key': key })).status).toBe(200);
    const rows = await queryRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM account_links WHERE url = 'https://zalo.me/123'`,
    );
    expect(rows[0]?.n).toBe(1);

    const pull = async (token: string) => {
      const res = await server.request('/api/sync/pull?cursor=0&limit=500', { token });
      return ((await res.json()) as PullResponse).changes.filter(
        (c) => c.entity === 'accountLinks',
      );
    };
    const mine = await pull(demo);
    expect(mine.map((c) => c.row.id)).toContain(id);
    expect(mine.every((c) => c.row.memberId === demoId)).toBe(true);
    expect((await pull(binh)).map((c) => c.row.id)).not.toContain(id);
  });
});

function bankBody() {
  return {
    kind: 'bank',
    bankBin: '970422',
    ownerName: 'NGUYEN THI MINH ANH',
    accountNumber: '0812945269',
  };
}
