// Tracking and statistics (issue 17, decision 0910): a visitor opens a card from a Zalo link,
// taps two links and saves the vCard; the owner's statistics for today show 1 view, 1 visitor,
// 2 clicks, 1 save and the referrer, the chart draws, and offline the last figures stay with
// their time. A new member, so other journeys' visits to the demo cards do not count here.
import { expect, test } from './support/axe';
import { apiLogin, logInThroughForm, registerMemberByApi } from './support/session';

test('a visit to a card shows in its owner statistics for today, and offline with its date', async ({
  page,
  browser,
  request,
}) => {
  // Registration, two browsers and a build's worth of pages: longer than one page's journey.
  test.setTimeout(180_000);
  const email = `e2e-stats-${Date.now()}@example.vn`;
  const password = 'thong-ke-2026-vn';
  await registerMemberByApi(request, { name: 'Lê Thống Kê', email, password });
  const owner = await apiLogin(request, { email, password });
  const update = await request.put(`/api/members/updateMemberById/${owner.memberId}`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { website: 'https://shop.example/thong-ke', zalo: '0912345678' },
  });
  expect(update.ok()).toBe(true);

  // The visitor: external pages the links open are not reached from the test machine.
  await page.context().route(/^https:\/\/(shop\.example|zalo\.me)\//, (route) => route.abort());
  const tracked = (action: string) =>
    page.waitForRequest(
      (r) => r.url().endsWith('/api/tracking/action') && (r.postData() ?? '').includes(action),
    );
  // The view's answer sets the visitor cookie that the taps then carry.
  const viewed = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/tracking/action') &&
      (r.request().postData() ?? '').includes('action=view'),
  );
  await page.goto(`/me/${owner.memberId}`, { referer: 'https://zalo.me/chat/123' });
  await expect(page.getByRole('heading', { level: 1, name: 'Lê Thống Kê' })).toBeVisible();
  await viewed;
  for (const name of ['shop.example/thong-ke', '0912345678']) {
    const sent = tracked('tap_');
    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name }).click();
    await sent;
    await (await popup).close();
  }
  const saved = tracked('save_contact');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Lưu danh bạ' }).click();
  await saved;
  await download;

  // The owner, in a browser of their own.
  const context = await browser.newContext();
  const ownerPage = await context.newPage();
  await logInThroughForm(ownerPage, { email, password });
  await ownerPage.goto('/action/statistical');
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Thống kê' })).toBeVisible();
  const figure = (key: string) => ownerPage.getByTestId(`stats-${key}`).locator('strong');
  await expect(figure('views')).toHaveText('1');
  await expect(figure('visitors')).toHaveText('1');
  await expect(figure('clicks')).toHaveText('2');
  await expect(figure('saves')).toHaveText('1');
  await expect(figure('ctr')).toHaveText('200%');
  await expect(ownerPage.getByTestId('stats-referrers')).toContainText('zalo.me');
  await expect(ownerPage.getByTestId('stats-links')).toContainText('shop.example/thong-ke');
  await expect(ownerPage.getByTestId('stats-links')).toContainText('Zalo');
  await expect(ownerPage.getByTestId('stats-chart')).toHaveAttribute('data-drawn', 'true');
  await expect(ownerPage.locator('.stats-chart canvas')).toHaveCount(1);

  // A reversed range is refused on the screen with its message.
  await ownerPage.getByLabel('Từ ngày').fill('20/03/2026');
  await ownerPage.getByLabel('Đến ngày').fill('01/03/2026');
  await ownerPage.getByRole('button', { name: 'Xem', exact: true }).click();
  await expect(
    ownerPage.getByText('Ngày bắt đầu phải trước hoặc bằng ngày kết thúc'),
  ).toBeVisible();

  // Offline: another range cannot be loaded, the last figures show with their time.
  await context.setOffline(true);
  await ownerPage.getByRole('button', { name: '7 ngày' }).click();
  await expect(ownerPage.getByTestId('stats-offline')).toContainText(
    /số liệu lần tải cuối lúc \d{2}:\d{2} \d{2}\/\d{2}\/\d{4}/,
  );
  await expect(figure('views')).toHaveText('1');
  await context.setOffline(false);

  // Another member's dashboard is not theirs.
  await ownerPage.goto('/dashboard/member/00000000-0000-4000-8000-000000000001');
  await expect(ownerPage.getByText(/Không tìm thấy|Bạn không có quyền/).first()).toBeVisible();
  await context.close();
});

test('a brand admin sees the brand dashboard with its members ranked and points per day', async ({
  page,
}) => {
  await logInThroughForm(page, { email: 'brand@mecards.vn', password: 'brand12345' });
  await page.goto('/action/statistical');
  await page.getByRole('link', { name: /Thống kê thương hiệu/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/business\//);
  await expect(page.getByTestId('stats-members')).toBeVisible();
  await expect(page.getByTestId('stats-points')).toBeVisible();
  await expect(page.getByTestId('stats-chart')).toHaveAttribute('data-drawn', 'true');
});
