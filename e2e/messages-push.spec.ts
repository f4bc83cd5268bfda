// Messages between two members with two browsers (issue 14): live without a reload, replies
// written offline delivered exactly once and in order, unread counts on both sides, hide and
// delete only for the member who did it; and push reaching the worker with no page open.
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import { chromiumArgs, fullChromiumPath } from '../playwright.config';
import { expect, test } from './support/axe';
import type { Conversation, MessageCopy } from '../contract/message';
import {
  apiGet,
  apiLogin,
  demoMember,
  demoStaff,
  goOnline,
  logInThroughForm as logIn,
  waitForOfflineShell,
  type ApiSession,
  pendingOutboxEntries,
  serviceWorkerRegistration,
} from './support/session';

async function thread(
  request: APIRequestContext,
  session: ApiSession,
  groupMessageId: string,
): Promise<string[]> {
  const copies = await apiGet<MessageCopy[]>(
    request,
    session,
    `/api/messages/findByGroupMessegerId?groupMessageId=${groupMessageId}&limit=200`,
  );
  return copies.map((c) => c.body).reverse();
}

async function unread(request: APIRequestContext, session: ApiSession): Promise<number> {
  return (await apiGet<{ count: number }>(request, session, '/api/messages/count')).count;
}

function menuBadge(page: Page) {
  return page.locator('summary').getByTestId('unread-badge');
}

test('two members talk: live, offline replies once and in order, per-member hide and delete', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const a = await apiLogin(request, demoMember);
  const b = await apiLogin(request, demoStaff);

  const contextB = await browser.newContext();
  const pageB = await contextB.newPage();
  await logIn(pageB, demoStaff);
  await pageB.goto('/messages');
  await expect(pageB.getByRole('heading', { level: 1, name: 'Lời nhắn' })).toBeVisible();

  // A writes to B from the friends screen ("send message" entry).
  const contextA = await browser.newContext();
  const pageA = await contextA.newPage();
  await logIn(pageA, demoMember);
  await pageA.goto(`/friends/${a.memberId}`);
  const staffRow = pageA.locator(`[data-friend-id="${b.memberId}"]`);
  await staffRow.getByRole('link', { name: /Gửi lời nhắn cho/ }).click();
  await expect(pageA.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await pageA.getByLabel('Nội dung').fill('Chào em, mai ghé quán nhé https://mecards.vn/me/demo');
  await pageA.getByRole('button', { name: 'Gửi', exact: true }).click();
  await expect(pageA.getByText('Đã lưu lời nhắn trên máy này, đang gửi')).toBeVisible();
  await expect(pageA).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const groupMessageId = pageA.url().split('/').pop() ?? '';
  // A leaves the thread for the list (an open thread reads what arrives at once).
  await pageA.goto('/messages');

  // B sees it without a reload (the live poke, then the normal pull), with the unread badge.
  const conversation = pageB.getByRole('link', { name: /Nguyễn Thị Minh Anh/ });
  await expect(conversation).toBeVisible({ timeout: 5_000 });
  await expect(conversation).toContainText('Chào em, mai ghé quán nhé');
  await expect(menuBadge(pageB)).toHaveText('1');
  expect(await unread(request, b)).toBe(1);

  // B opens it: read on both the device and the server; the link is a real link, safely.
  await conversation.click();
  const link = pageB.getByRole('link', { name: 'https://mecards.vn/me/demo' });
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(menuBadge(pageB)).toHaveCount(0);
  await expect.poll(() => unread(request, b)).toBe(0);

  // B goes offline, writes three replies, reloads, and comes back online.
  await waitForOfflineShell(pageB, `/messages/${groupMessageId}`);
  await contextB.setOffline(true);
  for (const reply of ['Dạ một', 'Dạ hai', 'Dạ ba']) {
    await pageB.getByLabel('Trả lời').fill(reply);
    await pageB.getByRole('button', { name: 'Gửi', exact: true }).click();
    await expect(pageB.getByTestId('message').filter({ hasText: reply })).toBeVisible();
  }
  await pageB.reload();
  await expect(pageB.getByTestId('message')).toHaveCount(4);
  expect(await thread(request, a, groupMessageId)).toHaveLength(1);
  await goOnline(contextB, pageB);
  await expect
    .poll(() => thread(request, a, groupMessageId), { timeout: 20_000 })
    .toEqual(['Chào em, mai ghé quán nhé https://mecards.vn/me/demo', 'Dạ một', 'Dạ hai', 'Dạ ba']);

  // A, with the app open, gets them live: exactly three, in order, and three unread.
  await expect(menuBadge(pageA)).toHaveText('3');
  expect(await unread(request, a)).toBe(3);
  await pageA.getByRole('link', { name: /Trần Văn Bình/ }).click();
  await expect(pageA.getByTestId('message')).toHaveText([/Chào em/, /Dạ một/, /Dạ hai/, /Dạ ba/]);
  await expect.poll(() => unread(request, a)).toBe(0);
  // B's outbox is empty (every send acknowledged), and nothing was sent twice.
  await expect.poll(() => pendingOutboxEntries(pageB), { timeout: 30_000 }).toBe(0);
  expect(await thread(request, a, groupMessageId)).toHaveLength(4);

  // B deletes one of their messages: gone for B only.
  const second = pageB.getByTestId('message').filter({ hasText: 'Dạ hai' });
  await second.getByRole('button', { name: 'Xoá' }).click();
  await expect(pageB.getByTestId('message')).toHaveCount(3);
  await expect.poll(() => thread(request, b, groupMessageId)).toHaveLength(3);
  expect(await thread(request, a, groupMessageId)).toHaveLength(4);

  // A hides the conversation: gone from A's list only.
  await pageA.getByRole('button', { name: 'Ẩn' }).click();
  await expect(pageA).toHaveURL(/\/messages$/);
  await expect(pageA.getByRole('link', { name: /Trần Văn Bình/ })).toHaveCount(0);
  await expect
    .poll(async () =>
      (await apiGet<Conversation[]>(request, a, '/api/messages')).some(
        (c) => c.groupMessageId === groupMessageId,
      ),
    )
    .toBe(false);
  const listB = await apiGet<Conversation[]>(request, b, '/api/messages');
  expect(listB.some((c) => c.groupMessageId === groupMessageId)).toBe(true);

  await contextA.close();
  await contextB.close();
});

test('a push reaches the worker with no page open: notification shown, row stored, click opens the thread', async () => {
  test.setTimeout(120_000);
  // The headless shell shows no notifications: this journey runs in the full browser (decision 0027).
  const browser = await chromium.launch({ executablePath: fullChromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext();
    await context.grantPermissions(['notifications']);
    const page = await context.newPage();
    await logIn(page, demoStaff);
    await page.goto('/notifications');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const origin = new URL(page.url()).origin;
    const { cdp, registrationId } = await serviceWorkerRegistration(context, page, origin);

    // No page of the app is open any more.
    await page.goto('about:blank');
    const notificationId = crypto.randomUUID();
    const groupMessageId = crypto.randomUUID();
    const now = new Date().toISOString();
    const payload = {
      title: 'Lời nhắn mới',
      body: 'Bình: Hẹn gặp lúc 3 giờ',
      tag: `message-${groupMessageId}`,
      link: `/messages/${groupMessageId}`,
      icon: '/icons/icon-192.png',
      notification: {
        id: notificationId,
        memberId: 'someone',
        agencyId: null,
        kind: 'message',
        actorMemberId: null,
        actorName: 'Bình',
        subjectId: groupMessageId,
        link: `/messages/${groupMessageId}`,
        params: { preview: 'Hẹn gặp lúc 3 giờ' },
        openedAt: null,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      },
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify(payload),
    });

    const [worker] = context.serviceWorkers();
    expect(worker).toBeDefined();
    await expect
      .poll(() =>
        worker!.evaluate(async () => {
          const scope = self as unknown as {
            registration: {
              getNotifications(): Promise<{ title: string; body: string; tag: string }[]>;
            };
          };
          return (await scope.registration.getNotifications()).map(
            (n) => `${n.title}|${n.body}|${n.tag}`,
          );
        }),
      )
      .toEqual([`Lời nhắn mới|Bình: Hẹn gặp lúc 3 giờ|message-${groupMessageId}`]);

    // The row is in the device store before any page of the app runs (read in the worker).
    const stored = await worker!.evaluate(
      (id) =>
        new Promise<string | null>((resolve, reject) => {
          const open = indexedDB.open('mecards');
          open.onerror = () => reject(new Error('no database'));
          open.onsuccess = () => {
            const get = open.result
              .transaction('notifications')
              .objectStore('notifications')
              .get(id);
            get.onsuccess = () =>
              resolve((get.result as { actorName?: string } | undefined)?.actorName ?? null);
          };
        }),
      notificationId,
    );
    expect(stored).toBe('Bình');

    // A click on it brings the open app window to the thread.
    const appPage = await context.newPage();
    await appPage.goto('/notifications');
    await expect(appPage.getByRole('heading', { level: 1, name: 'Thông báo' })).toBeVisible();
    await worker!.evaluate(async () => {
      const scope = self as unknown as {
        registration: { getNotifications(): Promise<unknown[]> };
        NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
        dispatchEvent(event: Event): boolean;
      };
      const [shown] = await scope.registration.getNotifications();
      scope.dispatchEvent(
        new scope.NotificationEvent('notificationclick', { notification: shown }),
      );
    });
    await expect(appPage).toHaveURL(new RegExp(`/messages/${groupMessageId}$`));
    await context.close();
  } finally {
    await browser.close();
  }
});
