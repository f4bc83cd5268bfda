// Event staff at a booth with no signal (issue 5): points and check-ins are logged on the
// device, survive a reload and a closed tab, and reach the server exactly once; a card QR code
// made by the app, shown to Chromium's fake camera, opens create-point for that member.
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { expect, test } from './support/axe';
import { baseURL, chromiumArgs, fullChromiumPath } from '../playwright.config';
import { cardLinkOf } from '../src/lib/qr';
import type { MemberPointAnswer, Page as ListPage } from '../contract/points';
import { writeQrBitmap, writeQrVideo } from './fixtures/qr-video';
import {
  apiGet,
  apiLogin,
  demoStaff,
  goOnline,
  logInThroughForm,
  waitForOfflineShell,
  waitForServiceWorker,
} from './support/session';

/** Logs in through the login screen as the booth staffer. */
async function logInAsStaff(page: Page): Promise<void> {
  await logInThroughForm(page, demoStaff);
}

const entries = Array.from({ length: 20 }, (_, i) => ({
  invoiceNumber: `BOOTH-${String(i + 1).padStart(2, '0')}`,
  invoiceValue: 25_000 + i * 1_500,
  // Every fourth purchase spends 20 points of the balance.
  deductedPoints: i % 4 === 0 ? 20 : 0,
}));

test('offline booth: 20 point entries and 20 check-ins survive a reload and a closed tab, then reach the server once', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const staff = await apiLogin(request, { email: 'staff@mecards.vn', password: 'staff12345' });
  const demo = await apiLogin(request, { email: 'demo@mecards.vn', password: 'demo12345' });
  const before = await apiGet<MemberPointAnswer>(
    request,
    staff,
    `/api/members/getMemberPoint/${demo.memberId}`,
  );
  const brand = before.groups.find((g) => g.groupName === 'Cà Phê Sương Mai');
  expect(brand?.balance).toBe(750);
  const serverCounts = async () => {
    const points = await apiGet<ListPage<unknown>>(
      request,
      staff,
      `/api/orderGroup/logsOrder?groupId=${brand!.groupId}&memberId=${demo.memberId}`,
    );
    const visits = await apiGet<ListPage<unknown>>(
      request,
      staff,
      `/api/logsCheckIn?groupId=${brand!.groupId}&memberId=${demo.memberId}`,
    );
    return { points: points.total, checkIns: visits.total };
  };
  expect(await serverCounts()).toEqual({ points: 3, checkIns: 3 });

  await logInAsStaff(page);
  await waitForServiceWorker(page);
  const createPoint = `/action/createPoint?memberId=${demo.memberId}`;
  await page.goto(createPoint);
  await expect(
    page.getByRole('heading', { name: 'Tích điểm cho Nguyễn Thị Minh Anh' }),
  ).toBeVisible();
  await expect(page.getByTestId('balance-known')).toHaveText('750');

  await waitForOfflineShell(page, createPoint);
  await context.setOffline(true);
  await page.goto(createPoint);
  await expect(page.getByTestId('balance-known')).toHaveText('750');

  let pendingDeductions = 0;
  for (const [i, entry] of entries.entries()) {
    await page.getByLabel('Số hoá đơn').fill(entry.invoiceNumber);
    await page.getByLabel('Giá trị hoá đơn (VNĐ)').fill(entry.invoiceValue.toLocaleString('de-DE'));
    await page.getByLabel('Điểm trừ').fill(String(entry.deductedPoints));
    await page.getByRole('button', { name: 'Lưu điểm' }).click();
    await expect(page.getByTestId('pending-count')).toHaveText(`${i + 1} giao dịch đang chờ gửi`);
    pendingDeductions += entry.deductedPoints;
  }
  // Pending deductions already count against what may be spent; pending earnings do not.
  await expect(page.getByTestId('balance-available')).toHaveText(String(750 - pendingDeductions));

  for (let i = 0; i < 20; i++) {
    await page.getByRole('button', { name: 'Check-in', exact: true }).click();
    await expect(page.getByTestId('recent-checkins').getByRole('listitem')).toHaveCount(3 + i + 1);
  }
  // All but the first are repeats within 10 minutes: flagged, not dropped.
  await expect(page.getByTestId('recent-checkins').getByText('Trùng')).toHaveCount(19);

  await page.reload();
  await expect(page.getByTestId('pending-count')).toHaveText('20 giao dịch đang chờ gửi');
  await expect(page.getByTestId('recent-checkins').getByRole('listitem')).toHaveCount(23);

  await page.close();
  const reopened = await context.newPage();
  await reopened.goto(createPoint);
  await expect(reopened.getByTestId('pending-count')).toHaveText('20 giao dịch đang chờ gửi');
  await expect(reopened.getByTestId('recent-entries').getByRole('listitem')).toHaveCount(23);

  expect(await serverCounts()).toEqual({ points: 3, checkIns: 3 });

  await goOnline(context, reopened);
  await expect.poll(serverCounts, { timeout: 60_000 }).toEqual({ points: 23, checkIns: 23 });
  await expect(reopened.getByTestId('pending-count')).toHaveCount(0, { timeout: 30_000 });

  // Only the part paid in money earns points.
  const earned = entries.reduce(
    (s, e) => s + Math.floor((e.invoiceValue - e.deductedPoints * 1000) / 1000),
    0,
  );
  const expected = 750 + earned - pendingDeductions;
  const after = await apiGet<MemberPointAnswer>(
    request,
    staff,
    `/api/members/getMemberPoint/${demo.memberId}?groupId=${brand!.groupId}`,
  );
  expect(after.groups[0]?.balance).toBe(expected);
  await expect(reopened.getByTestId('balance-known')).toHaveText(expected.toLocaleString('de-DE'));
  // The member sees the same balance on their own device's screen data.
  const own = await apiGet<MemberPointAnswer>(
    request,
    demo,
    `/api/members/getMemberPoint/${demo.memberId}`,
  );
  expect(own.groups.find((g) => g.groupId === brand!.groupId)?.balance).toBe(expected);
  // Staying online changes nothing more: still exactly once.
  await reopened.reload();
  await expect(reopened.getByTestId('balance-known')).toHaveText(expected.toLocaleString('de-DE'));
  expect(await serverCounts()).toEqual({ points: 23, checkIns: 23 });
});

test('at a booth with no network the fake camera shown a short-link card QR opens create-point from the roster', async ({
  request,
  accessibility,
}) => {
  test.setTimeout(120_000);
  const demo = await apiLogin(request, { email: 'demo@mecards.vn', password: 'demo12345' });
  const video = await writeQrVideo(
    path.resolve('.tmp', `qr-${process.pid}.y4m`),
    cardLinkOf(baseURL, 'demo'),
  );
  const browser = await chromium.launch({
    // The headless shell has no camera to fake (decision 0027).
    executablePath: fullChromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, locale: 'vi-VN' });
    accessibility.watchContext(context);
    await context.grantPermissions(['camera'], { origin: baseURL });
    const page = await context.newPage();
    await logInAsStaff(page);
    // The app, the scanner's wasm reader and the group roster are on the phone: no network.
    await waitForOfflineShell(page, '/action');
    await context.setOffline(true);
    await page.goto('/scan-qr?isCreatePoint=true');
    await expect(page).toHaveURL(new RegExp(`/action/createPoint\\?memberId=${demo.memberId}$`), {
      timeout: 30_000,
    });
    await expect(
      page.getByRole('heading', { name: 'Tích điểm cho Nguyễn Thị Minh Anh' }),
    ).toBeVisible();
    await context.close();
  } finally {
    await browser.close();
  }
});

test('the own QR page draws the member card link and offers a PNG', async ({ page }) => {
  await logInAsStaff(page);
  await page.goto('/action/qrcode');
  const code = page.getByRole('img', { name: 'Mã QR dẫn đến danh thiếp của bạn' });
  await expect(code).toHaveAttribute('data-qr-text', `${baseURL}/me/binh-tran`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Tải ảnh PNG' }).click();
  expect((await download).suggestedFilename()).toBe('mecards-qr.png');
});

test("after create-point, opening another member's card goes to create-point for them (spec §2)", async ({
  page,
  request,
}) => {
  const demo = await apiLogin(request, { email: 'demo@mecards.vn', password: 'demo12345' });
  await logInAsStaff(page);
  await page.goto('/action/createPoint');
  await expect(page.getByRole('heading', { name: 'Tích điểm', exact: true })).toBeVisible();
  await page.goto(`/me/${demo.memberId}`);
  await expect(page).toHaveURL(new RegExp(`/action/createPoint\\?memberId=${demo.memberId}$`));
  await expect(
    page.getByRole('heading', { name: 'Tích điểm cho Nguyễn Thị Minh Anh' }),
  ).toBeVisible();
});

test('without camera permission the scanner explains why, and a picture of the QR code still works', async ({
  page,
  request,
}) => {
  const demo = await apiLogin(request, { email: 'demo@mecards.vn', password: 'demo12345' });
  const picture = await writeQrBitmap(
    path.resolve('.tmp', `qr-${process.pid}.bmp`),
    cardLinkOf(baseURL, demo.memberId),
  );
  await logInAsStaff(page);
  await page.goto('/scan-qr?isCreatePoint=true');
  // No camera permission granted (and no camera): the reason is on screen, not a blank box.
  await expect(page.getByRole('status').filter({ hasText: /camera/ })).toHaveText(
    /chưa được phép dùng camera|Không tìm thấy camera/,
  );
  await page.getByLabel('Chọn ảnh có mã QR').setInputFiles(picture);
  await expect(page).toHaveURL(new RegExp(`/action/createPoint\\?memberId=${demo.memberId}$`));
  await expect(
    page.getByRole('heading', { name: 'Tích điểm cho Nguyễn Thị Minh Anh' }),
  ).toBeVisible();
});

test('an order group opened offline reaches the server before its invoices, with its totals', async ({
  context,
  page,
  request,
}) => {
  const staff = await apiLogin(request, { email: 'staff@mecards.vn', password: 'staff12345' });
  const demo = await apiLogin(request, { email: 'demo@mecards.vn', password: 'demo12345' });
  await logInAsStaff(page);
  await waitForServiceWorker(page);
  const createPoint = `/action/createPoint?memberId=${demo.memberId}`;
  await page.goto(createPoint);
  await expect(page.getByTestId('balance-known')).not.toHaveText('');
  await expect(page.getByTestId('balance-known')).toHaveText(/\d/);
  await context.setOffline(true);
  await page.getByLabel('Đơn hàng').selectOption('new');
  await page.getByLabel('Tên đơn hàng').fill('Hội chợ cà phê');
  for (const [n, value] of [
    ['ORDER-1', '120.000'],
    ['ORDER-2', '80.500'],
  ] as const) {
    await page.getByLabel('Số hoá đơn').fill(n);
    await page.getByLabel('Giá trị hoá đơn (VNĐ)').fill(value);
    await page.getByRole('button', { name: 'Lưu điểm' }).click();
    await expect(page.getByLabel('Số hoá đơn')).toHaveValue('');
  }
  await expect(page.getByLabel('Đơn hàng')).toHaveValue(/[0-9a-f-]{36}/);
  await goOnline(context, page);
  const brand = (
    await apiGet<MemberPointAnswer>(request, staff, `/api/members/getMemberPoint/${demo.memberId}`)
  ).groups[0]!;
  await expect
    .poll(
      async () =>
        (
          await apiGet<ListPage<{ title: string; entries: number; invoiceValue: number }>>(
            request,
            staff,
            `/api/orderGroup/getOrderGroup?groupId=${brand.groupId}&memberId=${demo.memberId}`,
          )
        ).items.find((o) => o.title === 'Hội chợ cà phê'),
      { timeout: 30_000 },
    )
    .toMatchObject({ entries: 2, invoiceValue: 200_500 });
});
