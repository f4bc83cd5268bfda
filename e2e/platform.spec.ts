import { expect, test } from '@playwright/test';

test('the app opens in Vietnamese and switches to English', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.getByText('Danh thiếp thông minh')).toBeVisible();
});

test('an unknown route shows the 404 screen with status 404', async ({ page }) => {
  const response = await page.goto('/khong-co-trang-nay');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page).toHaveTitle('Không tìm thấy trang - m.e Cards');
});

test('the manifest is served', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as { lang: string; display: string; icons: unknown[] };
  expect(manifest).toMatchObject({ lang: 'vi', display: 'standalone' });
  expect(manifest.icons.length).toBeGreaterThanOrEqual(3);
});
