// Member management behaviours (decision 0801): paged and searched member lists, join requests
// accepted and rejected, roles, an account lock that ends every session and keeps the member
// out (login, refresh, sync) with the reason, the refusals (self, last admin, bad input), the
// locked card answering 404, customers linked to a card, and the roster a seller's device pulls.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import type {
  Customer,
  CustomerPage,
  MemberListPage,
  RosterEntry,
} from '../../contract/member-management';
import type { PullResponse } from '../../contract/sync';
import { startTestServer } from './test-server';
import { errorCode, login, refresh } from './auth-helpers';
import {
  managedRowsFingerprint,
  memberManagementCast,
  type MemberManagementCast,
} from './member-management-fixture';

const server = await startTestServer({ demo: true });
let cast: MemberManagementCast;

beforeAll(async () => {
  cast = await memberManagementCast(server);
});

const put = (path: string, token: string, json: unknown = {}) =>
  server.request(`/api${path}`, { method: 'PUT', token, json });
const get = (path: string, token?: string) => server.request(`/api${path}`, token ? { token } : {});

async function pullAll(token: string): Promise<PullResponse['changes']> {
  const changes: PullResponse['changes'] = [];
  let cursor = 0;
  for (;;) {
    const res = await get(`/sync/pull?cursor=${cursor}&limit=1000`, token);
    expect(res.status).toBe(200);
    const page = (await res.json()) as PullResponse;
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return changes;
  }
}

describe('member lists', () => {
  it('pages and searches members without marks, by short link and by phone', async () => {
    const all = (await (
      await get(`/members/getListMemberByGroupId/${cast.brandId}`, cast.admin.token)
    ).json()) as MemberListPage;
    expect(all.total).toBe(4);
    expect(all.items.map((m) => m.role).sort()).toEqual(['admin', 'member', 'member', 'seller']);
    const byName = (await (
      await get(`/members/getListMemberByGroupId/${cast.brandId}?filter=pham thu`, cast.admin.token)
    ).json()) as MemberListPage;
    expect(byName.items.map((m) => m.name)).toEqual(['Phạm Thu Hà']);
    const byLink = (await (
      await get(
        `/members/getListMemberByGroupId/${cast.brandId}?filter=binh-tran`,
        cast.admin.token,
      )
    ).json()) as MemberListPage;
    expect(byLink.items.map((m) => m.urlMinify)).toEqual(['binh-tran']);
    const byPhone = (await (
      await get(`/members/getListMemberByGroupId/${cast.brandId}?filter=0912345`, cast.admin.token)
    ).json()) as MemberListPage;
    expect(byPhone.items.map((m) => m.urlMinify)).toEqual(['binh-tran']);
    const sellers = (await (
      await get(`/members/getListMemberByGroupId/${cast.brandId}?role=seller`, cast.admin.token)
    ).json()) as MemberListPage;
    expect(sellers.total).toBe(1);
  });

  it('refuses a bad page or role naming the field, in Vietnamese then English', async () => {
    const res = await get(
      `/members/getListMemberByGroupId/${cast.brandId}?page=0`,
      cast.admin.token,
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.page).toBeTruthy();
    const en = await server.request(
      `/api/members/getListMemberByGroupId/${cast.brandId}?role=boss`,
      { token: cast.admin.token, headers: { 'accept-language': 'en' } },
    );
    expect(en.status).toBe(400);
    expect(
      ((await en.json()) as { error: { fields: Record<string, string> } }).error.fields.role,
    ).toBe('The role must be admin, seller or member');
  });

  it('answers 404 for a group or membership that does not exist', async () => {
    const missing = crypto.randomUUID();
    expect((await get(`/members/getListMemberByGroupId/${missing}`, cast.admin.token)).status).toBe(
      404,
    );
    expect(
      (await put(`/members/acceptMemberRequestById/${missing}`, cast.admin.token)).status,
    ).toBe(404);
    expect((await get(`/members/getListMemberByGroupId/not-an-id`, cast.admin.token)).status).toBe(
      404,
    );
  });
});

describe('join requests', () => {
  it('a member asks to join, the admin accepts, the member is then listed', async () => {
    expect(
      (
        await server.request(`/api/members/requestJoinGroup/${cast.brandId}`, {
          method: 'POST',
          token: cast.member.token,
        })
      ).status,
    ).toBe(200);
    const again = await server.request(`/api/members/requestJoinGroup/${cast.brandId}`, {
      method: 'POST',
      token: cast.member.token,
    });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('join_already_requested');
    const requests = (await (
      await get(`/members/getListMemberRequestByGroupId/${cast.brandId}`, cast.admin.token)
    ).json()) as MemberListPage;
    const mine = requests.items.find((r) => r.memberId === cast.member.id)!;
    expect(mine.status).toBe('requested');
    expect(
      (await put(`/members/acceptMemberRequestById/${mine.id}`, cast.admin.token)).status,
    ).toBe(200);
    const twice = await put(`/members/acceptMemberRequestById/${mine.id}`, cast.admin.token);
    expect(twice.status).toBe(409);
    const status = (await (
      await get(`/members/getJoinStatus/${cast.brandId}`, cast.member.token)
    ).json()) as { status: string };
    expect(status.status).toBe('active');
    const list = (await (
      await get(`/members/getListMemberByGroupId/${cast.brandId}?filter=minh anh`, cast.admin.token)
    ).json()) as MemberListPage;
    expect(list.items.map((m) => m.memberId)).toEqual([cast.member.id]);
    // Put it back as it was for the other tests.
    expect((await put(`/members/removeMemberById/${mine.id}`, cast.admin.token)).status).toBe(200);
  });

  it('rejecting removes the request', async () => {
    const res = await put(
      `/members/rejectMemberRequestById/${cast.requestRow.id}`,
      cast.admin.token,
    );
    expect(res.status).toBe(200);
    const requests = (await (
      await get(`/members/getListMemberRequestByGroupId/${cast.brandId}`, cast.admin.token)
    ).json()) as MemberListPage;
    expect(requests.items.find((r) => r.id === cast.requestRow.id)).toBeUndefined();
  });
});

describe('roles and locks', () => {
  it('refuses locking oneself and demoting or removing the last admin, changing nothing', async () => {
    const before = await managedRowsFingerprint(server);
    const self = await put(`/members/updateMemberStatusById/${cast.admin.id}`, cast.admin.token, {
      status: 'locked',
      groupId: cast.brandId,
    });
    expect(self.status).toBe(409);
    expect(await errorCode(self)).toBe('cannot_lock_self');
    const [own] = await queryRows<{ id: string }>(
      server.database.db,
      sql`SELECT id FROM group_members WHERE group_id = ${cast.brandId} AND member_id = ${cast.admin.id}`,
    );
    expect(
      await errorCode(
        await put(`/members/updateMemberRoleById/${own!.id}`, cast.admin.token, { role: 'member' }),
      ),
    ).toBe('cannot_change_own_role');
    expect(await managedRowsFingerprint(server)).toBe(before);
  });

  it('refuses locking the only admin of a group', async () => {
    // The seller becomes a second admin, then tries to lock the brand's admin, who is the only
    // admin of the demo group.
    const sellerRow = (await (
      await get(`/members/getListMemberByGroupId/${cast.brandId}?role=seller`, cast.admin.token)
    ).json()) as MemberListPage;
    const row = sellerRow.items[0]!;
    expect(
      (await put(`/members/updateMemberRoleById/${row.id}`, cast.admin.token, { role: 'admin' }))
        .status,
    ).toBe(200);
    const sellerAsAdmin = await server.tokenFor(cast.seller.id);
    const res = await put(`/members/updateMemberStatusById/${cast.admin.id}`, sellerAsAdmin, {
      status: 'locked',
      groupId: cast.brandId,
    });
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe('cannot_lock_last_admin');
    expect(
      (await put(`/members/updateMemberRoleById/${row.id}`, cast.admin.token, { role: 'seller' }))
        .status,
    ).toBe(200);
  });

  it('a locked member cannot log in, refresh or sync and is told why; their card answers 404; unlock restores', async () => {
    const session = await login(server, 'staff@mecards.vn', 'staff12345');
    expect((await get('/sync/pull?cursor=0&limit=10', session.body.accessToken)).status).toBe(200);
    expect((await get('/members/getMemberId/binh-tran')).status).toBe(200);
    const lock = await put(`/members/updateMemberStatusById/${cast.seller.id}`, cast.admin.token, {
      status: 'locked',
      groupId: cast.brandId,
    });
    expect(lock.status).toBe(200);
    const pull = await get('/sync/pull?cursor=0&limit=10', session.body.accessToken);
    expect(pull.status).toBe(401);
    const refreshed = await refresh(server, session.refreshToken);
    expect(refreshed.status).toBe(401);
    expect(await errorCode(refreshed)).toBe('account_locked');
    const again = await server.request('/api/auth/login', {
      method: 'POST',
      json: { email: 'staff@mecards.vn', password: 'staff12345' },
    });
    expect(again.status).toBe(403);
    const body = (await again.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('account_locked');
    expect(body.error.message).toBe('Tài khoản đã bị khoá');
    expect((await get('/members/getMemberId/binh-tran')).status).toBe(404);
    const [trail] = await queryRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM member_status_changes WHERE member_id = ${cast.seller.id} AND status = 'locked'`,
    );
    expect(trail!.n).toBe(1);

    const unlock = await put(
      `/members/updateMemberStatusById/${cast.seller.id}`,
      cast.admin.token,
      {
        status: 'active',
        groupId: cast.brandId,
      },
    );
    expect(unlock.status).toBe(200);
    expect((await login(server, 'staff@mecards.vn', 'staff12345')).res.status).toBe(200);
    expect((await get('/members/getMemberId/binh-tran')).status).toBe(200);
  });

  it('refuses a bad status with the field named', async () => {
    const res = await put(`/members/updateMemberStatusById/${cast.seller.id}`, cast.admin.token, {
      status: 'frozen',
      groupId: cast.brandId,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.status).toBe('Trạng thái phải là đang hoạt động hoặc đã khoá');
  });
});

describe('customers', () => {
  it('creates a customer linked to a card by short link, finds it, refuses the same card twice', async () => {
    const created = await server.request('/api/members/createCustomer', {
      method: 'POST',
      token: cast.admin.token,
      json: {
        groupId: cast.brandId,
        name: 'Lê Hoàng Nam',
        cardLink: 'http://cards.test/me/le-hoang-nam',
      },
    });
    expect(created.status).toBe(200);
    const customer = (await created.json()) as Customer;
    expect(customer.memberUrlMinify).toBe('le-hoang-nam');
    const twice = await server.request('/api/members/createCustomer', {
      method: 'POST',
      token: cast.admin.token,
      json: { groupId: cast.brandId, name: 'Nam', cardLink: 'le-hoang-nam' },
    });
    expect(twice.status).toBe(409);
    const found = (await (
      await get(`/members/getCustomer/${cast.brandId}?query=le hoang`, cast.admin.token)
    ).json()) as CustomerPage;
    expect(found.items.map((c) => c.id)).toEqual([customer.id]);
  });

  it('finds a customer by a phone however it was written, and by a name without marks', async () => {
    const created = await server.request('/api/members/createCustomer', {
      method: 'POST',
      token: cast.admin.token,
      json: { groupId: cast.brandId, name: 'Đặng Thị Thu', phone: '+84 912.888.777' },
    });
    expect(created.status).toBe(200);
    const customer = (await created.json()) as Customer;
    for (const typed of ['0912888', '0912 888 777', '0912.888.777', '+84912888777', 'dang thi']) {
      const found = (await (
        await get(
          `/members/getCustomer/${cast.brandId}?query=${encodeURIComponent(typed)}`,
          cast.admin.token,
        )
      ).json()) as CustomerPage;
      expect(
        found.items.map((c) => c.id),
        typed,
      ).toEqual([customer.id]);
    }
  });

  it('refuses a customer without a name, with a bad phone or an unknown card, naming the field', async () => {
    const before = await managedRowsFingerprint(server);
    const res = await server.request('/api/members/createCustomer', {
      method: 'POST',
      token: cast.admin.token,
      json: { groupId: cast.brandId, name: ' ', phone: 'abc' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.name).toBe('Vui lòng nhập tên khách hàng');
    expect(body.error.fields.phone).toBe('Số điện thoại không hợp lệ');
    const unknown = await server.request('/api/members/createCustomer', {
      method: 'POST',
      token: cast.admin.token,
      json: { groupId: cast.brandId, name: 'Ai đó', cardLink: 'no-such-card' },
    });
    expect(unknown.status).toBe(400);
    expect(
      ((await unknown.json()) as { error: { fields: Record<string, string> } }).error.fields
        .cardLink,
    ).toBe('Không tìm thấy danh thiếp để liên kết');
    expect(await managedRowsFingerprint(server)).toBe(before);
  });
});

describe('the roster a staff device mirrors', () => {
  it('a seller pulls the members and customers of their group; a plain member pulls none', async () => {
    // The seller was locked and unlocked above, which ended their earlier sessions.
    cast.seller.token = await server.tokenFor(cast.seller.id);
    const roster = (await pullAll(cast.seller.token))
      .filter((c) => c.entity === 'groupRoster')
      .map((c) => c.row as unknown as RosterEntry);
    const live = roster.filter((r) => r.deletedAt === null && r.groupId === cast.brandId);
    expect(live.some((r) => r.kind === 'member' && r.urlMinify === 'pham-thu-ha')).toBe(true);
    const demo = live.find((r) => r.kind === 'customer' && r.urlMinify === 'demo')!;
    expect(demo.memberId).toBe(cast.member.id);
    expect(demo.phone).toBe('0901234567');
    // A waiting request is not someone to find.
    expect(live.some((r) => r.urlMinify === 'dang-ngoc-lan')).toBe(false);
    const memberRoster = (await pullAll(cast.member.token)).filter(
      (c) => c.entity === 'groupRoster',
    );
    expect(memberRoster).toEqual([]);
  });

  it('a renamed member reaches the seller in the next pull', async () => {
    const [top] = await queryRows<{ s: string }>(
      server.database.db,
      sql`SELECT max(change_seq)::text AS s FROM group_members`,
    );
    await queryRows(
      server.database.db,
      sql`UPDATE members SET name = 'Phạm Thu Hà (mới)' WHERE url_minify = 'pham-thu-ha'`,
    );
    const res = await get(`/sync/pull?cursor=${top!.s}&limit=1000`, cast.seller.token);
    const page = (await res.json()) as PullResponse;
    const renamed = page.changes
      .filter((c) => c.entity === 'groupRoster')
      .map((c) => c.row as unknown as RosterEntry)
      .find((r) => r.urlMinify === 'pham-thu-ha');
    expect(renamed?.name).toBe('Phạm Thu Hà (mới)');
  });
});
