// What several journeys do the same way: log in, wait for the offline shell, come back online.
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type CDPSession,
  type Page,
} from '@playwright/test';

export interface ApiSession {
  token: string;
  memberId: string;
}

export const demoMember = { email: 'demo@mecards.vn', password: 'demo12345' } as const;
export const demoStaff = { email: 'staff@mecards.vn', password: 'staff12345' } as const;

interface OutboxMessage {
  kind: string;
  payload: { code?: string };
}

/**
 * A member of the test's own, registered through the API with the code the outbox holds, so
 * the demo data stays as it is.
 */
export async function registerMemberByApi(
  request: APIRequestContext,
  {
    name,
    email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.vn`,
    password = 'hoa-sen-tim-2026',
  }: { name: string; email?: string; password?: string },
): Promise<{ email: string; password: string }> {
  expect((await request.post('/api/auth/registerOTPEmail', { data: { email } })).ok()).toBe(true);
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/test/outbox?recipient=${encodeURIComponent(email)}`);
      const { messages } = (await res.json()) as { messages: OutboxMessage[] };
      code = messages.find((m) => m.kind === 'register_otp')?.payload.code;
      return Boolean(code);
    })
    .toBe(true);
  const res = await request.post('/api/auth/register', {
    data: { type: 'tbMail', email, name, password, confirmPassword: password, otp: code },
  });
  expect(res.status()).toBe(201);
  return { email, password };
}

/** Logs in through the API (for checking the server's state from the test). */
export async function apiLogin(
  request: APIRequestContext,
  { email, password }: { email: string; password: string } = demoMember,
): Promise<ApiSession> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { accessToken: string; memberId: string };
  return { token: body.accessToken, memberId: body.memberId };
}

/** GET with the session's token; fails the test on any non-2xx answer. */
export async function apiGet<T>(
  request: APIRequestContext,
  session: ApiSession,
  url: string,
): Promise<T> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${session.token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

/** Logs in through the login screen, as a member would; returns the member id. */
export async function logInThroughForm(
  page: Page,
  { email, password }: { email: string; password: string } = demoMember,
): Promise<string> {
  await page.goto('/login');
  await page.getByLabel('Email hoặc số điện thoại').fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const cookies = await page.context().cookies();
  const memberId = cookies.find((c) => c.name === 'memberId')?.value;
  expect(memberId).toBeTruthy();
  return memberId ?? '';
}

/**
 * The DevTools protocol's id of the origin's service worker registration (to deliver push or
 * sync events to it), and the session it was read through, which the caller detaches.
 */
export async function serviceWorkerRegistration(
  context: BrowserContext,
  page: Page,
  origin: string,
): Promise<{ cdp: CDPSession; registrationId: string }> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      const found = event.registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await registrationId };
}

/** Waits until the worker is installed (app precached) and controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  // `ready` resolves once a worker is active, i.e. its install (the precache) has finished.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Asked from the test's side (as the layout sweep does): a waitForFunction polls inside the
  // page on animation frames, and the sweep saw one give up on a page that stood ready.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      intervals: [100],
      timeout: 30_000,
    })
    .toBe(true);
}

/** Waits until navigations to `url` are answered by the service worker (the app opens offline). */
export async function waitForOfflineShell(page: Page, url: string): Promise<void> {
  await waitForServiceWorker(page);
  await expect
    .poll(async () => (await page.goto(url))?.fromServiceWorker() ?? false, { timeout: 30_000 })
    .toBe(true);
}

/** Back online: the `online` event starts a flush, as on a phone leaving airplane mode. */
export async function goOnline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

/**
 * Entries still waiting in the page's outbox (IndexedDB, read directly). Zero means every write
 * the page queued was acknowledged by the server: nothing is left that could arrive twice.
 */
/** Whether the device store keeps a value under this key of syncState (a list kept for offline). */
export async function deviceKeeps(page: Page, key: string): Promise<boolean> {
  return page.evaluate(
    ({ name, key }) =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('syncState').objectStore('syncState').get(key);
          read.onsuccess = () => {
            db.close();
            resolve(read.result !== undefined);
          };
          read.onerror = () => reject(read.error ?? new Error('get failed'));
        };
      }),
    { name: 'mecards', key },
  );
}

export async function pendingOutboxEntries(page: Page): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const count = db
            .transaction('outbox')
            .objectStore('outbox')
            .index('state')
            .count('pending');
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error ?? new Error('count failed'));
        };
      }),
    // appDbName of src/db/app-db.ts (not imported: that module is for the app's bundle).
    'mecards',
  );
}

/** Waits until this device's outbox has sent everything (nothing pending). */
export async function waitForOutboxEmpty(page: Page): Promise<void> {
  await expect.poll(() => pendingOutboxEntries(page), { timeout: 15_000 }).toBe(0);
}
