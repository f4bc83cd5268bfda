import { expect, test } from './support/axe';
import { logInThroughForm } from './support/session';

test('a member reaches every area from the menu and the card', async ({ page }) => {
  await logInThroughForm(page);
  // Login lands on the member's home.
  await expect(page).toHaveURL(/\/action$/);
  await expect(page.getByRole('heading', { name: /^Xin chào, / })).toBeVisible();
  // The demo card is taller than the home's preview: its cut foot fades out.
  const preview = page.locator('.member-home__preview');
  await expect(preview).toHaveAttribute('data-clipped', 'true');
  expect(await preview.evaluate((el) => getComputedStyle(el).maskImage)).toContain('gradient');
  // The public card leads back into the app.
  await page.goto('/me/demo');
  await page.getByRole('link', { name: 'Mở ứng dụng' }).click();
  await expect(page).toHaveURL(/\/action$/);
  const hub = page.getByRole('navigation', { name: 'Các chức năng' });
  await expect(hub.getByRole('link', { name: 'Danh bạ' })).toBeVisible();
  // The demo member staffs no group: no point-logging links.
  await expect(hub.getByRole('link', { name: 'Tích điểm cho khách' })).toHaveCount(0);

  await page.getByText('Menu', { exact: true }).click();
  const menu = page.getByRole('navigation', { name: 'Menu thành viên' });
  await menu.getByRole('link', { name: 'Danh bạ' }).click();
  await expect(page).toHaveURL(/\/action\/phonebook$/);

  await page.getByText('Menu', { exact: true }).click();
  await menu.getByRole('link', { name: 'Đổi mật khẩu' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
});

test('a visitor sees a login link instead of the menu', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByRole('link', { name: 'Đăng nhập' })).toBeVisible();
  await expect(page.getByText('Menu', { exact: true })).toHaveCount(0);
});
