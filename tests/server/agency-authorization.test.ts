// Decision 0810's table, enforced: every call of agencies, discounts, association reports and
// the explore directory, asked by a visitor (401) and by a member, a seller, a group admin and an
// agency admin who have nothing to do with the target agency and its groups (403): no answer
// carries the target's data and no row changes. Then the roles inside the agency: a group's
// member and seller cannot manage it, a group admin cannot act as the agency.
import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { agencies, groups, members, products } from '../../server/db/schema';
import { discountGroups } from '../../server/db/schema-agency';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });
const db = server.database.db;

const memberId = async (email: string) => {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.email, email));
  return row!.id;
};
const groupId = async (url: string) => {
  const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.urlMinify, url));
  return row!.id;
};

const target = { agencyId: '', brandId: '', offerId: '', useId: '', productId: '' };
const tokens = {
  member: '',
  seller: '',
  groupAdmin: '',
  otherAgencyAdmin: '',
  brandMember: '',
  brandSeller: '',
  sameAgencyGroupAdmin: '',
  agencyAdmin: '',
};

async function person(name: string): Promise<string> {
  const id = randomUUID();
  await queryRows(
    db,
    sql`INSERT INTO members (id, name, url_minify) VALUES (${id}, ${name}, ${`p-${id.slice(0, 8)}`})`,
  );
  return id;
}

beforeAll(async () => {
  const [agency] = await db.select().from(agencies).where(eq(agencies.urlMinify, 'demo-agency'));
  target.agencyId = agency!.id;
  target.brandId = await groupId('demo-brand');
  const [offer] = await db
    .select()
    .from(discountGroups)
    .where(eq(discountGroups.title, 'Ưu đãi hội viên 10%'));
  target.offerId = offer!.id;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.groupId, target.brandId));
  target.productId = product!.id;

  // Another agency with one group, its admin, a group admin, a seller and a member.
  const otherAgency = randomUUID();
  const otherGroup = randomUUID();
  await queryRows(
    db,
    sql`INSERT INTO agencies (id, name, url_minify) VALUES (${otherAgency}, 'Hiệp hội Khác', 'hh-khac')`,
  );
  await queryRows(
    db,
    sql`INSERT INTO groups (id, name, url_minify, agency_id) VALUES (${otherGroup}, 'Nhóm Khác', 'nhom-khac', ${otherAgency})`,
  );
  const ids = {
    member: await person('Thành viên khác'),
    seller: await person('Người bán khác'),
    groupAdmin: await person('Quản trị nhóm khác'),
    otherAgencyAdmin: await person('Quản trị hiệp hội khác'),
    sameAgencyGroupAdmin: await person('Quản trị nhóm cùng hiệp hội'),
  };
  for (const [who, role] of [
    ['member', 'member'],
    ['seller', 'seller'],
    ['groupAdmin', 'admin'],
  ] as const) {
    await queryRows(
      db,
      sql`INSERT INTO group_members (group_id, member_id, role) VALUES (${otherGroup}, ${ids[who]}, ${role})`,
    );
  }
  await queryRows(
    db,
    sql`INSERT INTO agency_admins (agency_id, member_id) VALUES (${otherAgency}, ${ids.otherAgencyAdmin})`,
  );
  // A group of the demo agency run by someone who is not the agency's admin.
  const sameAgencyGroup = randomUUID();
  await queryRows(
    db,
    sql`INSERT INTO groups (id, name, url_minify, agency_id) VALUES (${sameAgencyGroup}, 'Nhóm Cùng Hiệp Hội', 'nhom-cung', ${target.agencyId})`,
  );
  await queryRows(
    db,
    sql`INSERT INTO group_members (group_id, member_id, role) VALUES (${sameAgencyGroup}, ${ids.sameAgencyGroupAdmin}, 'admin')`,
  );
  for (const who of Object.keys(ids) as (keyof typeof ids)[]) {
    tokens[who] = await server.tokenFor(ids[who]);
  }
  const [customer] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.urlMinify, 'pham-thu-ha'));
  tokens.brandMember = await server.tokenFor(customer!.id);
  tokens.brandSeller = await server.tokenFor(await memberId('staff@mecards.vn'));
  tokens.agencyAdmin = await server.tokenFor(await memberId('agency@mecards.vn'));

  // One discount applied at the brand, so that /discount/{id} has something to hide.
  target.useId = randomUUID();
  const res = await server.request('/api/orderPoint', {
    method: 'POST',
    token: tokens.brandSeller,
    json: {
      id: target.useId,
      sellerGroupId: target.brandId,
      buyerMemberId: customer!.id,
      invoiceNumber: 'HD-GIAM-1',
      invoiceValue: 200_000,
      discountGroupId: target.offerId,
    },
  });
  expect(res.status).toBe(200);
});

/** A fingerprint of every row the calls could change. */
async function snapshot(): Promise<string> {
  const tables = [
    'groups',
    'group_members',
    'agency_admins',
    'discount_groups',
    'discounts',
    'association_reports',
    'explore_companies',
    'agency_recommended_products',
    'point_entries',
  ];
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await queryRows<{ j: unknown }>(
      db,
      sql`SELECT to_jsonb(t) AS j FROM ${sql.raw(table)} t ORDER BY to_jsonb(t)::text`,
    );
    parts.push(`${table}:${JSON.stringify(rows)}`);
  }
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: () => string;
  body?: () => unknown;
  /** Roles that may read it although they have nothing to do with the target (none by default). */
  openTo?: readonly Role[];
}

const month = () => ({
  month: '03/2021',
  turnover: '1.000',
  domesticRevenue: 1000,
  exportRevenue: 0,
});

const calls: Call[] = [
  {
    name: 'getListAdminByAgency',
    method: 'GET',
    path: () => `/api/members/getListAdminByAgency/${target.agencyId}`,
  },
  {
    name: 'getListGroupByAgency',
    method: 'GET',
    path: () => `/api/members/getListGroupByAgency?agencyId=${target.agencyId}`,
  },
  {
    name: 'getOrganizeAdmins',
    method: 'GET',
    path: () => `/api/groupAndBrand/getOrganizeAdmins?agencyId=${target.agencyId}`,
  },
  {
    name: 'updateUByIdByAdminAgency',
    method: 'PUT',
    path: () => `/api/groupAndBrand/updateUByIdByAdminAgency/${target.brandId}`,
    body: () => ({ name: 'Đổi tên trái phép' }),
  },
  {
    name: 'recommendProducts (read)',
    method: 'GET',
    path: () => `/api/productMember/recommendProducts?agencyId=${target.agencyId}`,
  },
  {
    name: 'recommendProducts (write)',
    method: 'PUT',
    path: () => '/api/productMember/recommendProducts',
    body: () => ({ agencyId: target.agencyId, productIds: [target.productId] }),
  },
  {
    name: 'discount?groupId',
    method: 'GET',
    path: () => `/api/discount?groupId=${target.brandId}`,
  },
  {
    name: 'discount/all',
    method: 'GET',
    path: () => `/api/discount/all?groupId=${target.brandId}`,
  },
  { name: 'discount/{id}', method: 'GET', path: () => `/api/discount/${target.useId}` },
  {
    name: 'discountGroup?groupId',
    method: 'GET',
    path: () => `/api/discountGroup?groupId=${target.brandId}`,
  },
  {
    name: 'discountGroup/all',
    method: 'GET',
    path: () => `/api/discountGroup/all?groupId=${target.brandId}`,
  },
  { name: 'discountGroup/{id}', method: 'GET', path: () => `/api/discountGroup/${target.offerId}` },
  {
    name: 'discountGroup create',
    method: 'POST',
    path: () => '/api/discountGroup',
    body: () => ({
      id: randomUUID(),
      groupId: target.brandId,
      title: 'Giảm giá trái phép',
      percent: 50,
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
    }),
  },
  {
    name: 'discountGroup update',
    method: 'PUT',
    path: () => `/api/discountGroup/${target.offerId}`,
    body: () => ({
      title: 'Sửa trái phép',
      percent: 90,
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
    }),
  },
  {
    name: 'associationReport?groupId',
    method: 'GET',
    path: () => `/api/associationReport?groupId=${target.brandId}`,
  },
  {
    name: 'associationReport?agencyId',
    method: 'GET',
    path: () => `/api/associationReport?agencyId=${target.agencyId}`,
  },
  {
    name: 'associationReport CSV',
    method: 'GET',
    path: () => `/api/associationReport?agencyId=${target.agencyId}&format=csv`,
  },
  {
    name: 'associationReport file',
    method: 'POST',
    path: () => '/api/associationReport',
    body: () => ({ groupId: target.brandId, ...month() }),
  },
  {
    name: 'exploreAgency/update',
    method: 'POST',
    path: () => '/api/exploreAgency/update',
    body: () => ({ agencyId: target.agencyId, companies: [{ name: 'Công ty trái phép' }] }),
  },
  {
    name: 'exploreAgency (read)',
    method: 'GET',
    path: () => `/api/exploreAgency?agencyId=${target.agencyId}`,
    // The directory is for every logged-in member (decision 0810); visitors are refused.
    openTo: ['member', 'seller', 'groupAdmin', 'otherAgencyAdmin'],
  },
];

const roles = ['member', 'seller', 'groupAdmin', 'otherAgencyAdmin'] as const;
type Role = (typeof roles)[number];

/** Texts of the target that no refused answer may carry. */
const secrets = [
  'Cà Phê Sương Mai',
  'Hiệp hội Doanh nghiệp Trẻ Đà Lạt',
  'Ưu đãi hội viên',
  'HD-GIAM-1',
  'Nhật Bản',
];

async function ask(call: Call, token?: string): Promise<{ status: number; text: string }> {
  const res = await server.request(call.path(), {
    method: call.method,
    ...(token ? { token } : {}),
    ...(call.body ? { json: call.body() } : {}),
  });
  return { status: res.status, text: await res.text() };
}

describe('agency calls refuse whoever has nothing to do with the target', () => {
  for (const call of calls) {
    it(`${call.name}: visitor 401, outsiders 403, no leak, no change`, async () => {
      const before = await snapshot();
      const visitor = await ask(call);
      expect(visitor.status).toBe(401);
      for (const role of roles) {
        const answer = await ask(call, tokens[role]);
        if (call.openTo?.includes(role)) {
          expect(answer.status, role).toBe(200);
          continue;
        }
        expect(answer.status, `${call.name} as ${role}`).toBe(403);
        for (const secret of secrets)
          expect(answer.text, `${call.name} as ${role}`).not.toContain(secret);
      }
      expect(await snapshot()).toBe(before);
    });
  }

  it('a seller of another group cannot log points with the brand discount', async () => {
    const before = await snapshot();
    const res = await server.request('/api/orderPoint', {
      method: 'POST',
      token: tokens.seller,
      json: {
        id: randomUUID(),
        sellerGroupId: target.brandId,
        buyerMemberId: await memberId('demo@mecards.vn'),
        invoiceNumber: 'HD-X',
        invoiceValue: 100_000,
        discountGroupId: target.offerId,
      },
    });
    expect(res.status).toBe(403);
    expect(await snapshot()).toBe(before);
  });
});

describe('roles inside the agency', () => {
  const managerCalls = calls.filter((c) =>
    [
      'discountGroup create',
      'discountGroup update',
      'associationReport file',
      'associationReport?groupId',
      'discount/all',
    ].includes(c.name),
  );
  const agencyCalls = calls.filter((c) =>
    [
      'getListAdminByAgency',
      'getListGroupByAgency',
      'getOrganizeAdmins',
      'updateUByIdByAdminAgency',
      'recommendProducts (write)',
      'exploreAgency/update',
      'associationReport?agencyId',
    ].includes(c.name),
  );

  it("the brand's member cannot manage its discounts or reports, but sees its offers", async () => {
    const before = await snapshot();
    for (const call of managerCalls) {
      expect((await ask(call, tokens.brandMember)).status, call.name).toBe(403);
    }
    const offers = await ask(
      calls.find((c) => c.name === 'discountGroup/all')!,
      tokens.brandMember,
    );
    expect(offers.status).toBe(200);
    expect(offers.text).toContain('Ưu đãi hội viên 10%');
    expect(await snapshot()).toBe(before);
  });

  it("the brand's seller sees the discounts applied but cannot change offers or file reports", async () => {
    const before = await snapshot();
    for (const call of managerCalls.filter((c) => c.name !== 'discount/all')) {
      expect((await ask(call, tokens.brandSeller)).status, call.name).toBe(403);
    }
    const uses = await ask(
      calls.find((c) => c.name === 'discount/all')!,
      tokens.brandSeller,
    );
    expect(uses.status).toBe(200);
    expect(uses.text).toContain(target.useId);
    expect(await snapshot()).toBe(before);
  });

  it('a group admin of the agency cannot act as the agency', async () => {
    const before = await snapshot();
    for (const call of agencyCalls) {
      expect((await ask(call, tokens.sameAgencyGroupAdmin)).status, call.name).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it('the agency admin may do all of it', async () => {
    for (const call of [...agencyCalls, ...managerCalls]) {
      const answer = await ask(call, tokens.agencyAdmin);
      expect([200, 201], `${call.name}: ${answer.text}`).toContain(answer.status);
    }
  });
});
