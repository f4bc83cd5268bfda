// Share metadata in the HTML of public pages (spec §2 behaviours, §8), for each route kind.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities, groups, members, posts, products, relics } from '../../server/db/schema';
import { createTestServer, startTestServer } from './test-server';
import { demoAvatarUploadId } from '../../server/seed/demo-pictures';

const server = await startTestServer({ demo: true });
const db = server.database.db;
const origin = server.config.publicOrigin;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const [demo] = await db.select().from(members).where(eq(members.urlMinify, 'demo'));
  const [brand] = await db.select().from(groups).where(eq(groups.urlMinify, 'demo-brand'));
  ids.demo = demo!.id;
  ids.brand = brand!.id;
  const [post] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.groupId, brand!.id), eq(posts.type, 'news')));
  ids.post = post!.id;
  const [friendPost] = await db.select().from(posts).where(eq(posts.policy, 'friend'));
  ids.friendPost = friendPost!.id;
  const [product] = await db.select().from(products).where(eq(products.groupId, brand!.id));
  ids.product = product!.id;
  const [activity] = await db.select().from(activities).where(eq(activities.groupId, brand!.id));
  ids.activity = activity!.id;
  const [relic] = await db.select().from(relics).where(eq(relics.memberId, demo!.id));
  ids.relic = relic!.id;
  await db.insert(members).values([
    {
      name: 'Ann "<b>Lee</b>" & Co',
      urlMinify: 'ann-lee',
      language: 'EN',
      intro: `${'Một câu giới thiệu rất dài về công việc và niềm đam mê cà phê. '.repeat(4)}`,
      avatarUrl: 'https://cdn.example/a.png?x=1&y="2"',
    },
  ]);
});

async function page(path: string) {
  const res = await server.request(path);
  const html = await res.text();
  const meta = (attr: string, name: string) => {
    const re = new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`);
    return re.exec(html)?.[1];
  };
  return {
    status: res.status,
    html,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: meta('name', 'description'),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    ogImage: meta('property', 'og:image'),
    ogUrl: meta('property', 'og:url'),
    twitterTitle: meta('name', 'twitter:title'),
    twitterCard: meta('name', 'twitter:card'),
    twitterImage: meta('name', 'twitter:image'),
  };
}

describe('profile pages', () => {
  it.each(['/me/demo', '/new-me/demo', `/me/${'demo'}/posts`, '/fme/demo'])(
    '%s: Vietnamese profile title, intro, avatar, Open Graph and Twitter',
    async (path) => {
      const p = await page(path);
      expect(p.status).toBe(200);
      expect(p.title).toBe('Xem hồ sơ Nguyễn Thị Minh Anh - m.e Cards');
      expect(p.ogTitle).toBe(p.title);
      expect(p.twitterTitle).toBe(p.title);
      expect(p.description).toBe('Kết nối để cùng phát triển — cà phê, du lịch và công nghệ.');
      expect(p.ogDescription).toBe(p.description);
      // The uploaded avatar's JPEG (decision 0620).
      expect(p.ogImage).toBe(`${origin}/img/${demoAvatarUploadId}/240.jpg`);
      expect(p.twitterImage).toBe(p.ogImage);
      expect(p.twitterCard).toBe('summary_large_image');
      expect(p.ogUrl).toBe(`${origin}${path}`);
    },
  );

  it.each(['/mbg/demo-brand', '/new-mbg/demo-brand', `/mbg/${'demo-brand'}/relics`])(
    '%s: the brand’s title and image',
    async (path) => {
      const p = await page(path);
      expect(p.status).toBe(200);
      expect(p.title).toBe('Xem hồ sơ Cà Phê Sương Mai - m.e Cards');
      expect(p.ogImage).toBe(`${origin}/demo/logo-suong-mai.svg`);
    },
  );

  it('an English card gets “View profile”, a 120-character description and escaped values', async () => {
    const p = await page('/me/ann-lee');
    expect(p.status).toBe(200);
    expect(p.title).toBe(
      'View profile Ann &quot;&lt;b&gt;Lee&lt;/b&gt;&quot; &amp; Co - m.e Cards',
    );
    expect(p.html).not.toContain('<b>Lee</b>');
    expect(p.ogImage).toBe('https://cdn.example/a.png?x=1&amp;y=&quot;2&quot;');
    const description = p.description!;
    expect(description.endsWith('…')).toBe(true);
    expect(Array.from(description)).toHaveLength(121);
  });
});

describe('item pages', () => {
  it('showroom: “Phòng trưng bày”', async () => {
    const p = await page('/mbg/demo-brand/products');
    expect(p.status).toBe(200);
    expect(p.title).toBe('Phòng trưng bày - m.e Cards');
  });

  it('blog and post detail: the post title and content', async () => {
    for (const path of [`/blog/${ids.post}`, `/mrd/${ids.post}`, `/mbg/news/${ids.post}`]) {
      const p = await page(path);
      expect(p.status, path).toBe(200);
      expect(p.title).toBe('Khai trương cửa hàng thứ ba tại Đà Lạt - m.e Cards');
      expect(p.description).toContain('Sương Mai chính thức mở cửa hàng mới');
    }
  });

  it('product, activity and relic detail', async () => {
    expect((await page(`/mbg/products/${ids.product}`)).title).toBe(
      'Arabica Cầu Đất rang mộc 500g - m.e Cards',
    );
    expect((await page(`/mbg/detail-activity/${ids.activity}`)).title).toMatch(/ - m\.e Cards$/);
    expect((await page(`/me/relics/${ids.relic}`)).title).toBe(
      'Giấy chứng nhận Q-Grader - m.e Cards',
    );
  });
});

describe('missing pages and errors', () => {
  it.each([
    '/me/khong-co',
    '/mbg/khong-co',
    '/new-me/khong-co',
    '/blog/00000000-0000-4000-8000-000000000000',
    '/me/products/not-a-uuid',
  ])('%s: status 404 with the default metadata', async (path) => {
    const p = await page(path);
    expect(p.status).toBe(404);
    expect(p.title).toBe('m.e cards - m.e Cards');
    expect(p.description).toBe('Smart name card');
    expect(p.html).not.toContain('card-data');
  });

  it('a friends-only post is not found for an anonymous page view', async () => {
    expect((await page(`/blog/${ids.friendPost}`)).status).toBe(404);
  });

  it('a soft-deleted member is not found', async () => {
    await db
      .insert(members)
      .values({ name: 'Gone', urlMinify: 'gone', deletedAt: new Date().toISOString() });
    expect((await page('/me/gone')).status).toBe(404);
  });

  it('a server error gives status 500 and the title “m.e Cards 500”', async () => {
    const broken = await createTestServer({ demo: false });
    await broken.database.close();
    const res = await broken.request('/me/demo');
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('<title>m.e Cards 500</title>');
  });
});

describe('page template', () => {
  it('embeds card data so that no text can end the script element', async () => {
    const { fillTemplate, loadCardPage } = await import('../../server/ssr/card-pages');
    await db.insert(members).values({
      name: '</script><script>alert(1)</script>\u2028',
      urlMinify: 'xss-name',
    });
    const data = await loadCardPage(
      db,
      { kind: 'profile', base: 'me', key: 'xss-name', layout: 'classic' },
      origin,
      '/me/xss-name',
    );
    const html = fillTemplate(
      '<html lang="vi"><head><title>x</title><!--app-head--></head><body><div id="app"><!--app-html--></div><!--app-data--></body></html>',
      { meta: { title: 't', description: 'd', image: null, url: 'u' }, data, locale: 'en' },
    );
    expect(html).not.toContain('</script><script>alert');
    expect(html).toContain('\\u003c/script>');
    expect(html).toContain('<html lang="en"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    const json = /<script id="card-data" type="application\/json">(.*)<\/script>/.exec(html)?.[1];
    expect((JSON.parse(json!) as { view: { owner: { name: string } } }).view.owner.name).toBe(
      '</script><script>alert(1)</script>\u2028',
    );
  });
});
