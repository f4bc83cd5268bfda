// The public read API beyond visibility: addressing by id or short link, metadata, vCard,
// short-link checks, static lists, product search and tracking.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { CardMeta, CardView } from '../../contract/card';
import { groups, members, trackingEvents } from '../../server/db/schema';
import { startTestServer } from './test-server';
import { demoAvatarUploadId } from '../../server/seed/demo-pictures';

const server = await startTestServer({ demo: true });
const db = server.database.db;
let demoId = '';
let brandId = '';

beforeAll(async () => {
  const [demo] = await db.select().from(members).where(eq(members.urlMinify, 'demo'));
  const [brand] = await db.select().from(groups).where(eq(groups.urlMinify, 'demo-brand'));
  demoId = demo!.id;
  brandId = brand!.id;
});

describe('cards by id or short link', () => {
  it('getMemberId answers the same member by id and by short link, without login data', async () => {
    const byLink = await server.request('/api/members/getMemberId/demo');
    const byId = await server.request(`/api/members/getMemberId/${demoId}`);
    expect(byLink.status).toBe(200);
    const a = (await byLink.json()) as Record<string, unknown>;
    const b = (await byId.json()) as Record<string, unknown>;
    expect(a).toEqual(b);
    expect(a).toMatchObject({ name: 'Nguyễn Thị Minh Anh', urlMinify: 'demo', isMe: false });
    expect(a).not.toHaveProperty('passwordHash');
    expect(a).not.toHaveProperty('status');
  });

  it('isMe is true for the owner', async () => {
    const res = await server.request('/api/members/getMemberId/demo', {
      token: await server.tokenFor(demoId),
    });
    expect(await res.json()).toMatchObject({ isMe: true });
  });

  it('getInfoMemberAndGroupByLink finds a member or a brand, with the theme of §4', async () => {
    const member = (await (
      await server.request('/api/members/getInfoMemberAndGroupByLink/demo?path=/me/demo')
    ).json()) as CardView;
    expect(member.owner.kind).toBe('member');
    expect(member.theme.code).toBe('lightmode');
    const brand = (await (
      await server.request(
        '/api/members/getInfoMemberAndGroupByLink/demo-brand?path=/mbg/demo-brand',
      )
    ).json()) as CardView;
    expect(brand.owner.kind).toBe('group');
    expect(brand.theme.name).toBe('Sương Mai Classic');
    expect(brand.lightGreyMenu).toBe(true);
    expect(brand.products.map((p) => p.title)).toContain('Arabica Cầu Đất rang mộc 500g');
  });

  it('getGDByById and getGDUById answer a brand by id or short link', async () => {
    expect((await server.request(`/api/groupAndBrand/getGDByById/${brandId}`)).status).toBe(200);
    expect((await server.request('/api/groupAndBrand/getGDUById/demo-brand')).status).toBe(200);
  });

  it.each([
    '/api/members/getMemberId/khong-co',
    '/api/members/getMemberIdView/00000000-0000-4000-8000-000000000000',
    '/api/groupAndBrand/getGDUById/khong-co',
    '/api/members/getMetaMemberByUrlMinify/khong-co',
    '/api/members/getVfcMemberId/khong-co',
    '/api/members/blog/not-a-uuid',
    '/api/productMember/getProductById/00000000-0000-4000-8000-000000000000',
  ])('%s → 404', async (path) => {
    const res = await server.request(path);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('a soft-deleted member and a soft-deleted brand are 404', async () => {
    await db
      .insert(members)
      .values({ name: 'Đã xoá', urlMinify: 'da-xoa', deletedAt: new Date().toISOString() });
    await db
      .insert(groups)
      .values({ name: 'Đã xoá', urlMinify: 'brand-da-xoa', deletedAt: new Date().toISOString() });
    expect((await server.request('/api/members/getMemberIdView/da-xoa')).status).toBe(404);
    expect((await server.request('/api/groupAndBrand/getGDUById/brand-da-xoa')).status).toBe(404);
  });
});

describe('metadata and vCard', () => {
  it('getMetaMemberId / ByUrlMinify / getMetaGDById give title, description, image', async () => {
    const meta = (await (
      await server.request(`/api/members/getMetaMemberId/${demoId}`)
    ).json()) as CardMeta;
    expect(meta.title).toBe('Xem hồ sơ Nguyễn Thị Minh Anh - m.e Cards');
    expect(meta.image).toBe(`http://cards.test/img/${demoAvatarUploadId}/240.jpg`);
    const same = (await (
      await server.request('/api/members/getMetaMemberByUrlMinify/demo')
    ).json()) as CardMeta;
    expect(same).toEqual(meta);
    const brand = (await (
      await server.request(`/api/groupAndBrand/getMetaGDById/${brandId}`)
    ).json()) as CardMeta;
    expect(brand.title).toBe('Xem hồ sơ Cà Phê Sương Mai - m.e Cards');
  });

  it('getVfcMemberId is a vCard 3.0 file a parser reads back', async () => {
    const res = await server.request(`/api/members/getVfcMemberId/${demoId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/vcard');
    expect(res.headers.get('content-disposition')).toContain('Nguyen-Thi-Minh-Anh.vcf');
    const card = new ICAL.Component(ICAL.parse(await res.text()) as unknown[]);
    expect(card.getFirstPropertyValue('fn')).toBe('Nguyễn Thị Minh Anh');
    expect(card.getFirstPropertyValue('org')).toBe('Công ty TNHH Cà Phê Sương Mai');
    // The uploaded avatar, inline as a small JPEG (decision 0620).
    expect(card.getFirstProperty('photo')?.getParameter('type')).toBe('JPEG');
    expect(String(card.getFirstPropertyValue('photo'))).toMatch(/^\/9j\//);
    const brand = await server.request(`/api/groupAndBrand/getVfcGroupId/${brandId}`);
    expect(await brand.text()).toContain('FN:Cà Phê Sương Mai');
  });
});

describe('short links and lists', () => {
  it('checkUrlMinify says whether a member or a brand holds a short link', async () => {
    expect(await (await server.request('/api/members/checkUrlMinify/demo')).json()).toMatchObject({
      exists: true,
      available: false,
    });
    expect(
      await (await server.request('/api/members/checkUrlMinify/demo-brand')).json(),
    ).toMatchObject({ exists: true });
    expect(
      await (await server.request('/api/members/checkUrlMinify/con-trong-123')).json(),
    ).toMatchObject({ exists: false, available: true });
    expect((await server.request('/api/members/checkUrlMinify/c%C3%B3%20d%E1%BA%A5u')).status).toBe(
      400,
    );
  });

  it('careers, childCareers and interest are small lists', async () => {
    const careers = (await (await server.request('/api/members/careers')).json()) as string[];
    expect(careers.length).toBeGreaterThan(3);
    const child = (await (
      await server.request(`/api/members/childCareers?name=${encodeURIComponent(careers[0]!)}`)
    ).json()) as string[];
    expect(child.length).toBeGreaterThan(0);
    expect(await (await server.request('/api/members/childCareers?name=khong-co')).json()).toEqual(
      [],
    );
    expect(
      ((await (await server.request('/api/members/interest')).json()) as string[]).length,
    ).toBeGreaterThan(3);
  });

  it('posts by type and limit; outstanding products of a brand', async () => {
    const news = (await (
      await server.request(`/api/brandBlog/getByBrandId/${brandId}?postType=news&limit=1`)
    ).json()) as { type: string }[];
    expect(news).toHaveLength(1);
    expect(news[0]!.type).toBe('news');
    const outstanding = (await (
      await server.request(`/api/productMember/getProductByBranch/${brandId}?outstanding=true`)
    ).json()) as { title: string }[];
    expect(outstanding.map((p) => p.title)).toEqual(['Arabica Cầu Đất rang mộc 500g']);
    const bad = await server.request(`/api/brandBlog/getByBrandId/${brandId}?postType=khac`);
    expect(bad.status).toBe(400);
  });

  it('product lists across brands: by agency, search, recommended, paged', async () => {
    const [brand] = await db.select().from(groups).where(eq(groups.id, brandId));
    const byAgency = (await (
      await server.request(`/api/productMember/loadProductByAgency?agencyId=${brand!.agencyId}`)
    ).json()) as { total: number; items: { title: string }[]; page: number };
    expect(byAgency.total).toBe(4);
    const search = (await (
      await server.request(
        `/api/productMember/searchProductByBrands?filter=${encodeURIComponent('phin')}`,
      )
    ).json()) as { items: { title: string }[] };
    expect(search.items.map((p) => p.title)).toEqual(['Bộ phin nhôm và cà phê xay 250g']);
    const recommended = (await (
      await server.request(`/api/productMember/loadRecommendProducts?agencyId=${brand!.agencyId}`)
    ).json()) as { items: { title: string }[] };
    expect(recommended.items.map((p) => p.title)).toEqual(['Arabica Cầu Đất rang mộc 500g']);
    const page2 = (await (
      await server.request(`/api/productMember/loadProductByBrands?groupId=${brandId}&page=2`)
    ).json()) as { items: unknown[]; page: number };
    expect(page2).toMatchObject({ page: 2, items: [] });
    const typed = (await (
      await server.request(`/api/productMember/loadProductByBrands?type=service`)
    ).json()) as { items: { title: string }[] };
    expect(typed.items.map((p) => p.title)).toEqual(['Tư vấn mở quán cà phê']);
  });
});

describe('tracking', () => {
  const count = async () =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(trackingEvents)
        .where(and(eq(trackingEvents.memberId, demoId)))
    )[0]!.n;

  it('stores an action with a value, from a visitor', async () => {
    const before = await count();
    const res = await server.request('/api/tracking/action', {
      method: 'POST',
      json: {
        action: 'view',
        value: 'http://cards.test/me/demo',
        memberId: demoId,
        visitorId: 'v-1',
      },
    });
    expect(res.status).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('accepts a form post too', async () => {
    const res = await server.request('/api/tracking/action', {
      method: 'POST',
      form: { action: 'share', value: 'zalo', memberId: demoId },
    });
    expect(res.status).toBe(201);
  });

  it.each([{ value: '' }, { value: '   ' }, {}])(
    'refuses an action without a value (%o) and stores nothing',
    async (extra) => {
      const before = await count();
      const res = await server.request('/api/tracking/action', {
        method: 'POST',
        json: { action: 'view', memberId: demoId, ...extra },
      });
      expect(res.status).toBe(400);
      expect(await count()).toBe(before);
    },
  );

  it('refuses an unknown card', async () => {
    const res = await server.request('/api/tracking/action', {
      method: 'POST',
      json: { action: 'view', value: 'x', memberId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.status).toBe(404);
  });
});
