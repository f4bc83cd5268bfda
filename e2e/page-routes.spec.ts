// The one table of pages (decision 1060), in a real browser with the worker installed: every
// page the server renders answers from the server (never the app shell's 404), a page opened
// once opens again with the network really off, the owner's card opens from the device, and a
// page never opened says it opens when the connection is back.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/axe';
import {
  apiLogin,
  logInThroughForm,
  waitForServiceWorker,
  registerMemberByApi,
} from './support/session';
import { pageRoutes } from '../contract/page-routes';

/** A wedding invitation and a bio page with one link, of a new member. */
async function ownPages(request: APIRequestContext, baseURL: string) {
  const member = await apiLogin(
    request,
    await registerMemberByApi(request, { name: 'Lê Văn Trang' }),
  );
  const auth = { authorization: `Bearer ${member.token}` };
  const weddingId = crypto.randomUUID();
  const wedding = await request.put(`/api/wedding/${weddingId}`, {
    headers: auth,
    data: {
      id: weddingId,
      groomsFamily: { name: 'Nguyễn Văn An' },
      bridesFamily: { name: 'Trần Thị Hoa' },
      weddingDay: { h: '11H00', d: 7, m: 3, y: 2027 },
      weddingPartyDay: { h: '11H30', d: 7, m: 3, y: 2027 },
      venue: 'Nhà hàng Hoa Sen',
    },
  });
  expect(wedding.status()).toBe(200);
  const linkId = crypto.randomUUID();
  const link = await request.put(`/api/bioLink/${linkId}`, {
    headers: auth,
    data: { id: linkId, title: 'Danh thiếp của Minh Anh', url: `${baseURL}/me/demo` },
  });
  expect(link.ok()).toBe(true);
  const key = (await (await request.get(`/api/members/getMemberId/${member.memberId}`)).json()) as {
    urlMinify?: string;
  };
  return { weddingId, bioKey: key.urlMinify ?? member.memberId, linkId };
}

async function demoPostId(request: APIRequestContext): Promise<string> {
  const demo = await apiLogin(request);
  const res = await request.get(`/api/members/getBlogByMemberId/${demo.memberId}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { id: string }[] | { data?: { id: string }[] };
  const posts = Array.isArray(body) ? body : (body.data ?? []);
  expect(posts.length).toBeGreaterThan(0);
  return posts[0]!.id;
}

/** Waits until the worker has kept a copy of `path` (the page visited before it took over). */
async function waitForKeptCopy(page: Page, path: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        async (p) => Boolean(await caches.match(p, { ignoreVary: true })),
        new URL(path, page.url()).href,
      ),
    )
    .toBe(true);
}

async function workerContext(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/500');
  await waitForServiceWorker(page);
  return page;
}

test('every server page of the table answers from the server with the worker installed', async ({
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const page = await workerContext(context);
  const own = await ownPages(request, baseURL ?? '');
  const postId = await demoPostId(request);
  const minhAnh = { level: 1, name: 'Nguyễn Thị Minh Anh' } as const;
  const brand = { level: 1, name: 'Cà Phê Sương Mai' } as const;
  // One sample per server page of the table: a page added there without one fails below.
  const samples: Record<string, { path: string; heading: { level: 1; name: string | RegExp } }> = {
    '/me/$': { path: '/me/demo', heading: minhAnh },
    '/mbg/$': { path: '/mbg/demo-brand', heading: brand },
    '/new-me/$': { path: '/new-me/demo', heading: minhAnh },
    '/new-mbg/$': { path: '/new-mbg/demo-brand', heading: brand },
    '/blog/$': { path: `/blog/${postId}`, heading: { level: 1, name: /./ } },
    '/mrd/$': { path: `/mrd/${postId}`, heading: { level: 1, name: /./ } },
    '/fme/$': { path: '/fme/demo', heading: minhAnh },
    '/smc/$': { path: '/smc/demo', heading: minhAnh },
    '/wedding/$id': {
      path: `/wedding/${own.weddingId}`,
      heading: { level: 1, name: /Nguyễn Văn An/ },
    },
    '/bio/$key': { path: `/bio/${own.bioKey}`, heading: { level: 1, name: 'Lê Văn Trang' } },
    // The counting redirect leads to the link's address (here a card of this site).
    '/bio/$key/go/$id': { path: `/bio/${own.bioKey}/go/${own.linkId}`, heading: minhAnh },
  };
  const serverPages = pageRoutes.filter((route) => route.servedBy === 'server');
  expect(Object.keys(samples).sort()).toEqual(serverPages.map((route) => route.path).sort());

  for (const route of serverPages) {
    const sample = samples[route.path]!;
    const response = await page.goto(sample.path);
    expect(response?.status(), sample.path).toBe(200);
    expect(response?.fromServiceWorker(), sample.path).toBe(true);
    await expect(page.getByRole('heading', sample.heading).first(), sample.path).toBeVisible();
    await expect(page.getByRole('heading', { name: '404' })).toHaveCount(0);
  }

  // A link inside the app to a page the router has no screen for loads it from the server.
  await page.goto('/500');
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, samples['/wedding/$id']!.path);
  await expect(page.getByRole('heading', samples['/wedding/$id']!.heading)).toBeVisible();

  // An unknown invitation is still a 404 screen, not "offline".
  const missing = await page.goto(`/wedding/${crypto.randomUUID()}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
});

test('pages opened once open offline; a page never opened says it opens when back online', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const own = await ownPages(request, baseURL ?? '');
  const context = await browser.newContext({ locale: 'vi-VN' });
  try {
    // The very first visit of this browser: the worker installs during it.
    const page = await context.newPage();
    await page.goto('/me/demo');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Nguyễn Thị Minh Anh' }),
    ).toBeVisible();
    await waitForServiceWorker(page);
    await waitForKeptCopy(page, '/me/demo');
    const opened = [
      { path: `/wedding/${own.weddingId}`, heading: /Nguyễn Văn An/ },
      { path: `/bio/${own.bioKey}`, heading: 'Lê Văn Trang' },
      { path: '/mbg/demo-brand/products', heading: 'Phòng trưng bày' },
      { path: '/rg/demo-brand', heading: 'Đăng ký thành viên' },
    ];
    for (const { path, heading } of opened) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await waitForKeptCopy(page, `/wedding/${own.weddingId}`);

    await context.setOffline(true);
    for (const { path, heading } of [
      { path: '/me/demo', heading: 'Nguyễn Thị Minh Anh' },
      ...opened,
    ]) {
      const offlinePage = await context.newPage();
      await offlinePage.goto(path);
      await expect(
        offlinePage.getByRole('heading', { level: 1, name: heading }),
        path,
      ).toBeVisible();
      await offlinePage.close();
    }

    // Never opened here: "offline, opens when back online" with a retry — never a 404.
    for (const path of ['/me/binh-tran', `/wedding/${crypto.randomUUID()}`, '/rg/demo-group']) {
      const offlinePage = await context.newPage();
      await offlinePage.goto(path);
      await expect(
        offlinePage.getByRole('heading', { name: 'Bạn đang ngoại tuyến' }),
      ).toBeVisible();
      await expect(offlinePage.getByText('Trang này sẽ mở khi có mạng trở lại.')).toBeVisible();
      await expect(offlinePage.getByRole('button', { name: 'Thử lại' })).toBeVisible();
      await expect(offlinePage.getByRole('heading', { name: '404' })).toHaveCount(0);
      await expect(offlinePage.getByText('network error')).toHaveCount(0);
      await offlinePage.close();
    }

    // Back online, the retry opens it.
    const retried = await context.newPage();
    await retried.goto('/me/binh-tran');
    await expect(retried.getByRole('heading', { name: 'Bạn đang ngoại tuyến' })).toBeVisible();
    await context.setOffline(false);
    await retried.getByRole('button', { name: 'Thử lại' }).click();
    await expect(retried.getByRole('heading', { level: 1, name: /Bình/ })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("the owner's own card opens offline from the device", async ({ page, context }) => {
  await logInThroughForm(page);
  await page.goto('/action');
  await waitForServiceWorker(page);
  // Home greets from the mirrored profile: it is on the device.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Xin chào, Nguyễn Thị Minh Anh' }),
  ).toBeVisible();
  await context.setOffline(true);
  try {
    // Never opened as a page on this device: drawn from the mirrored profile.
    await page.goto('/me/demo');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Nguyễn Thị Minh Anh' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: '404' })).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});
