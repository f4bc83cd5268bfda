// The sync core in a real browser: the service worker alone (no page of the app open) flushes
// the outbox on a Background Sync `sync` event delivered through CDP; the status badge shows
// waiting and refused changes, and a refused change can be discarded.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/axe';
import type { Contact, ContactPage } from '../contract/contact';
import { baseURL } from '../playwright.config';
import {
  apiLogin,
  logInThroughForm as logIn,
  waitForServiceWorker,
  type ApiSession,
  serviceWorkerRegistration,
} from './support/session';

async function serverContactNames(
  request: APIRequestContext,
  session: ApiSession,
): Promise<string[]> {
  const res = await request.get(
    `/api/contacts/getContactsByMemberId/${session.memberId}?limit=500`,
    { headers: { authorization: `Bearer ${session.token}` } },
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as ContactPage).items.map((c: Contact) => c.name);
}

async function openPhonebook(page: Page): Promise<void> {
  await page.goto('/action/phonebook');
  await expect(page.getByRole('heading', { level: 1, name: 'Danh bạ' })).toBeVisible();
}

async function addContact(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Thêm liên hệ' }).click();
  const form = page.getByRole('form', { name: 'Thêm liên hệ' });
  await form.getByLabel('Họ tên').fill(name);
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toBeHidden();
}

/** Outbox entries in a state, read straight from IndexedDB. */
async function outboxCount(page: Page, state: 'pending' | 'rejected'): Promise<number> {
  return page.evaluate(
    (wanted) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('mecards');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            resolve((all.result as { state: string }[]).filter((e) => e.state === wanted).length);
            db.close();
          };
        };
      }),
    state,
  );
}

/** Delivers a Background Sync event to the origin's service worker through the DevTools protocol. */
async function dispatchSyncEvent(context: BrowserContext, tag: string): Promise<void> {
  // A blank page only to reach the protocol; none of the app's code runs in it.
  const blank = await context.newPage();
  const { cdp, registrationId } = await serviceWorkerRegistration(context, blank, baseURL);
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: baseURL,
    registrationId,
    tag,
    lastChance: false,
  });
  await cdp.detach();
  await blank.close();
}

test('the service worker alone flushes the outbox on a sync event', async ({
  context,
  page,
  request,
}) => {
  const session = await apiLogin(request);
  await logIn(page);
  await waitForServiceWorker(page);

  await openPhonebook(page);
  await context.setOffline(true);
  const name = `Chỉ Service Worker ${Date.now()}`;
  await addContact(page, name);
  await expect(page.getByTestId('sync-pending-count')).toHaveText('1 thay đổi chờ gửi');
  expect(await outboxCount(page, 'pending')).toBe(1);

  // Every page of the app closes; the browser context (and its service worker) stays.
  await page.close();
  expect(context.pages()).toHaveLength(0);
  expect(await serverContactNames(request, session)).not.toContain(name);
  // Back online. Chromium may also fire the tag registered when the change was queued on its
  // own; either way only the worker is left to send it.
  await context.setOffline(false);

  await dispatchSyncEvent(context, 'mecards-outbox');
  await expect
    .poll(() => serverContactNames(request, session), { timeout: 30_000 })
    .toContain(name);

  // A page opened afterwards finds the queue empty and the row mirrored.
  const later = await context.newPage();
  await later.goto('/action/phonebook');
  await expect(later.getByRole('button', { name, exact: true })).toBeVisible();
  await expect.poll(() => outboxCount(later, 'pending')).toBe(0);
  expect((await serverContactNames(request, session)).filter((n) => n === name)).toHaveLength(1);
});

test('the status badge shows waiting changes offline, and refused ones with retry and discard', async ({
  context,
  page,
}) => {
  await logIn(page);
  await waitForServiceWorker(page);
  await openPhonebook(page);
  await context.setOffline(true);
  await addContact(page, 'Chờ mạng');
  const badge = page.getByTestId('sync-status');
  await expect(badge.getByText('Ngoại tuyến')).toBeVisible();
  await expect(page.getByTestId('sync-pending-count')).toHaveText('1 thay đổi chờ gửi');

  // A change the server will refuse (an empty name), queued as an older app version could have.
  await page.evaluate(() => {
    return new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('mecards');
      open.onerror = () => reject(new Error(String(open.error)));
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction('outbox', 'readwrite');
        const id = crypto.randomUUID();
        tx.objectStore('outbox').put({
          id,
          seq: 1_000_000,
          name: 'contact.upsert',
          payload: { id: crypto.randomUUID(), name: '' },
          table: 'contacts',
          rowKey: id,
          snapshot: null,
          after: null,
          memberId: null,
          state: 'pending',
          createdAt: new Date().toISOString(),
          attempts: 0,
          lastAttemptAt: null,
          error: null,
          durability: 'default',
          payloadVersion: 1,
        });
        tx.oncomplete = () => {
          db.close();
          resolve();
        };
      };
    });
  });

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(badge.getByText('1 bị từ chối')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sync-pending-count')).toHaveCount(0);
  await badge.getByRole('button', { name: /bị từ chối/ }).click();
  const refused = page.getByTestId('sync-rejected-entry');
  await expect(refused).toContainText('Lưu liên hệ');
  await expect(refused).toContainText('Dữ liệu không hợp lệ');
  await expect(badge.getByText(/Đồng bộ lần cuối: \d\d\/\d\d\/\d{4} \d\d:\d\d/)).toBeVisible();

  // Retry sends it again (refused again), discard drops it.
  await refused.getByRole('button', { name: 'Gửi lại' }).click();
  await expect(refused).toContainText('Dữ liệu không hợp lệ');
  await refused.getByRole('button', { name: 'Bỏ qua' }).click();
  await expect(page.getByTestId('sync-rejected-entry')).toHaveCount(0);
  expect(await outboxCount(page, 'rejected')).toBe(0);
});

test('a poison entry (nested too deep for the server) ends refused with its reason; the queue around it arrives', async ({
  context,
  page,
  request,
}) => {
  const session = await apiLogin(request);
  await logIn(page);
  await waitForServiceWorker(page);
  await openPhonebook(page);
  await context.setOffline(true);
  await addContact(page, 'Trước mục hỏng');

  // An entry whose payload the server refuses before reading it (nested past its bound), queued
  // as a buggy or hostile client could: the whole push request that carries it is a 400.
  await page.evaluate(() => {
    return new Promise<void>((resolve, reject) => {
      let note: unknown = 'đáy';
      for (let depth = 0; depth < 60; depth++) note = { note };
      const open = indexedDB.open('mecards');
      open.onerror = () => reject(new Error(String(open.error)));
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction('outbox', 'readwrite');
        const store = tx.objectStore('outbox');
        const last = store.index('seq').openCursor(null, 'prev');
        last.onsuccess = () => {
          const seq = ((last.result?.value as { seq?: number } | undefined)?.seq ?? 0) + 1;
          const id = crypto.randomUUID();
          store.put({
            id,
            seq,
            name: 'contact.upsert',
            payload: { id: crypto.randomUUID(), name: 'Mục hỏng', note },
            table: 'contacts',
            rowKey: id,
            snapshot: null,
            after: null,
            memberId: null,
            state: 'pending',
            createdAt: new Date().toISOString(),
            attempts: 0,
            lastAttemptAt: null,
            error: null,
            durability: 'default',
            payloadVersion: db.version,
          });
        };
        tx.oncomplete = () => {
          db.close();
          resolve();
        };
      };
    });
  });
  await addContact(page, 'Sau mục hỏng');
  await expect(page.getByTestId('sync-pending-count')).toHaveText('3 thay đổi chờ gửi');

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const badge = page.getByTestId('sync-status');
  await expect(badge.getByText('1 bị từ chối')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sync-pending-count')).toHaveCount(0);
  await badge.getByRole('button', { name: /bị từ chối/ }).click();
  await expect(page.getByTestId('sync-rejected-entry')).toContainText(
    'Dữ liệu gửi lên lồng nhau quá 32 cấp',
  );

  // Everything else reached the server, once; the poison entry did not.
  const names = await serverContactNames(request, session);
  expect(names.filter((n) => n === 'Trước mục hỏng')).toHaveLength(1);
  expect(names.filter((n) => n === 'Sau mục hỏng')).toHaveLength(1);
  expect(names).not.toContain('Mục hỏng');
  expect(await outboxCount(page, 'pending')).toBe(0);
});
