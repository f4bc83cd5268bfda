// A first visit to /login (decision 0004): the server-drawn form works by itself with its own
// small script, and the app (React, the router) downloads only on the page the login leads to.
import type { Page } from '@playwright/test';
import { expect, test } from './support/axe';
import { demoMember } from './support/session';

/** Every script the page downloads, by address. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  return scripts;
}

const reactChunk = /\/assets\/(react|router|main)-[\w-]+\.js$/;

async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

test('a first visit to /login logs in with no React downloaded before', async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto('/login?redirect=/change-password');
  await expect(page).toHaveTitle('Đăng nhập - m.e Cards');
  await page.getByLabel('Email hoặc số điện thoại').fill(demoMember.email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(demoMember.password);
  await page.waitForLoadState('networkidle');
  const beforeLogin = [...scripts];
  expect(beforeLogin.length).toBeGreaterThan(0);
  expect(beforeLogin.filter((url) => reactChunk.test(url))).toEqual([]);

  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  // The asked page, drawn by the app with the session the form stored.
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByLabel('Mật khẩu hiện tại')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-session', 'restored');
  expect(await cookie(page, 'isLoggedIn')).toBe('true');
  expect(scripts.some((url) => reactChunk.test(url))).toBe(true);
});

/** The IndexedDB databases of the page's origin, by name. */
async function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
}

/** How many chunks a page's HTML asks the browser to fetch with it. */
async function preloadsIn(page: Page, path: string): Promise<number> {
  const html = await (await page.request.get(path)).text();
  return html.match(/rel="modulepreload"/g)?.length ?? 0;
}

test('the home after login comes with its chunks; only a member gets the device store', async ({
  page,
}) => {
  // A visitor's pages leave no device store behind.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  expect(await databaseNames(page)).not.toContain('mecards');

  // The home's route chunks are named in its HTML, beside the entry's (an unknown path has only
  // the entry's).
  expect(await preloadsIn(page, '/action')).toBeGreaterThan(
    (await preloadsIn(page, '/no-such-page')) + 10,
  );

  await page.getByLabel('Email hoặc số điện thoại').fill(demoMember.email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(demoMember.password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page).toHaveURL(/\/action$/);
  // The home's one title (its card preview names the owner one level down).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Xin chào, Nguyễn Thị Minh Anh');
  await expect.poll(() => databaseNames(page)).toContain('mecards');
});

test('the first-visit form says what is wrong and changes nothing', async ({ page, context }) => {
  const scripts = watchScripts(page);
  await page.goto('/login');
  // Empty: each field's own message, focus on the first.
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page.getByText('Bạn phải nhập địa chỉ email')).toBeVisible();
  await expect(page.getByLabel('Email hoặc số điện thoại')).toBeFocused();
  await expect(page.getByLabel('Email hoặc số điện thoại')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email hoặc số điện thoại').fill(demoMember.email);
  await expect(page.getByText('Bạn phải nhập địa chỉ email')).toBeHidden();
  await page.getByLabel('Mật khẩu', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText(
    'Email/số điện thoại hoặc mật khẩu không đúng',
  );
  await expect(page).toHaveURL(/\/login$/);
  expect(await cookie(page, 'isLoggedIn')).toBeUndefined();

  // Network off: said honestly, still on the form.
  await context.setOffline(true);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(demoMember.password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText(
    'Không có kết nối mạng. Vui lòng thử lại khi có mạng.',
  );
  await context.setOffline(false);
  expect(await cookie(page, 'isLoggedIn')).toBeUndefined();
  expect(scripts.filter((url) => reactChunk.test(url))).toEqual([]);
});

test('the first-visit form speaks English when English is chosen', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByLabel('E-mail or phone number').fill(demoMember.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Wrong e-mail/phone or password');
});

// A context of its own, not the checked `page`: the accessibility check settles on the page's
// timers, and none run with JavaScript off (the tests above check the same page).
test('with JavaScript off the form takes typing but never sends the password in an address', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'vi-VN' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email hoặc số điện thoại').fill(demoMember.email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(demoMember.password);
  await expect(page.getByRole('button', { name: 'Đăng nhập', exact: true })).toBeDisabled();
  await page.getByLabel('Mật khẩu', { exact: true }).press('Enter');
  await page.waitForLoadState('load');
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(page.url()).not.toContain('password');
  await context.close();
});
