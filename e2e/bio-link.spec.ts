// Bio link page (issue 17 item 2; decision 0940): a member adds links at /action/bio-link, a
// visitor (no login) sees them on /bio/{key}; a link turned off disappears for visitors; a
// visitor's click goes through the counting redirect and its count shows in the editor; an
// edit made with the network off reaches the server once.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/axe';
import {
  apiLogin,
  goOnline,
  logInThroughForm,
  waitForOfflineShell,
  type ApiSession,
  registerMemberByApi,
} from './support/session';
import type { BioLink } from '../contract/bio-link';

async function serverItems(request: APIRequestContext, session: ApiSession): Promise<BioLink[]> {
  const res = await request.get('/api/bioLink', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as BioLink[];
}

async function addItem(page: Page, title: string, url: string) {
  await page.getByRole('button', { name: 'Thêm liên kết' }).click();
  const form = page.getByRole('form', { name: 'Thêm liên kết' });
  await form.getByLabel('Tên hiển thị').fill(title);
  await form.getByLabel('Địa chỉ', { exact: true }).fill(url);
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText(/^Đã lưu trên máy này/).last()).toBeVisible();
}

/** The public page as a visitor (no cookies, no service worker) sees it. */
async function visitorPage(browser: Browser, path: string) {
  const context = await browser.newContext({ locale: 'vi-VN', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Lê Văn Bio' })).toBeVisible();
  return { context, page };
}

test('owner adds two links, a visitor sees both; one turned off disappears; a click is counted', async ({
  page,
  request,
  browser,
}) => {
  const account = await registerMemberByApi(request, { name: 'Lê Văn Bio' });
  const session = await apiLogin(request, account);
  await logInThroughForm(page, account);
  await page.goto('/action');
  await page.getByRole('link', { name: 'Trang liên kết (bio link)' }).click();
  await expect(page).toHaveURL(/\/action\/bio-link$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Trang liên kết (bio link)' }),
  ).toBeVisible();

  // A script address is refused with a message; nothing is saved.
  await page.getByRole('button', { name: 'Thêm liên kết' }).click();
  const form = page.getByRole('form', { name: 'Thêm liên kết' });
  await form.getByLabel('Tên hiển thị').fill('Xấu');
  await form.getByLabel('Địa chỉ', { exact: true }).fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form.getByText(/Chỉ chấp nhận địa chỉ http:\/\/ hoặc https:\/\//)).toBeVisible();
  await form.getByRole('button', { name: 'Huỷ' }).click();

  await addItem(page, 'Cửa hàng online', 'https://shop.example.vn/');
  await addItem(page, 'Đặt lịch hẹn', 'https://hen.example.vn/');
  await expect.poll(async () => (await serverItems(request, session)).length).toBe(2);

  const path = new URL((await page.getByTestId('bio-link-public').getAttribute('href')) ?? '')
    .pathname;
  expect(path).toMatch(/^\/bio\//);

  const visitor = await visitorPage(browser, path);
  await expect(visitor.page.getByRole('link', { name: 'Cửa hàng online' })).toBeVisible();
  await expect(visitor.page.getByRole('link', { name: 'Đặt lịch hẹn' })).toBeVisible();

  // A click goes through the counting redirect to the address.
  const href = await visitor.page
    .getByRole('link', { name: 'Cửa hàng online' })
    .getAttribute('href');
  expect(href).toMatch(/^\/bio\/.+\/go\//);
  const click = await visitor.page.request.get(href ?? '', { maxRedirects: 0 });
  expect(click.status()).toBe(302);
  expect(click.headers()['location']).toBe('https://shop.example.vn/');

  // Turned off: visitors no longer see it.
  await page.getByRole('button', { name: 'Tắt Đặt lịch hẹn' }).click();
  await expect(page.getByText(/^Đã lưu trên máy này/).last()).toBeVisible();
  await expect
    .poll(async () => (await serverItems(request, session)).find((i) => !i.enabled)?.title)
    .toBe('Đặt lịch hẹn');
  await visitor.page.goto(path);
  await expect(visitor.page.getByRole('link', { name: 'Cửa hàng online' })).toBeVisible();
  await expect(visitor.page.getByRole('link', { name: 'Đặt lịch hẹn' })).toHaveCount(0);
  await visitor.context.close();

  // The click shows in the editor.
  await page.reload();
  const shop = page.getByTestId('bio-link-item').filter({ hasText: 'Cửa hàng online' });
  await expect(shop.getByTestId('bio-link-clicks')).toHaveText('1 lượt bấm');
});

test('an edit made with the network off arrives once', async ({ page, context, request }) => {
  const account = await registerMemberByApi(request, { name: 'Lê Văn Bio' });
  const session = await apiLogin(request, account);
  await logInThroughForm(page, account);
  await waitForOfflineShell(page, '/action/bio-link');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Trang liên kết (bio link)' }),
  ).toBeVisible();

  await context.setOffline(true);
  await addItem(page, 'Zalo OA', 'https://zalo.example.vn/oa');
  await page.reload();
  await expect(page.getByTestId('bio-link-item').filter({ hasText: 'Zalo OA' })).toBeVisible();
  expect(await serverItems(request, session)).toHaveLength(0);

  await goOnline(context, page);
  await expect
    .poll(async () => (await serverItems(request, session)).map((i) => i.title), {
      timeout: 30_000,
    })
    .toEqual(['Zalo OA']);
});
