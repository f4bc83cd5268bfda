// A visitor with no account opens cards someone handed them (spec §6 visitor, issue 6).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { analyzeAccessibility, expect, test } from './support/axe';
import { decodeQrCanvas } from './support/qr-decode';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a visitor sees a member card, server-rendered and themed, with public items only', async ({
  page,
  baseURL,
}) => {
  const errors = watchErrors(page);
  const response = await page.goto('/me/demo');
  expect(response?.status()).toBe(200);
  // The card is in the HTML itself, before any script.
  const html = await response!.text();
  expect(html).toContain('Nguyễn Thị Minh Anh');
  expect(html).toContain(
    '<meta property="og:title" content="Xem hồ sơ Nguyễn Thị Minh Anh - m.e Cards"',
  );

  await expect(page).toHaveTitle('Xem hồ sơ Nguyễn Thị Minh Anh - m.e Cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Nguyễn Thị Minh Anh' })).toBeVisible();
  await expect(page.getByText('Giám đốc Kinh doanh · Công ty TNHH Cà Phê Sương Mai')).toBeVisible();
  await expect(page.getByRole('link', { name: '0901234567' }).first()).toHaveAttribute(
    'href',
    'tel:0901234567',
  );
  await expect(page.getByText('Cà phê đặc sản', { exact: true })).toBeVisible();
  await expect(page.getByText('0071000123456')).toBeVisible();
  await expect(page.getByText('Chia sẻ tại hội thảo cà phê Việt')).toBeVisible();
  // A friends-only post stays hidden from visitors.
  await expect(page.getByText('Gặp gỡ bạn bè cuối tuần')).toHaveCount(0);
  // Theme lightmode: its button colour is on the card.
  const button = await page
    .locator('.card-page')
    .evaluate((el) => getComputedStyle(el).getPropertyValue('--theme-button').trim());
  expect(button).toBe('#1769aa');
  // The card's links are whole rows a thumb can hit.
  const links = page.getByRole('region', { name: 'Liên kết' }).getByRole('link');
  await expect(links).toHaveText(['Facebook', 'Cửa hàng trực tuyến']);
  for (const box of await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect())))
    expect(box.height).toBeGreaterThanOrEqual(44);

  // The video's drawn placeholder becomes a player on tap.
  await page
    .getByRole('link', { name: /Phát video/ })
    .first()
    .click();
  await expect(page.locator('iframe[src*="youtube-nocookie.com/embed/dQw4w9WgXcQ"]')).toBeVisible();

  // The island ran on the server's markup: no errors in the console.
  expect(errors.filter((e) => !/youtube|ytimg|net::ERR/i.test(e))).toEqual([]);
  expect(baseURL).toBeTruthy();
});

test('a visitor sees a brand page with its own theme, light-grey agency menu and VND prices', async ({
  page,
}) => {
  const response = await page.goto('/mbg/demo-brand');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Cà Phê Sương Mai' })).toBeVisible();
  await expect(page.getByText('280.000 ₫')).toBeVisible();
  const colors = await page.locator('.card-page').evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      button: style.getPropertyValue('--theme-button').trim(),
      menu: getComputedStyle(el.querySelector('.card-menu')!).backgroundColor,
    };
  });
  expect(colors.button).toBe('#d4af37'); // the brand's own Classic style (layout LIMIT)
  expect(colors.menu).toBe('rgb(238, 238, 238)'); // agency member: light-grey menu

  await page.getByRole('link', { name: 'Sản phẩm', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Phòng trưng bày' })).toBeVisible();
  await expect(page).toHaveTitle('Phòng trưng bày - m.e Cards');
  await page.getByRole('link', { name: /Arabica Cầu Đất rang mộc 500g/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Arabica Cầu Đất rang mộc 500g' }),
  ).toBeVisible();
  await expect(page.getByText('Cầu Đất, Lâm Đồng')).toBeVisible();
});

test('a missing card answers 404 and shows the 404 screen', async ({ page }) => {
  const response = await page.goto('/me/khong-ton-tai');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
});

test('the visitor downloads the vCard and reads the QR back to the card link', async ({
  page,
  baseURL,
}) => {
  await page.goto('/me/demo');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Lưu danh bạ' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Nguyen-Thi-Minh-Anh.vcf');
  const vcf = await readFile(await download.path(), 'utf8');
  expect(vcf).toContain('BEGIN:VCARD\r\nVERSION:3.0');
  expect(vcf).toContain('FN:Nguyễn Thị Minh Anh');
  expect(vcf).toContain('TEL;TYPE=CELL,VOICE:0901234567');

  const link = await decodeQrCanvas(page.getByRole('img', { name: /Mã QR danh thiếp/ }));
  // A member's QR carries their readable short link, and opens the same card.
  expect(link).toBe(`${baseURL}/me/demo`);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Nguyễn Thị Minh Anh' })).toBeVisible();
});

test('a card visited once opens again offline', async ({ page, context }) => {
  await page.goto('/me/demo');
  await expect(page.locator('html')).toHaveAttribute('data-service-worker', 'registered');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  // This visit goes through the worker, which keeps the page and its images.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Nguyễn Thị Minh Anh' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open('card-pages');
        return (await cache.keys()).some((r) => r.url.endsWith('/me/demo'));
      }),
    )
    .toBe(true);

  await context.setOffline(true);
  await page.goto('/me/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Nguyễn Thị Minh Anh' })).toBeVisible();
  await expect(page.getByText('0071000123456')).toBeVisible();

  // A tap made offline is kept by the worker's Background Sync queue for later.
  await page.getByRole('link', { name: 'Chia sẻ', exact: true }).click();
  // This browser has no Web Share: the visitor is told so and gets the link to copy.
  await expect(page.getByText('Không hỗ trợ chia sẻ trên thiết bị này').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sao chép đường dẫn' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('workbox-background-sync');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('requests')) return resolve(0);
              const count = db.transaction('requests').objectStore('requests').count();
              count.onsuccess = () => resolve(count.result);
            };
            open.onerror = () => resolve(0);
          }),
      ),
    )
    .toBeGreaterThan(0);
  await context.setOffline(false);
});

test('card pages pass the accessibility check', async ({ page }) => {
  for (const path of ['/me/demo', '/mbg/demo-brand', '/me/demo/products']) {
    await page.goto(path);
    await expect(page.locator('.card-page')).toBeVisible();
    const results = await analyzeAccessibility(page);
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
});

test('inside Zalo the visitor is told to open the card in another browser to save it', async ({
  browser,
}) => {
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36 Zalo android/12110',
    locale: 'vi-VN',
  });
  const page = await context.newPage();
  await page.goto('/me/demo');
  await page.getByRole('link', { name: 'Lưu danh bạ' }).click();
  await expect(page.getByText(/Hãy sao chép đường dẫn và mở bằng trình duyệt khác/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sao chép đường dẫn' })).toBeVisible();
  // Spec §1: no service worker inside Zalo.
  await expect(page.locator('html')).toHaveAttribute('data-service-worker', 'skipped');
  await context.close();
});

async function logIn(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email hoặc số điện thoại').fill(login);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page).toHaveURL(/\/action$/);
}

test('a logged-in friend sees friends-only posts and saves the card to their phonebook', async ({
  page,
}) => {
  // Trần Văn Bình is an accepted friend of the demo member.
  await logIn(page, 'staff@mecards.vn', 'staff12345');
  await page.goto('/me/demo');
  // The server renders the visitor's card; the viewer's own copy follows.
  await expect(page.getByText('Gặp gỡ bạn bè cuối tuần')).toBeVisible();
  await page.getByRole('button', { name: 'Lưu vào danh bạ' }).click();
  await expect(page.getByText('Đã lưu vào danh bạ')).toBeVisible();
});

test('the owner sees their own card without a save-to-phonebook button', async ({ page }) => {
  await logIn(page, 'demo@mecards.vn', 'demo12345');
  await page.goto('/me/demo');
  await expect(page.getByText('Gặp gỡ bạn bè cuối tuần')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lưu vào danh bạ' })).toHaveCount(0);
});
