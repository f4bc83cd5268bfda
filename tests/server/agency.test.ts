// Agencies, discounts, association reports and the explore directory (decision 0810): what the
// right people can do, with the rows it leaves on the server.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { agencies, groups, members, products } from '../../server/db/schema';
import {
  associationReports,
  discountGroups,
  discounts,
  exploreCompanies,
} from '../../server/db/schema-agency';
import type { PushResult } from '../../contract/sync';
import type { AssociationReportAnswer } from '../../contract/association-report';
import { csvOf } from './points-fixture';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });
const db = server.database.db;

const cast = {
  agencyId: '',
  brandId: '',
  groupId: '',
  agencyAdmin: '',
  brandAdmin: '',
  seller: '',
  customerId: '',
  demoId: '',
  offerId: '',
  expiredOfferId: '',
};

beforeAll(async () => {
  const [agency] = await db.select().from(agencies).where(eq(agencies.urlMinify, 'demo-agency'));
  cast.agencyId = agency!.id;
  const group = async (url: string) =>
    (await db.select().from(groups).where(eq(groups.urlMinify, url)))[0]!.id;
  cast.brandId = await group('demo-brand');
  cast.groupId = await group('demo-group');
  const person = async (where: ReturnType<typeof eq>) =>
    (await db.select({ id: members.id }).from(members).where(where))[0]!.id;
  cast.agencyAdmin = await server.tokenFor(await person(eq(members.email, 'agency@mecards.vn')));
  cast.brandAdmin = await server.tokenFor(await person(eq(members.email, 'brand@mecards.vn')));
  cast.seller = await server.tokenFor(await person(eq(members.email, 'staff@mecards.vn')));
  cast.customerId = await person(eq(members.urlMinify, 'pham-thu-ha'));
  cast.demoId = await person(eq(members.email, 'demo@mecards.vn'));
  const offers = await db.select().from(discountGroups);
  cast.offerId = offers.find((o) => o.percent === 10)!.id;
  cast.expiredOfferId = offers.find((o) => o.percent === 25)!.id;
});

type Row = Record<string, string> & {
  id: string;
  name: string;
  urlMinify: string;
  memberId: string;
};
interface Answer {
  error: { fields: Record<string, string>; fieldCodes: Record<string, { code: string }> };
  items: Row[];
  total: number;
  id: string;
  companies: Row[];
}

const call = async (method: string, path: string, token: string, json?: unknown) => {
  const res = await server.request(`/api${path}`, {
    method,
    token,
    ...(json !== undefined ? { json } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Answer };
};

describe('agency admins', () => {
  it('list their groups (paged, filtered), admins and the groups’ admins and sellers', async () => {
    const list = await call(
      'GET',
      `/members/getListGroupByAgency?agencyId=${cast.agencyId}`,
      cast.agencyAdmin,
    );
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((g: { urlMinify: string }) => g.urlMinify).sort()).toEqual([
      'demo-brand',
      'demo-group',
    ]);
    const filtered = await call(
      'GET',
      `/members/getListGroupByAgency?filter=${encodeURIComponent('sương')}`,
      cast.agencyAdmin,
    );
    expect(filtered.body.items.map((g: { urlMinify: string }) => g.urlMinify)).toEqual([
      'demo-brand',
    ]);
    const admins = await call(
      'GET',
      `/members/getListAdminByAgency/${cast.agencyId}`,
      cast.agencyAdmin,
    );
    expect(admins.body.items.map((a: { name: string }) => a.name)).toContain(
      'Hiệp hội Doanh nghiệp Trẻ Đà Lạt',
    );
    const organize = await call(
      'GET',
      `/groupAndBrand/getOrganizeAdmins?agencyId=${cast.agencyId}`,
      cast.agencyAdmin,
    );
    expect(organize.body.items).toContainEqual(
      expect.objectContaining({ name: 'Trần Văn Bình', role: 'seller', groupId: cast.brandId }),
    );
    const unknown = await call(
      'GET',
      `/members/getListAdminByAgency/${randomUUID()}`,
      cast.agencyAdmin,
    );
    expect(unknown.status).toBe(404);
  });

  it('edit any group of the agency; bad input names the field and changes nothing', async () => {
    const bad = await call(
      'PUT',
      `/groupAndBrand/updateUByIdByAdminAgency/${cast.groupId}`,
      cast.agencyAdmin,
      {
        name: '',
        layoutPermission: 'ALL',
      },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['layoutPermission', 'name']);
    const ok = await call(
      'PUT',
      `/groupAndBrand/updateUByIdByAdminAgency/${cast.groupId}`,
      cast.agencyAdmin,
      {
        note: 'Ghi chú mới của hiệp hội',
      },
    );
    expect(ok.status).toBe(200);
    const [row] = await db.select().from(groups).where(eq(groups.id, cast.groupId));
    expect(row!.note).toBe('Ghi chú mới của hiệp hội');
    expect(row!.name).toBe('Câu lạc bộ Doanh nhân Trẻ Lâm Đồng');
    const missing = await call(
      'PUT',
      `/groupAndBrand/updateUByIdByAdminAgency/${randomUUID()}`,
      cast.agencyAdmin,
      {
        note: 'x',
      },
    );
    expect(missing.status).toBe(404);
  });

  it('curate recommended products, which loadRecommendProducts then answers', async () => {
    const brandProducts = await db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(and(eq(products.groupId, cast.brandId), isNull(products.deletedAt)));
    const chosen = brandProducts.filter((p) => p.title.includes('phin'));
    expect(chosen).toHaveLength(1);
    const put = await call('PUT', '/productMember/recommendProducts', cast.agencyAdmin, {
      agencyId: cast.agencyId,
      productIds: [chosen[0]!.id],
    });
    expect(put.status).toBe(200);
    const res = await server.request(
      `/api/productMember/loadRecommendProducts?agencyId=${cast.agencyId}`,
    );
    const body = (await res.json()) as { items: { title: string }[] };
    expect(body.items.map((p) => p.title)).toEqual([chosen[0]!.title]);
    // A product of another agency cannot be recommended.
    const foreign = await call('PUT', '/productMember/recommendProducts', cast.agencyAdmin, {
      agencyId: cast.agencyId,
      productIds: [randomUUID()],
    });
    expect(foreign.status).toBe(422);
    // Back to the demo state (outstanding products).
    await call('PUT', '/productMember/recommendProducts', cast.agencyAdmin, {
      agencyId: cast.agencyId,
      productIds: [],
    });
  });
});

describe('association reports', () => {
  it('one report per group and month: a second is 409, the id edits it', async () => {
    const report = {
      groupId: cast.brandId,
      month: '01/2024',
      turnover: '1.234.567',
      domesticRevenue: '1.000.000',
      exportRevenue: 234567,
      exportMarkets: 'Nhật Bản, Úc',
    };
    const first = await call('POST', '/associationReport', cast.brandAdmin, report);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      turnover: 1234567,
      month: '2024-01-01',
      exportMarkets: ['Nhật Bản', 'Úc'],
    });
    const again = await call('POST', '/associationReport', cast.brandAdmin, report);
    expect(again.status).toBe(409);
    expect(again.body.error.fields.month).toBeTruthy();
    const edit = await call('POST', '/associationReport', cast.brandAdmin, {
      ...report,
      id: first.body.id,
      turnover: 2_000_000,
    });
    expect(edit.status).toBe(200);
    const rows = await db
      .select()
      .from(associationReports)
      .where(eq(associationReports.month, '2024-01-01'));
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.turnover)).toBe(2_000_000);
  });

  it('negative or non-numeric revenue is refused with the field named, nothing stored', async () => {
    const before = (await db.select().from(associationReports)).length;
    const negative = await call('POST', '/associationReport', cast.brandAdmin, {
      groupId: cast.brandId,
      month: '02/2024',
      turnover: -5,
      domesticRevenue: '-1.000',
      exportRevenue: 'nhiều',
    });
    expect(negative.status).toBe(400);
    expect(negative.body.error.fieldCodes).toMatchObject({
      turnover: { code: 'negative_number' },
      domesticRevenue: { code: 'negative_number' },
      exportRevenue: { code: 'not_a_number' },
    });
    expect(negative.body.error.fields.turnover).toBe('Giá trị phải là số không âm');
    const month = await call('POST', '/associationReport', cast.brandAdmin, {
      groupId: cast.brandId,
      month: '13/2024',
      turnover: 1,
      domesticRevenue: 1,
      exportRevenue: 0,
    });
    expect(month.body.error.fieldCodes.month?.code).toBe('invalid_month');
    expect((await db.select().from(associationReports)).length).toBe(before);
  });

  it('the agency sees every group’s reports with totals per month, and a formula-safe CSV', async () => {
    for (const [groupId, turnover] of [
      [cast.brandId, 1_500_000],
      [cast.groupId, 700_000],
    ] as const) {
      const res = await call('POST', '/associationReport', cast.brandAdmin, {
        groupId,
        month: '05/2023',
        turnover,
        domesticRevenue: turnover,
        exportRevenue: 0,
        exportMarkets: ['=HYPERLINK("x")'],
      });
      expect(res.status).toBe(201);
    }
    const answer = (
      await call('GET', `/associationReport?agencyId=${cast.agencyId}`, cast.agencyAdmin)
    ).body as unknown as AssociationReportAnswer;
    const may = answer.totals.find((t) => t.month === '2023-05-01');
    expect(may).toMatchObject({ groups: 2, turnover: 2_200_000 });
    const csv = await csvOf(
      await server.request(`/api/associationReport?agencyId=${cast.agencyId}&format=csv`, {
        token: cast.agencyAdmin,
      }),
    );
    expect(csv.text).toContain(`05/2023;Tổng (2);2.200.000`.split(';')[0]);
    expect(csv.text).toContain('2.200.000');
    expect(csv.text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.text).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});

describe('discounts', () => {
  const entry = (over: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    sellerGroupId: cast.brandId,
    buyerMemberId: cast.customerId,
    invoiceNumber: `HD-${Math.floor(Math.random() * 1e6)}`,
    invoiceValue: 150_000,
    discountGroupId: cast.offerId,
    ...over,
  });

  it('admins create and edit offers; bad input names the field', async () => {
    const id = randomUUID();
    const bad = await call('POST', '/discountGroup', cast.brandAdmin, {
      id,
      groupId: cast.brandId,
      title: '',
      percent: 120,
      validFrom: '2026-05-01',
      validTo: '2026-04-01',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['percent', 'title', 'validTo']);
    const dates = await call('POST', '/discountGroup', cast.brandAdmin, {
      id,
      groupId: cast.brandId,
      title: 'Thử',
      percent: 5,
      validFrom: '2026-05-01',
      validTo: '2026-04-01',
    });
    expect(dates.body.error.fieldCodes.validTo?.code).toBe('start_before_end');
    const made = await call('POST', '/discountGroup', cast.brandAdmin, {
      id,
      groupId: cast.brandId,
      title: 'Giảm 5% cuối tuần',
      percent: '5',
      validFrom: '2026-01-01',
      validTo: '2030-01-01',
    });
    expect(made.status).toBe(201);
    const edited = await call('PUT', `/discountGroup/${id}`, cast.brandAdmin, {
      title: 'Giảm 7% cuối tuần',
      percent: 7,
      validFrom: '2026-01-01',
      validTo: '2030-01-01',
      active: false,
    });
    expect(edited.status).toBe(200);
    const [row] = await db.select().from(discountGroups).where(eq(discountGroups.id, id));
    expect(row).toMatchObject({
      title: 'Giảm 7% cuối tuần',
      percent: 7,
      active: false,
      groupId: cast.brandId,
    });
    // Switched off: a seller's entry with it is refused with the reason.
    const refused = await call('POST', '/orderPoint', cast.seller, entry({ discountGroupId: id }));
    expect(refused.status).toBe(422);
    expect(refused.body.error.fieldCodes.discountGroupId?.code).toBe('discount_inactive');
  });

  it('a seller applies a member’s discount with the points; the server re-checks it', async () => {
    const good = entry();
    const res = await call('POST', '/orderPoint', cast.seller, good);
    expect(res.status).toBe(200);
    const [use] = await db.select().from(discounts).where(eq(discounts.id, good.id));
    expect(use).toMatchObject({ percent: 10, discountAmount: 15_000, memberId: cast.customerId });

    const expired = entry({ discountGroupId: cast.expiredOfferId });
    const late = await call('POST', '/orderPoint', cast.seller, expired);
    expect(late.status).toBe(422);
    expect(late.body.error.fieldCodes.discountGroupId?.code).toBe('discount_expired');

    // demo is not a member of the brand.
    const outsider = entry({ buyerMemberId: cast.demoId });
    const notMember = await call('POST', '/orderPoint', cast.seller, outsider);
    expect(notMember.body.error.fieldCodes.discountGroupId?.code).toBe('discount_not_member');
    const stored = await db.select().from(discounts);
    expect(stored.map((d) => d.id)).not.toContain(expired.id);
    expect(stored.map((d) => d.id)).not.toContain(outsider.id);
  });

  it('through the sync push, sent twice, it is applied once; a refusal carries the reason', async () => {
    const good = entry();
    const bad = entry({ discountGroupId: cast.expiredOfferId });
    const push = async () =>
      (
        (await (
          await server.request('/api/sync/push', {
            method: 'POST',
            token: cast.seller,
            json: {
              mutations: [
                { id: `k-${good.id}`, name: 'point.create', payload: good },
                { id: `k-${bad.id}`, name: 'point.create', payload: bad },
              ],
            },
          })
        ).json()) as { results: PushResult[] }
      ).results;
    const first = await push();
    expect(first[0]).toMatchObject({ status: 'applied' });
    expect(first[1]).toMatchObject({ status: 'rejected', code: 'discount_expired' });
    await push();
    expect(await db.select().from(discounts).where(eq(discounts.id, good.id))).toHaveLength(1);
    const list = await call('GET', `/discount?groupId=${cast.brandId}&page=1`, cast.seller);
    expect(list.body.items.map((d: { id: string }) => d.id)).toContain(good.id);
    const mine = await call('GET', '/discount', await server.tokenFor(cast.customerId));
    expect(mine.body.items.every((d: { memberId: string }) => d.memberId === cast.customerId)).toBe(
      true,
    );
  });
});

describe('explore directory', () => {
  it('the agency admin replaces the list; members read it', async () => {
    const current = await call('GET', `/exploreAgency?agencyId=${cast.agencyId}`, cast.agencyAdmin);
    expect(current.body.companies.length).toBe(12);
    const kept = current.body.companies.slice(0, 2).map((c: Record<string, unknown>) => ({ ...c }));
    kept[0]!.name = 'Cà Phê Sương Mai (Đà Lạt)';
    const bad = await call('POST', '/exploreAgency/update', cast.agencyAdmin, {
      agencyId: cast.agencyId,
      companies: [{ name: '' }],
    });
    expect(bad.status).toBe(400);
    const updated = await call('POST', '/exploreAgency/update', cast.agencyAdmin, {
      agencyId: cast.agencyId,
      companies: [...kept, { name: 'Công ty Mới', sector: 'Công nghệ', province: 'Lâm Đồng' }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.companies.map((c: { name: string }) => c.name)).toEqual([
      'Cà Phê Sương Mai (Đà Lạt)',
      current.body.companies[1]!.name,
      'Công ty Mới',
    ]);
    const live = await db
      .select()
      .from(exploreCompanies)
      .where(and(eq(exploreCompanies.agencyId, cast.agencyId), isNull(exploreCompanies.deletedAt)));
    expect(live).toHaveLength(3);
    const asMember = await call('GET', '/exploreAgency', await server.tokenFor(cast.demoId));
    expect(asMember.status).toBe(200);
    expect(asMember.body.companies).toHaveLength(3);
  });

  it('opens one company by id for any member, and 404 for a deleted or unknown one', async () => {
    const directory = await call(
      'GET',
      `/exploreAgency?agencyId=${cast.agencyId}`,
      cast.agencyAdmin,
    );
    const company = directory.body.companies[0]!;
    const one = await call('GET', `/exploreAgency/company/${company.id}`, cast.seller);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: company.id, name: company.name });
    await call('POST', '/exploreAgency/update', cast.agencyAdmin, {
      agencyId: cast.agencyId,
      companies: directory.body.companies.slice(1),
    });
    expect((await call('GET', `/exploreAgency/company/${company.id}`, cast.seller)).status).toBe(
      404,
    );
    expect((await call('GET', '/exploreAgency/company/not-a-uuid', cast.seller)).status).toBe(404);
    expect((await call('GET', `/exploreAgency/company/${company.id}`, '')).status).toBe(401);
  });
});

describe('agency groups (issue 23)', () => {
  it('counts each group’s active members', async () => {
    const list = await call(
      'GET',
      `/members/getListGroupByAgency?agencyId=${cast.agencyId}`,
      cast.agencyAdmin,
    );
    const counts = Object.fromEntries(
      list.body.items.map((g) => [g.urlMinify, (g as unknown as { members: number }).members]),
    );
    // Seed: the brand has its admin, the seller and two members (one more only asked to join);
    // the agency's group has the demo member and the brand's admin.
    expect(counts).toEqual({ 'demo-brand': 4, 'demo-group': 2 });
  });

  it('an agency admin creates a group, names its admin, renames and archives it', async () => {
    const bad = await call('POST', '/groupAndBrand/createByAdminAgency', cast.agencyAdmin, {
      name: '  ',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.name).toBe('Vui lòng nhập tên nhóm');
    const refused = await call('POST', '/groupAndBrand/createByAdminAgency', cast.seller, {
      agencyId: cast.agencyId,
      name: 'Nhóm lạ',
    });
    expect(refused.status).toBe(403);

    const created = await call('POST', '/groupAndBrand/createByAdminAgency', cast.agencyAdmin, {
      name: 'Câu lạc bộ Cà phê Cầu Đất',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const [row] = await db.select().from(groups).where(eq(groups.id, id));
    expect(row).toMatchObject({ agencyId: cast.agencyId, kind: 'group', deletedAt: null });
    expect(row!.urlMinify).toMatch(/^cau-lac-bo-ca-phe-cau-dat-/);

    const unknownCard = await call(
      'PUT',
      `/groupAndBrand/setAdminByAdminAgency/${id}`,
      cast.agencyAdmin,
      { card: 'https://cards.test/me/no-such-card' },
    );
    expect(unknownCard.status).toBe(400);
    expect(unknownCard.body.error.fields.card).toBe(
      'Không tìm thấy thành viên có danh thiếp này để làm quản trị',
    );
    const named = await call(
      'PUT',
      `/groupAndBrand/setAdminByAdminAgency/${id}`,
      cast.agencyAdmin,
      { card: 'https://cards.test/me/demo' },
    );
    expect(named.status).toBe(200);
    const list = await call(
      'GET',
      `/members/getListGroupByAgency?agencyId=${cast.agencyId}&filter=${encodeURIComponent('Cầu Đất')}`,
      cast.agencyAdmin,
    );
    expect(list.body.items).toEqual([
      expect.objectContaining({ id, name: 'Câu lạc bộ Cà phê Cầu Đất', members: 1 }),
    ]);
    const organize = await call(
      'GET',
      `/groupAndBrand/getOrganizeAdmins?agencyId=${cast.agencyId}`,
      cast.agencyAdmin,
    );
    expect(organize.body.items).toContainEqual(
      expect.objectContaining({ memberId: cast.demoId, groupId: id, role: 'admin' }),
    );

    const renamed = await call(
      'PUT',
      `/groupAndBrand/updateUByIdByAdminAgency/${id}`,
      cast.agencyAdmin,
      { name: 'CLB Cà phê Cầu Đất' },
    );
    expect(renamed.status).toBe(200);
    const archived = await call(
      'PUT',
      `/groupAndBrand/archiveByAdminAgency/${id}`,
      cast.agencyAdmin,
    );
    expect(archived.status).toBe(200);
    const [gone] = await db.select().from(groups).where(eq(groups.id, id));
    expect(gone!.name).toBe('CLB Cà phê Cầu Đất');
    expect(gone!.deletedAt).not.toBeNull();
    const after = await call(
      'GET',
      `/members/getListGroupByAgency?agencyId=${cast.agencyId}`,
      cast.agencyAdmin,
    );
    expect(after.body.items.map((g) => g.id)).not.toContain(id);
    const again = await call('PUT', `/groupAndBrand/archiveByAdminAgency/${id}`, cast.agencyAdmin);
    expect(again.status).toBe(404);
  });

  it('a report keeps the spec’s exportMarket and takes a month as MM/YYYY or M/YYYY', async () => {
    const filed = await call('POST', '/associationReport', cast.brandAdmin, {
      groupId: cast.brandId,
      month: '3/2022',
      turnover: 5_000,
      domesticRevenue: 3_000,
      exportRevenue: 2_000,
      exportMarket: 'Hàn Quốc, Đức',
    });
    expect(filed.status).toBe(201);
    const [row] = await db
      .select()
      .from(associationReports)
      .where(
        and(
          eq(associationReports.groupId, cast.brandId),
          eq(associationReports.month, '2022-03-01'),
        ),
      );
    expect(row!.exportMarkets).toEqual(['Hàn Quốc', 'Đức']);
    const same = await call('POST', '/associationReport', cast.brandAdmin, {
      groupId: cast.brandId,
      month: '03/2022',
      turnover: 1,
      domesticRevenue: 1,
      exportRevenue: 0,
    });
    expect(same.status).toBe(409);
    const bad = await call('POST', '/associationReport', cast.brandAdmin, {
      groupId: cast.brandId,
      month: '13/2022',
      turnover: 1,
      domesticRevenue: 1,
      exportRevenue: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.month).toBeTruthy();
  });
});
