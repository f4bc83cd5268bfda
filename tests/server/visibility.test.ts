// The visibility matrix: visitor, friend, owner × public, friend, private, for every item
// kind, on member cards and brand pages, through list and single-item calls.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activities, groups, members, posts, products, relics } from '../../server/db/schema';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });
const db = server.database.db;

type Viewer = 'visitor' | 'stranger' | 'friend' | 'owner';
type Policy = 'public' | 'friend' | 'private';
const policies: Policy[] = ['public', 'friend', 'private'];
const expected: Record<Viewer, Policy[]> = {
  visitor: ['public'],
  stranger: ['public'],
  friend: ['public', 'friend'],
  owner: ['public', 'friend', 'private'],
};

const ids = {} as Record<string, string>;
const tokens = {} as Record<string, Record<Viewer, string | undefined>>;

async function memberId(url: string) {
  const [row] = await db.select().from(members).where(eq(members.urlMinify, url));
  return row!.id;
}

beforeAll(async () => {
  const demo = await memberId('demo');
  const [brand] = await db.select().from(groups).where(eq(groups.urlMinify, 'demo-brand'));
  ids.demo = demo;
  ids.brand = brand!.id;
  // Lê Hoàng Nam is demo's accepted friend; Đặng Ngọc Lan only has a pending request.
  tokens.member = {
    visitor: undefined,
    stranger: await server.tokenFor(await memberId('dang-ngoc-lan')),
    friend: await server.tokenFor(await memberId('le-hoang-nam')),
    owner: await server.tokenFor(demo),
  };
  // The brand's seller is a member of it; its admin owns it.
  tokens.group = {
    visitor: undefined,
    stranger: await server.tokenFor(demo),
    friend: await server.tokenFor(await memberId('binh-tran')),
    owner: await server.tokenFor(await memberId('suong-mai')),
  };
  for (const owner of ['member', 'group'] as const) {
    const who = owner === 'member' ? { memberId: demo } : { groupId: brand!.id };
    for (const policy of policies) {
      const tag = `${owner}-${policy}`;
      const [p] = await db
        .insert(posts)
        .values({ ...who, type: 'news', title: `post-${tag}`, content: 'x', policy })
        .returning();
      const [pr] = await db
        .insert(products)
        .values({ ...who, type: 'sell', childType: 'x', title: `product-${tag}`, policy })
        .returning();
      const [a] = await db
        .insert(activities)
        .values({ ...who, type: 'awards', displayName: `activity-${tag}`, policy })
        .returning();
      const [r] = await db
        .insert(relics)
        .values({ ...who, title: `relic-${tag}`, policy })
        .returning();
      ids[`post-${tag}`] = p!.id;
      ids[`product-${tag}`] = pr!.id;
      ids[`activity-${tag}`] = a!.id;
      ids[`relic-${tag}`] = r!.id;
    }
  }
});

async function titles(path: string, token: string | undefined): Promise<string[]> {
  const res = await server.request(path, { token });
  expect(res.status, path).toBe(200);
  const body = (await res.json()) as
    { title?: string; displayName?: string }[] | { items: { title: string }[] };
  const rows = Array.isArray(body) ? body : body.items;
  return rows.map((r) =>
    'title' in r && r.title ? r.title : ((r as { displayName?: string }).displayName ?? ''),
  );
}

const kinds = ['post', 'product', 'activity', 'relic'] as const;
const listPath = {
  member: {
    post: () => `/api/members/getBlogByMemberId/${ids.demo}`,
    product: () => `/api/productMember/getProductList/${ids.demo}`,
    activity: () => `/api/brandActivity/getBrandActivityByBrandId/${ids.demo}`,
    relic: () => `/api/relics/getRelicsByMemberId/${ids.demo}`,
  },
  group: {
    post: () => `/api/brandBlog/getByBrandId/${ids.brand}`,
    product: () => `/api/productMember/getProductByBranch/${ids.brand}`,
    activity: () => `/api/brandActivity/getBrandActivityByBrandId/${ids.brand}`,
    relic: () => `/api/brandRelics/getRelicsByGroupId/${ids.brand}`,
  },
};
const onePath = {
  post: (id: string) => `/api/members/blog/${id}`,
  product: (id: string) => `/api/productMember/getProductById/${id}`,
  activity: (id: string) => `/api/brandActivity/getBrandActivityById/${id}`,
  relic: (id: string) => `/api/relics/${id}`,
};

describe.each(['member', 'group'] as const)('items of a %s', (owner) => {
  describe.each(['visitor', 'stranger', 'friend', 'owner'] as const)('seen by a %s', (viewer) => {
    it.each(kinds)('%s lists hold exactly the allowed policies', async (kind) => {
      const got = await titles(listPath[owner][kind](), tokens[owner]![viewer]);
      for (const policy of policies) {
        const name = `${kind}-${owner}-${policy}`;
        expect(got.includes(name), `${name} for ${viewer}`).toBe(expected[viewer].includes(policy));
      }
    });

    it.each(kinds)('single %s answers 200 or 404 by policy', async (kind) => {
      for (const policy of policies) {
        const res = await server.request(onePath[kind](ids[`${kind}-${owner}-${policy}`]!), {
          token: tokens[owner]![viewer],
        });
        expect(res.status, `${kind} ${policy} for ${viewer}`).toBe(
          expected[viewer].includes(policy) ? 200 : 404,
        );
      }
    });

    it('the whole card view holds exactly the allowed items', async () => {
      const path =
        owner === 'member'
          ? `/api/members/getMemberIdView/demo`
          : `/api/groupAndBrand/getGDUById/demo-brand`;
      const res = await server.request(path, { token: tokens[owner]![viewer] });
      expect(res.status).toBe(200);
      const view = (await res.json()) as Record<string, { title?: string; displayName?: string }[]>;
      const all = [...view.posts!, ...view.products!, ...view.activities!, ...view.relics!].map(
        (r) => r.title ?? r.displayName,
      );
      for (const kind of kinds)
        for (const policy of policies)
          expect(all.includes(`${kind}-${owner}-${policy}`)).toBe(
            expected[viewer].includes(policy),
          );
    });
  });
});

describe('cross-brand product lists', () => {
  it.each(['visitor', 'stranger', 'friend', 'owner'] as const)(
    'searchProductByBrands shows a %s only what they may see',
    async (viewer) => {
      const got = await titles(
        `/api/productMember/searchProductByBrands?filter=product-group`,
        tokens.group![viewer],
      );
      for (const policy of policies)
        expect(got.includes(`product-group-${policy}`)).toBe(expected[viewer].includes(policy));
    },
  );
});

describe('deleted items', () => {
  it('a soft-deleted item is 404 even for its owner, and leaves the lists', async () => {
    await db
      .update(posts)
      .set({ deletedAt: new Date().toISOString() })
      .where(eq(posts.id, ids['post-member-public']!));
    const res = await server.request(`/api/members/blog/${ids['post-member-public']}`, {
      token: tokens.member!.owner,
    });
    expect(res.status).toBe(404);
    const got = await titles(listPath.member.post(), tokens.member!.owner);
    expect(got).not.toContain('post-member-public');
  });
});
