// Member management and staff lookups (issue 16): a member asks to join the brand from its
// page, the brand's admin accepts the request and locks the account after confirming, and the
// member can no longer log in, told why; a seller with no network finds a member by short link
// and by name from the roster on the device and logs points that reach the server once.
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/axe';
import {
  apiGet,
  apiLogin,
  demoStaff,
  goOnline,
  logInThroughForm,
  waitForOfflineShell,
  waitForServiceWorker,
  registerMemberByApi,
} from './support/session';
import type { Page as ListPage } from '../contract/points';

const brandAdmin = { email: 'brand@mecards.vn', password: 'brand12345' } as const;

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'vi-VN' });
  return context.newPage();
}

test('a member asks to join; the brand admin accepts, then locks the account, which can no longer log in', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = `e2e-join-${Date.now()}@example.vn`;
  const password = 'hoa-sen-tim-2026';
  // A name of its own: a retry after a failure must not find the first attempt's member.
  const tag = Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a');
  const name = `Hồ Thị Thử Khoá ${tag}`;
  await registerMemberByApi(request, { name, email, password });

  // The member asks from the brand's page.
  const memberPage = await freshPage(browser);
  await logInThroughForm(memberPage, { email, password });
  await memberPage.goto('/mbg/demo-brand');
  await memberPage.getByRole('button', { name: 'Xin tham gia nhóm' }).click();
  await expect(memberPage.getByText('Đã gửi yêu cầu tham gia, đang chờ duyệt')).toBeVisible();
  await memberPage.context().close();

  // The admin accepts and locks, confirming.
  const brand = (await (await request.get('/api/groupAndBrand/getGDByById/demo-brand')).json()) as {
    id: string;
  };
  await logInThroughForm(page, brandAdmin);
  await waitForServiceWorker(page);
  await page.goto(`/action/memberManagement?groupId=${brand.id}&tab=requests`);
  await page.getByRole('button', { name: `Chấp nhận ${name}` }).click();
  await expect(page.getByText(`Đã chấp nhận ${name}`)).toBeVisible();

  await page.getByRole('button', { name: 'Thành viên', exact: true }).click();
  await page.getByLabel('Tìm theo tên, liên kết hoặc số điện thoại').fill(tag);
  const row = page.getByTestId('manage-members').getByRole('listitem');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Khoá tài khoản ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Khoá tài khoản ${name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Khoá tài khoản' }).click();
  await expect(row.getByText('Đã khoá')).toBeVisible();

  // Locked: the login form says why.
  const lockedPage = await freshPage(browser);
  await lockedPage.goto('/login');
  await lockedPage.getByLabel('Email hoặc số điện thoại').fill(email);
  await lockedPage.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await lockedPage.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(lockedPage.getByText('Tài khoản đã bị khoá')).toBeVisible();
  await expect(lockedPage).toHaveURL(/\/login/);
  await lockedPage.context().close();
});

test('offline, a seller finds a member by short link and by name on the device and logs points once', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const staff = await apiLogin(request, demoStaff);
  const brand = (await (await request.get('/api/groupAndBrand/getGDByById/demo-brand')).json()) as {
    id: string;
  };
  const bao = (await (await request.get('/api/members/getMemberId/vo-quoc-bao')).json()) as {
    id: string;
  };
  const serverCount = async () =>
    (
      await apiGet<ListPage<unknown>>(
        request,
        staff,
        `/api/orderGroup/logsOrder?groupId=${brand.id}&memberId=${bao.id}`,
      )
    ).total;
  const before = await serverCount();

  await logInThroughForm(page, demoStaff);
  await waitForServiceWorker(page);
  await page.goto('/action/createPoint');
  // The roster has reached the device once a name finds someone.
  const picker = page.getByLabel('Mã thành viên, liên kết danh thiếp, số điện thoại hoặc tên');
  await picker.fill('vo quoc');
  await expect(page.getByRole('button', { name: /Võ Quốc Bảo/ })).toBeVisible({ timeout: 30_000 });

  await waitForOfflineShell(page, '/action/createPoint');
  await context.setOffline(true);
  await page.goto('/action/createPoint');
  await picker.fill('vo-quoc-bao');
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await expect(page.getByRole('heading', { name: 'Tích điểm cho Võ Quốc Bảo' })).toBeVisible();
  await expect(page.getByText('Cần kết nối mạng')).toHaveCount(0);

  await page.getByLabel('Số hoá đơn').fill('ROSTER-01');
  await page.getByLabel('Giá trị hoá đơn (VNĐ)').fill('120.000');
  await page.getByRole('button', { name: 'Lưu điểm' }).click();
  await expect(page.getByTestId('pending-count')).toHaveText('1 giao dịch đang chờ gửi');

  // By name, still offline: the suggestion opens the same member.
  await page.goto('/action/createPoint');
  await picker.fill('bao');
  await page.getByRole('button', { name: /Võ Quốc Bảo/ }).click();
  await expect(page.getByRole('heading', { name: 'Tích điểm cho Võ Quốc Bảo' })).toBeVisible();
  expect(await serverCount()).toBe(before);

  await goOnline(context, page);
  await expect.poll(serverCount, { timeout: 60_000 }).toBe(before + 1);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 30_000 });
  await page.reload();
  expect(await serverCount()).toBe(before + 1);
});

test('customers are found however the phone or name is typed, and an empty search names it', async ({
  page,
  request,
}) => {
  const tag = `${Date.now() % 100000}`.padStart(5, '0');
  const name = `Nguyễn Văn Khách ${tag}`;
  const phone = `0912 8${tag.slice(0, 2)} ${tag.slice(2)}7`;
  const brand = (await (await request.get('/api/groupAndBrand/getGDByById/demo-brand')).json()) as {
    id: string;
  };
  await logInThroughForm(page, brandAdmin);
  await page.goto(`/action/memberManagement?groupId=${brand.id}&tab=customers`);
  const customers = page.getByRole('region', { name: 'Khách hàng' });
  await customers.getByLabel('Tên khách hàng').fill(name);
  await customers.getByLabel('Số điện thoại').fill(phone);
  await customers.getByRole('button', { name: 'Thêm khách hàng' }).click();

  const search = customers.getByLabel('Tìm khách hàng');
  const list = customers.getByTestId('manage-customers');
  // Digits without the spaces, with dots, or as +84; the name without its accents.
  for (const typed of [
    phone.replace(/\s/g, '').slice(0, 8),
    phone.replace(/\s/g, '.'),
    `+84 ${phone.slice(1)}`,
    `nguyen van khach ${tag}`,
  ]) {
    await search.fill(typed);
    await expect(list.getByText(name)).toBeVisible();
  }
  await search.fill(`không ai ${tag}`);
  await expect(
    customers.getByText(`Không có khách hàng nào khớp “không ai ${tag}”.`),
  ).toBeVisible();
  await expect(customers.getByText('Chưa có khách hàng nào.')).toHaveCount(0);
});
