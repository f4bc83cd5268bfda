// Two-way card exchange (issue 27 item 5, decision 1100): member A opens member B's card with
// the network really off, taps "Trao đổi thẻ" — B's card is in A's phonebook on the device at
// once, the button says it is done — and goes online: the one queued entry reaches the server,
// B's phonebook holds A exactly once (on the server and on B's screen, tagged as an exchange),
// A's holds B once, and B is told. On A's next visit the card still shows the exchange as done.
import type { Page } from '@playwright/test';
import { expect, test } from './support/axe';
import {
  apiGet,
  apiLogin,
  goOnline,
  logInThroughForm,
  pendingOutboxEntries,
  registerMemberByApi,
  waitForOfflineShell,
  type ApiSession,
} from './support/session';
import type { Contact } from '../contract/contact';
import type { NotificationItem } from '../contract/notification';

/** This device's live contacts of a member's card, read from IndexedDB directly. */
function contactsOnDevice(page: Page, cardMemberId: string): Promise<number> {
  return page.evaluate(
    ({ name, cardMemberId }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const all = db
            .transaction('contacts')
            .objectStore('contacts')
            .index('cardMemberId')
            .getAll(cardMemberId);
          all.onsuccess = () => {
            db.close();
            resolve(
              (all.result as { deletedAt: string | null }[]).filter((c) => !c.deletedAt).length,
            );
          };
          all.onerror = () => reject(all.error ?? new Error('getAll failed'));
        };
      }),
    // appDbName of src/db/app-db.ts (not imported: that module is for the app's bundle).
    { name: 'mecards', cardMemberId },
  );
}

test('a member exchanges cards with one tap on another member’s card, offline, and it lands once', async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now() % 1_000_000}`;
  const nameA = `Ánh Trao Thẻ ${stamp}`;
  const nameB = `Bảo Chủ Thẻ ${stamp}`;
  const a = await registerMemberByApi(request, { name: nameA });
  const b = await registerMemberByApi(request, { name: nameB });
  const apiA = await apiLogin(request, a);
  const apiB = await apiLogin(request, b);
  const contactsOf = async (session: ApiSession, name: string) =>
    (
      await apiGet<{ items: Contact[] }>(
        request,
        session,
        `/api/contacts/getContactsByMemberId/${session.memberId}?filter=${encodeURIComponent(name)}`,
      )
    ).items;
  const cardB = `/me/${apiB.memberId}`;

  // A logs in and opens B's card once online: the worker keeps a copy of it.
  await logInThroughForm(page, a);
  await waitForOfflineShell(page, cardB);

  // The network really off: the card opens from the worker's copy.
  await context.setOffline(true);
  await page.goto(cardB);
  await expect(page.getByRole('heading', { level: 1, name: nameB })).toBeVisible();
  const exchange = page.getByRole('button', { name: 'Trao đổi thẻ' });
  await expect(exchange).toBeVisible({ timeout: 15_000 });
  await expect(exchange).toHaveAccessibleDescription(
    `Gửi thẻ của bạn cho ${nameB} và lưu thẻ này vào danh bạ`,
  );
  for (const width of [360, 768]) {
    await page.setViewportSize({ width, height: 800 });
    await exchange.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    const box = await exchange.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`card-exchange-${width}.png`) });
  }

  await exchange.click();
  const done = page.getByRole('status').filter({ hasText: 'Đã trao đổi thẻ' });
  await expect(done).toBeVisible();
  await expect(exchange).toHaveCount(0);
  await expect(
    page.getByText('Đã lưu thẻ vào danh bạ. Thẻ của bạn sẽ được gửi khi có mạng'),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('card-exchange-done-768.png') });
  // B's card is in A's phonebook on the device already; the exchange waits in the outbox.
  expect(await contactsOnDevice(page, apiB.memberId)).toBe(1);
  expect(await pendingOutboxEntries(page)).toBe(1);
  expect(await contactsOf(apiB, nameA)).toEqual([]);
  expect(await contactsOf(apiA, nameB)).toEqual([]);

  // Back online: the one entry goes out, and is applied once.
  await goOnline(context, page);
  await expect.poll(() => pendingOutboxEntries(page), { timeout: 30_000 }).toBe(0);
  await expect
    .poll(
      async () =>
        (await contactsOf(apiB, nameA)).map((c) => [
          c.name,
          c.cardMemberId,
          c.leadSource?.kind,
          c.leadSource?.cardMemberId,
        ]),
      { timeout: 30_000 },
    )
    .toEqual([[nameA, apiA.memberId, 'exchange', apiB.memberId]]);
  expect(
    (await contactsOf(apiA, nameB)).map((c) => [c.name, c.cardMemberId, c.leadSource?.kind]),
  ).toEqual([[nameB, apiB.memberId, 'exchange']]);
  // B is told, once, by A.
  const notices = (await apiGet<NotificationItem[]>(request, apiB, '/api/notifications')).filter(
    (n) => n.kind === 'card_exchange',
  );
  expect(notices.map((n) => [n.actorMemberId, n.actorName])).toEqual([[apiA.memberId, nameA]]);

  // A's next visit: the exchange is done; A's phonebook holds B once.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(done).toBeVisible({ timeout: 15_000 });
  await expect(exchange).toHaveCount(0);
  await page.goto('/action/phonebook');
  await expect(page.getByText(nameB, { exact: true })).toHaveCount(1, { timeout: 30_000 });

  // B, on their own browser: the notice, and A once in the phonebook, tagged as an exchange.
  const contextB = await browser.newContext();
  const pageB = await contextB.newPage();
  await logInThroughForm(pageB, b);
  await pageB.goto('/notifications');
  // In the list (a toast may say it too, as it arrives).
  await expect(
    pageB.getByRole('main').getByText(`${nameA} đã gửi thẻ cho bạn và lưu thẻ của bạn`),
  ).toBeVisible({ timeout: 30_000 });
  await pageB.goto('/action/phonebook');
  const rowA = pageB.getByText(nameA, { exact: true });
  await expect(rowA).toHaveCount(1, { timeout: 30_000 });
  await rowA.click();
  await expect(pageB.getByTestId('contact-lead-source')).toHaveText(
    /^Trao đổi thẻ, \d\d\/\d\d\/\d{4}$/,
  );
  await contextB.close();
  expect(await contactsOf(apiB, nameA)).toHaveLength(1);
});
