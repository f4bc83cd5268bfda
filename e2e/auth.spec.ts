// Accounts end to end: register → automatic login → logout → login → change password (two
// error cases) → forgot → reset from the outbox link → login; silent refresh of an expired
// access token; two tabs refreshing at once. Codes and links come from /api/test/outbox,
// which exists only with MAIL_TRANSPORT=outbox (decision 0102; set in playwright.config.ts).
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { analyzeAccessibility, expect, test } from './support/axe';
import { sign } from 'hono/jwt';
import { registerMemberByApi } from './support/session';

const port = Number(process.env.E2E_PORT ?? 8091);
/** The server of this run keeps its signing secret in its data folder. */
const authSecret = () => readFileSync(`.tmp/e2e-data-${port}/auth-secret`, 'utf8').trim();

interface OutboxMessage {
  kind: string;
  payload: { code?: string; link?: string };
}

async function latestMessage(request: APIRequestContext, recipient: string, kind: string) {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/test/outbox?recipient=${encodeURIComponent(recipient)}`);
      const { messages } = (await res.json()) as { messages: OutboxMessage[] };
      found = messages.find((m) => m.kind === kind);
      return Boolean(found);
    })
    .toBe(true);
  return found as OutboxMessage;
}

function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.vn`;
}

async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

/** Spec §4 app start (profile, session, language) has finished in this page. */
async function sessionRestored(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-session', 'restored');
}

async function logInThroughForm(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email hoặc số điện thoại').fill(login);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page).toHaveURL(/\/action$/);
  await expect.poll(() => cookie(page, 'isLoggedIn')).toBe('true');
}

/** The access token the app stored (IndexedDB, shared by tabs and the service worker). */
function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('mecards-session');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB failed'));
        open.onsuccess = () => {
          const read = open.result.transaction('session').objectStore('session').get('current');
          read.onsuccess = () =>
            resolve((read.result as { accessToken?: string } | undefined)?.accessToken ?? null);
          read.onerror = () => reject(read.error ?? new Error('IndexedDB failed'));
        };
      }),
  );
}

/** Replaces the stored access token with one that expired a minute ago (same member, same session). */
async function expireStoredToken(page: Page): Promise<string> {
  const token = await storedToken(page);
  if (!token) throw new Error('no stored token');
  const claims = JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
  ) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const expired = await sign({ ...claims, iat: now - 3600, exp: now - 60 }, authSecret(), 'HS256');
  await page.evaluate(
    (next) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('mecards-session');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB failed'));
        open.onsuccess = () => {
          const tx = open.result.transaction('session', 'readwrite');
          const store = tx.objectStore('session');
          const read = store.get('current');
          read.onsuccess = () => {
            const session = { ...(read.result as object), accessToken: next };
            store.put(session, 'current');
            tx.oncomplete = () => {
              // Running pages keep a copy; the session channel tells them, as another tab would.
              new BroadcastChannel('mecards-session').postMessage({ session });
              resolve();
            };
          };
          tx.onerror = () => reject(tx.error ?? new Error('IndexedDB failed'));
        };
      }),
    expired,
  );
  return expired;
}

test('register, log out, log in, change password, forget it and reset it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('journey');
  const first = 'hoa-sen-tim-2026';
  const second = 'la-sen-xanh-2027';
  const third = 'banh-mi-hoi-an-7';

  // Register with the OTP step; login follows by itself (spec §5).
  await page.goto('/register');
  await page.getByLabel('Họ và tên').fill('Nguyễn Văn Thử');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(first);
  await page.getByLabel('Xác nhận mật khẩu').fill(first);
  await page.getByRole('button', { name: 'Nhận mã xác thực' }).click();
  await expect(page.getByText('Mã xác thực gồm 6 chữ số đã được gửi tới')).toBeVisible();
  const { payload } = await latestMessage(request, email, 'register_otp');
  await page.getByLabel('Mã OTP').fill(payload.code ?? '');
  await page.getByRole('button', { name: 'Xác nhận và đăng ký' }).click();
  // Registering hashes the password (scrypt, slow on purpose).
  await expect(page).toHaveURL(/\/action$/, { timeout: 20_000 });
  await expect.poll(() => cookie(page, 'isLoggedIn')).toBe('true');
  expect(await cookie(page, 'urlMinify')).toMatch(/^nguyen-van-thu-/);
  expect(await cookie(page, 'userName')).toBe(encodeURIComponent('Nguyễn Văn Thử'));
  expect(await storedToken(page)).toMatch(/^ey/);

  // Logout clears cookies and the stored session.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => cookie(page, 'isLoggedIn')).toBeUndefined();
  expect(await cookie(page, 'memberId')).toBeUndefined();
  expect(await storedToken(page)).toBeNull();

  // A wrong password keeps the error on screen; then the right one logs in.
  await page.getByLabel('Email hoặc số điện thoại').fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page.getByTestId('login-error')).toHaveText(
    'Email/số điện thoại hoặc mật khẩu không đúng',
  );
  expect(await cookie(page, 'isLoggedIn')).toBeUndefined();
  await logInThroughForm(page, email, first);

  // Change password: the spec's two refusals, then success.
  await page.goto('/change-password');
  await page.getByLabel('Mật khẩu hiện tại').fill(first);
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill(second);
  await page.getByLabel('Xác nhận mật khẩu mới').fill('something-else-9');
  await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(page.getByText('Mật khẩu không khớp')).toBeVisible();
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill(first);
  await page.getByLabel('Xác nhận mật khẩu mới').fill(first);
  await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(page.getByText('Mật khẩu mới không được giống với mật khẩu hiện tại')).toBeVisible();
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill(second);
  await page.getByLabel('Xác nhận mật khẩu mới').fill(second);
  await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(page.getByText('Đổi mật khẩu thành công')).toBeVisible();

  // Forgot: the toast, then the link from the outbox.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
  // Exact: the login form's "Email hoặc số điện thoại" matches "Email" too while the
  // forgot-password screen is still on its way.
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Gửi liên kết' }).click();
  await expect(page.getByText('Chúng tôi đã gửi email khôi phục mật khẩu cho bạn')).toBeVisible();
  const reset = await latestMessage(request, email, 'password_reset');
  await page.goto(new URL(reset.payload.link ?? '').pathname);
  await page.getByLabel('Mật khẩu mới').fill(third);
  await page.getByLabel('Xác nhận mật khẩu').fill(third);
  await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email hoặc số điện thoại').fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(second);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await logInThroughForm(page, email, third);

  // The used link is refused with its own message.
  await page.goto(new URL(reset.payload.link ?? '').pathname);
  await page.getByLabel('Mật khẩu mới').fill('pho-bo-ha-noi-8');
  await page.getByLabel('Xác nhận mật khẩu').fill('pho-bo-ha-noi-8');
  await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
  await expect(page.getByText('Liên kết đặt lại mật khẩu đã được sử dụng')).toBeVisible();
});

test('the forgot-password toast speaks English too', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('english'));
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('We have sent you a password recovery email')).toBeVisible();
});

test('an expired access token is refreshed silently while the member works', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('expired');
  await registerMemberByApi(request, { name: 'Người Thử', email });
  await logInThroughForm(page, email, 'hoa-sen-tim-2026');
  await page.goto('/change-password');
  await sessionRestored(page);
  // Whichever request meets the expired token first (the form or a background sync) gets the
  // 401; the client refreshes once and carries on without the member noticing.
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
  const rejected = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 401);
  const expired = await expireStoredToken(page);
  await page.getByLabel('Mật khẩu hiện tại').fill('hoa-sen-tim-2026');
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill('la-sen-xanh-2027');
  await page.getByLabel('Xác nhận mật khẩu mới').fill('la-sen-xanh-2027');
  await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  expect((await rejected).status()).toBe(401);
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByText('Đổi mật khẩu thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/change-password$/);
  expect(await cookie(page, 'isLoggedIn')).toBe('true');
  const renewed = await storedToken(page);
  expect(renewed).not.toBe(expired);
  expect(renewed).toMatch(/^ey/);
});

test('two tabs refreshing at once both stay logged in', async ({ page, request }) => {
  const email = uniqueEmail('tabs');
  await registerMemberByApi(request, { name: 'Người Thử', email });
  await logInThroughForm(page, email, 'hoa-sen-tim-2026');
  const second = await page.context().newPage();
  await second.goto('/change-password');
  await page.goto('/change-password');
  await sessionRestored(second);
  await sessionRestored(page);
  await expireStoredToken(page);

  const refreshes: number[] = [];
  page.context().on('response', (r) => {
    if (r.url().endsWith('/api/auth/refresh')) refreshes.push(r.status());
  });
  // Both tabs start again with the expired token: each loads the profile (spec §4 app start).
  const profileOk = (p: Page) =>
    p.waitForResponse((r) => r.url().endsWith('/api/auth/profile') && r.status() === 200);
  const [okA, okB] = [profileOk(page), profileOk(second)];
  await Promise.all([page.reload(), second.reload()]);
  await Promise.all([okA, okB]);
  await sessionRestored(page);
  await sessionRestored(second);

  expect(refreshes.length).toBeGreaterThanOrEqual(1);
  expect(refreshes.every((status) => status === 200)).toBe(true);
  for (const tab of [page, second]) {
    await expect(tab).toHaveURL(/\/change-password$/);
    await expect(tab.getByRole('heading', { name: 'Đổi mật khẩu' })).toBeVisible();
  }
  expect(await cookie(page, 'isLoggedIn')).toBe('true');
  const token = await storedToken(second);
  const check = await request.get('/api/auth/authenticating', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(check.status()).toBe(200);
});

test('the account screens have no accessibility violations, errors shown included', async ({
  page,
}) => {
  for (const path of ['/login', '/register', '/forgot-password', '/password-reset/abc']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Submitting empty shows every field's message.
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('.field__error').first()).toBeVisible();
    const results = await analyzeAccessibility(page);
    expect(results.violations.map((v) => `${path}: ${v.id}`)).toEqual([]);
  }
  await page.goto('/login');
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByText('Bạn phải nhập địa chỉ email')).toBeVisible();
});

test('logout asks first while changes wait to be sent', async ({ page, request }) => {
  const email = uniqueEmail('outbox');
  await registerMemberByApi(request, { name: 'Người Thử', email });
  await logInThroughForm(page, email, 'hoa-sen-tim-2026');
  await page.goto('/change-password');
  await sessionRestored(page);
  // A change queued on this device by another member: never sent by this session, but waiting.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('mecards');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('outbox')) {
                db.close();
                resolve(false);
                return;
              }
              const tx = db.transaction('outbox', 'readwrite');
              tx.objectStore('outbox').put({
                id: crypto.randomUUID(),
                seq: 1_000_000,
                name: 'contact.upsert',
                payload: {},
                table: 'contacts',
                rowKey: 'waiting-row',
                snapshot: null,
                after: null,
                memberId: 'another-member',
                state: 'pending',
                createdAt: new Date().toISOString(),
                attempts: 0,
                lastAttemptAt: null,
                error: null,
                durability: 'default',
                payloadVersion: db.version,
              });
              tx.oncomplete = () => {
                db.close();
                resolve(true);
              };
              tx.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
      ),
    )
    .toBe(true);

  await page.goto('/logout');
  const dialog = page.getByRole('dialog', { name: 'Đăng xuất?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Còn 1 thay đổi chưa được gửi lên máy chủ');
  await dialog.getByRole('button', { name: 'Huỷ' }).click();
  await expect.poll(() => cookie(page, 'isLoggedIn')).toBe('true');

  await page.goto('/logout');
  await page
    .getByRole('dialog', { name: 'Đăng xuất?' })
    .getByRole('button', { name: 'Vẫn đăng xuất' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => cookie(page, 'isLoggedIn')).toBeUndefined();
});

test('a phone account registers with an SMS code and resets its password by SMS', async ({
  page,
  request,
}) => {
  const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await page.goto('/register');
  await page.getByRole('radio', { name: 'Số điện thoại' }).check();
  await page.getByLabel('Họ và tên').fill('Lê Văn Điện');
  await page.getByRole('textbox', { name: 'Số điện thoại' }).fill(phone);
  await page.getByLabel('Mật khẩu', { exact: true }).fill('ca-phe-sua-da-99');
  await page.getByLabel('Xác nhận mật khẩu').fill('ca-phe-sua-da-99');
  await page.getByRole('button', { name: 'Nhận mã xác thực' }).click();
  const sms = await latestMessage(request, phone, 'register_otp');
  await page.getByLabel('Mã OTP').fill(sms.payload.code ?? '');
  await page.getByRole('button', { name: 'Xác nhận và đăng ký' }).click();
  // Registering hashes the password (scrypt, slow on purpose).
  await expect(page).toHaveURL(/\/action$/, { timeout: 20_000 });
  expect(await cookie(page, 'userName')).toBe(encodeURIComponent('Lê Văn Điện'));
  const link = decodeURIComponent((await cookie(page, 'urlMinify')) ?? '');
  expect(link).toMatch(/^le-van-dien-/);
  await page.goto(`/me/${link}`);

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Dùng số điện thoại' }).click();
  await page.getByLabel('Số điện thoại').fill(phone);
  await page.getByRole('button', { name: 'Gửi mã qua SMS' }).click();
  const reset = await latestMessage(request, phone, 'reset_otp');
  await page.getByLabel('Mã OTP').fill(reset.payload.code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await expect(page.getByText('Mã OTP không đúng')).toBeVisible();
  await page.getByLabel('Mã OTP').fill(reset.payload.code ?? '');
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await expect(page).toHaveURL(/\/password-reset\//);
  await page.getByLabel('Mật khẩu mới').fill('tra-da-via-he-5');
  await page.getByLabel('Xác nhận mật khẩu').fill('tra-da-via-he-5');
  await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logInThroughForm(page, phone, 'tra-da-via-he-5');
});

test('/authenticating without a session ends on the login screen and says why', async ({
  page,
}) => {
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  await page.goto('/authenticating');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-error')).toHaveText(
    'Chưa đăng nhập hoặc phiên đăng nhập đã hết. Vui lòng đăng nhập lại.',
  );
  await page.waitForTimeout(1_500);
  expect(navigations).toBeLessThanOrEqual(3);
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('a phone in English with no language chosen', () => {
  test.use({ locale: 'en-US' });

  test('sees one language per screen, and signing up keeps the account Vietnamese', async ({
    page,
    request,
  }) => {
    // The server's message speaks the page's language, not the browser's.
    await page.goto('/login');
    await page.getByLabel('Email hoặc số điện thoại').fill(uniqueEmail('no-such'));
    await page.getByLabel('Mật khẩu', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page.getByTestId('login-error')).toHaveText(
      'Email/số điện thoại hoặc mật khẩu không đúng',
    );

    const phone = `09${String(Date.now()).slice(-8)}`;
    const password = 'hoa-sen-tim-2026';
    await page.goto('/register');
    await page.getByRole('radio', { name: 'Số điện thoại' }).check();
    await page.getByLabel('Họ và tên').fill('Phạm Điện Thoại');
    await page.getByRole('textbox', { name: 'Số điện thoại' }).fill(phone);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
    await page.getByLabel('Xác nhận mật khẩu').fill(password);
    await page.getByRole('button', { name: 'Nhận mã xác thực' }).click();
    const { payload } = await latestMessage(request, phone, 'register_otp');
    await page.getByLabel('Mã OTP').fill(payload.code ?? '');
    await page.getByRole('button', { name: 'Xác nhận và đăng ký' }).click();
    await expect(page).toHaveURL(/\/action$/, { timeout: 20_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    const login = await request.post('/api/auth/login', { data: { email: phone, password } });
    expect(((await login.json()) as { language: string }).language).toBe('VN');
  });
});
