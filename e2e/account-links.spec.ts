// Banks, links and videos (issue 12, item 4): a member builds them at /action/setting/links —
// online and with the network off — and a visitor sees the visible ones in order on the card,
// with a VietQR that decodes to a NAPAS payload with a valid CRC.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { decodeQrCanvas } from './support/qr-decode';
import { expect, test } from './support/axe';
import {
  apiLogin,
  goOnline,
  logInThroughForm,
  waitForOfflineShell,
  type ApiSession,
  deviceKeeps,
  pendingOutboxEntries,
  registerMemberByApi,
} from './support/session';
import type { AccountLink } from '../contract/account-link';
import { hasValidEmvCrc, readVietQr } from '../contract/vietqr';

async function serverLinks(
  request: APIRequestContext,
  session: ApiSession,
): Promise<AccountLink[]> {
  const res = await request.get(`/api/members/getAccountLinksByMemberId/${session.memberId}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as AccountLink[];
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function addBank(page: Page, bin: string, owner: string, account: string) {
  await page.getByRole('button', { name: 'Thêm tài khoản ngân hàng' }).click();
  const form = page.getByRole('form', { name: 'Thêm tài khoản ngân hàng' });
  await form.getByLabel('Ngân hàng').selectOption(bin);
  await form.getByLabel('Tên chủ tài khoản').fill(owner);
  await form.getByLabel('Số tài khoản').fill(account);
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toHaveCount(0);
}

async function addWebLink(page: Page, kind: 'link' | 'video', title: string, url: string) {
  const name = kind === 'video' ? 'Thêm video YouTube' : 'Thêm liên kết';
  await page.getByRole('button', { name }).click();
  const form = page.getByRole('form', { name });
  await form.getByLabel(kind === 'video' ? 'Tiêu đề video' : 'Tên hiển thị').fill(title);
  await form.getByLabel(kind === 'video' ? 'Đường dẫn YouTube' : 'Đường dẫn').fill(url);
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toHaveCount(0);
}

/** Opens an item's "more" menu: hiding and deleting are there (decision 0950). */
async function more(page: Page, name: string) {
  await page.getByRole('button', { name: `Thêm thao tác với ${name}` }).click();
}

async function deleteItem(page: Page, name: string) {
  await more(page, name);
  await page.getByRole('button', { name: `Xoá ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Xoá' }).click();
  await expect(page.getByRole('button', { name: `Thêm thao tác với ${name}` })).toHaveCount(0);
}

/** The item is hidden: its menu offers to show it again. */
async function expectHidden(page: Page, name: string) {
  await more(page, name);
  await expect(page.getByRole('button', { name: `Hiện ${name}` })).toBeVisible();
  await page.keyboard.press('Escape');
}

/** The card as a visitor (no cookies) sees it. */
async function visitorCard(browser: Browser, memberId: string) {
  const context = await browser.newContext({ locale: 'vi-VN', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`/me/${memberId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Trần Thị Ngân' })).toBeVisible();
  return { context, page };
}

const decodeCanvas = (page: Page, name: RegExp) => decodeQrCanvas(page.getByRole('img', { name }));

test('add a bank account and a YouTube link, reorder, hide, delete; visitors see them with a VietQR', async ({
  page,
  request,
  browser,
}) => {
  const account = await registerMemberByApi(request, { name: 'Trần Thị Ngân' });
  const session = await apiLogin(request, account);
  await logInThroughForm(page, account);
  // Reached from the member's hub.
  await page.goto('/action');
  await page.getByRole('link', { name: 'Ngân hàng, liên kết và video' }).click();
  await expect(page).toHaveURL(/\/action\/setting\/links$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ngân hàng, liên kết và video' }),
  ).toBeVisible();

  // Bad input: the field says what is wrong, nothing is saved.
  await page.getByRole('button', { name: 'Thêm tài khoản ngân hàng' }).click();
  const bankForm = page.getByRole('form', { name: 'Thêm tài khoản ngân hàng' });
  await expect(bankForm.getByLabel('Ngân hàng')).toBeEnabled();
  await bankForm.getByRole('button', { name: 'Lưu' }).click();
  await expect(bankForm.getByText('Vui lòng chọn ngân hàng')).toBeVisible();
  await bankForm.getByRole('button', { name: 'Huỷ' }).click();

  await addBank(page, '970422', 'TRAN THI NGAN', '0812945269');
  await addBank(page, '970436', 'TRAN THI NGAN', '0071000123456');

  await page.getByRole('button', { name: 'Thêm video YouTube' }).click();
  const videoForm = page.getByRole('form', { name: 'Thêm video YouTube' });
  await videoForm.getByLabel('Đường dẫn YouTube').fill('https://vimeo.com/123456789');
  await videoForm.getByRole('button', { name: 'Lưu' }).click();
  await expect(videoForm.getByText('Đường dẫn YouTube không hợp lệ')).toBeVisible();
  await videoForm.getByRole('button', { name: 'Huỷ' }).click();
  await addWebLink(
    page,
    'video',
    'Giới thiệu cửa hàng',
    'https://www.youtube.com/watch?v=a_b-C1d2E3f',
  );
  await addWebLink(page, 'link', 'Trang riêng', 'https://example.vn/ngan');
  await addWebLink(page, 'link', 'Liên kết tạm', 'https://example.vn/tam');

  // Vietcombank first, the private page hidden, the temporary link deleted.
  await page.getByRole('button', { name: 'Đưa Vietcombank 0071000123456 lên' }).click();
  await expect(section(page, 'Tài khoản ngân hàng').getByRole('listitem').first()).toContainText(
    'Vietcombank',
  );
  await more(page, 'Trang riêng');
  await page.getByRole('button', { name: 'Ẩn Trang riêng' }).click();
  await expectHidden(page, 'Trang riêng');
  await deleteItem(page, 'Liên kết tạm');

  await expect
    .poll(async () => (await serverLinks(request, session)).length, { timeout: 30_000 })
    .toBe(4);
  const rows = await serverLinks(request, session);
  expect(rows.filter((r) => r.kind === 'bank').map((r) => r.bankName)).toEqual([
    'Vietcombank',
    'MBBank',
  ]);
  expect(rows.find((r) => r.title === 'Trang riêng')?.hidden).toBe(true);

  // Logged out.
  const visitor = await visitorCard(browser, session.memberId);
  const banks = visitor.page.locator('.card-bank strong');
  await expect(banks).toHaveText(['Vietcombank', 'MBBank']);
  await expect(visitor.page.getByRole('link', { name: 'Trang riêng' })).toHaveCount(0);
  await expect(visitor.page.getByRole('link', { name: 'Liên kết tạm' })).toHaveCount(0);
  const video = visitor.page.getByRole('link', { name: 'Phát video: Giới thiệu cửa hàng' });
  await video.scrollIntoViewIfNeeded();
  // A drawn placeholder, not YouTube's thumbnail: the card asks no other origin (decision 0403).
  await expect(video.locator('img')).toHaveCount(0);
  await expect(video).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=/);

  const payload = await decodeCanvas(
    visitor.page,
    /Mã VietQR chuyển khoản tới tài khoản 0071000123456/,
  );
  expect(hasValidEmvCrc(payload)).toBe(true);
  expect(payload).toContain('0010A000000727');
  expect(payload).toContain('0208QRIBFTTA');
  expect(readVietQr(payload)).toMatchObject({ bin: '970436', accountNumber: '0071000123456' });
  const second = await decodeCanvas(
    visitor.page,
    /Mã VietQR chuyển khoản tới tài khoản 0812945269/,
  );
  expect(readVietQr(second)).toMatchObject({ bin: '970422', accountNumber: '0812945269' });
  await visitor.context.close();
});

test('the same edits with the network off survive a reload and reach the server once', async ({
  page,
  context,
  request,
  browser,
}) => {
  const account = await registerMemberByApi(request, { name: 'Trần Thị Ngân' });
  const session = await apiLogin(request, account);
  await logInThroughForm(page, account);
  // Online once: the app and the bank list are kept on the device.
  await waitForOfflineShell(page, '/action/setting/links');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ngân hàng, liên kết và video' }),
  ).toBeVisible();
  // The bank list arrives after the screen: going offline before it lands would leave none.
  await expect.poll(() => deviceKeeps(page, 'bankList')).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await addBank(page, '970422', 'TRAN THI NGAN', '0812945269');
  await addBank(page, '970436', 'TRAN THI NGAN', '0071000123456');
  await addWebLink(page, 'video', 'Giới thiệu cửa hàng', 'https://youtu.be/a_b-C1d2E3f');
  await addWebLink(page, 'link', 'Trang riêng', 'https://example.vn/ngan');
  await addWebLink(page, 'link', 'Liên kết tạm', 'https://example.vn/tam');
  await page.getByRole('button', { name: 'Đưa Vietcombank 0071000123456 lên' }).click();
  await more(page, 'Trang riêng');
  await page.getByRole('button', { name: 'Ẩn Trang riêng' }).click();
  await deleteItem(page, 'Liên kết tạm');
  // Offline the video's thumbnail is the local picture.
  await expect(section(page, 'Video').locator('img')).toHaveAttribute(
    'src',
    '/video-placeholder.svg',
  );

  // A reload with the network still off keeps everything.
  await page.reload();
  await expect(section(page, 'Tài khoản ngân hàng').getByRole('listitem')).toHaveCount(2);
  await expect(section(page, 'Tài khoản ngân hàng').getByRole('listitem').first()).toContainText(
    'Vietcombank',
  );
  await expectHidden(page, 'Trang riêng');
  await expect(page.getByRole('button', { name: 'Thêm thao tác với Liên kết tạm' })).toHaveCount(0);
  expect(await serverLinks(request, session)).toEqual([]);

  await goOnline(context, page);
  await expect
    .poll(async () => (await serverLinks(request, session)).length, { timeout: 30_000 })
    .toBe(4);
  // Every queued write acknowledged: nothing left that could land twice.
  await expect.poll(() => pendingOutboxEntries(page), { timeout: 30_000 }).toBe(0);
  const rows = await serverLinks(request, session);
  expect(rows.map((r) => r.title ?? r.bankName).sort()).toEqual(
    ['Giới thiệu cửa hàng', 'MBBank', 'Trang riêng', 'Vietcombank'].sort(),
  );
  expect(rows.filter((r) => r.kind === 'bank').map((r) => r.bankName)).toEqual([
    'Vietcombank',
    'MBBank',
  ]);
  expect(rows.find((r) => r.title === 'Trang riêng')?.hidden).toBe(true);

  const visitor = await visitorCard(browser, session.memberId);
  await expect(visitor.page.locator('.card-bank strong')).toHaveText(['Vietcombank', 'MBBank']);
  await expect(visitor.page.getByRole('link', { name: 'Trang riêng' })).toHaveCount(0);
  await expect(
    visitor.page.getByRole('link', { name: 'Phát video: Giới thiệu cửa hàng' }),
  ).toBeVisible();
  await visitor.context.close();
});

test('links are typed the way people know them: a Zalo phone, a Facebook page, a TikTok name', async ({
  page,
  request,
}) => {
  const account = await registerMemberByApi(request, { name: 'Trần Thị Ngân' });
  const session = await apiLogin(request, account);
  await logInThroughForm(page, account);
  await page.goto('/action/setting/links');
  const add = async (type: string, field: string, text: string) => {
    await page.getByRole('button', { name: 'Thêm liên kết' }).click();
    const form = page.getByRole('form', { name: 'Thêm liên kết' });
    await form.getByLabel('Loại liên kết').selectOption({ label: type });
    await form.getByLabel(field).fill(text);
    await form.getByRole('button', { name: 'Lưu' }).click();
    return form;
  };
  // Not a phone for Zalo: the field says what Zalo wants, nothing is saved.
  const refused = await add('Zalo', 'Số điện thoại Zalo hoặc đường dẫn zalo.me', '12345');
  await expect(refused.getByText('Nhập số điện thoại Zalo hoặc đường dẫn zalo.me')).toBeVisible();
  await refused.getByLabel('Số điện thoại Zalo hoặc đường dẫn zalo.me').fill('0912 345 678');
  await refused.getByRole('button', { name: 'Lưu' }).click();
  await expect(refused).toHaveCount(0);
  await expect(
    await add('Facebook', 'Tên trang hoặc đường dẫn Facebook', 'caphesuongmai'),
  ).toHaveCount(0);
  await expect(await add('TikTok', 'Tên TikTok hoặc đường dẫn', '@suongmai.coffee')).toHaveCount(0);

  await expect
    .poll(async () => (await serverLinks(request, session)).length, { timeout: 30_000 })
    .toBe(3);
  const rows = await serverLinks(request, session);
  expect(rows.map((row) => [row.title, row.url])).toEqual([
    ['Zalo', 'https://zalo.me/0912345678'],
    ['Facebook', 'https://www.facebook.com/caphesuongmai'],
    ['TikTok', 'https://www.tiktok.com/@suongmai.coffee'],
  ]);
});
