// Owner editing (issue 12, items 1, 2, 9 and "add friend"): a new member fills every field of
// the profile editor, online and with the network off; visitors see it on the card; the
// interface language is the device's, the card's is the profile's; the home, the tab bar; add friend from a card.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/axe';
import {
  apiLogin,
  goOnline,
  pendingOutboxEntries,
  waitForOfflineShell,
  type ApiSession,
} from './support/session';
import type { Member } from '../contract/member';
import type { Friendship } from '../contract/friend';

interface OutboxMessage {
  kind: string;
  payload: { code?: string };
}

function uniqueEmail(label: string): string {
  return `e2e-profile-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.vn`;
}

const password = 'hoa-mai-vang-2026';

/** Registers through the screens (OTP by the test mail outbox); lands on the home. */
async function register(page: Page, request: APIRequestContext, name: string): Promise<string> {
  const email = uniqueEmail(name.length.toString());
  await page.goto('/register');
  await page.getByLabel('Họ và tên').fill(name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByLabel('Xác nhận mật khẩu').fill(password);
  await page.getByRole('button', { name: 'Nhận mã xác thực' }).click();
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/test/outbox?recipient=${encodeURIComponent(email)}`);
      const { messages } = (await res.json()) as { messages: OutboxMessage[] };
      code = messages.find((m) => m.kind === 'register_otp')?.payload.code ?? '';
      return code;
    })
    .not.toBe('');
  await page.getByLabel('Mã OTP').fill(code);
  await page.getByRole('button', { name: 'Xác nhận và đăng ký' }).click();
  // Registering hashes the password (memory-hard, slow on purpose) on a machine running a
  // second lane of journeys.
  await expect(page).toHaveURL(/\/action$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: `Xin chào, ${name}` })).toBeVisible();
  return email;
}

async function serverMember(request: APIRequestContext, session: ApiSession): Promise<Member> {
  const res = await request.get('/api/auth/profile', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { member: Member }).member;
}

async function urlMinifyOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return decodeURIComponent(cookies.find((c) => c.name === 'urlMinify')?.value ?? '');
}

test('a new member fills every profile field; visitors see it on the card', async ({
  page,
  request,
  browser,
}) => {
  const email = await register(page, request, 'Trần Thị Hồ Sơ');
  // The home says what the card lacks and that nothing waits.
  await expect(page.getByRole('heading', { name: /^Thẻ đã hoàn thiện \d+%$/ })).toBeVisible();
  // The next step is a button; the other missing parts fold under "Còn … mục nữa".
  await expect(page.getByRole('link', { name: 'Thêm: Ảnh đại diện' })).toBeVisible();
  await page.getByText(/^Còn \d+ mục nữa$/).click();
  await expect(page.getByRole('link', { name: 'Chức danh hoặc nơi làm việc' })).toBeVisible();
  await page.getByRole('link', { name: 'Sửa thẻ', exact: true }).click();
  await expect(page).toHaveURL(/\/action\/setting$/);
  const form = page.getByRole('form', { name: 'Hồ sơ' });

  // The long form folds: the introduction is open, the other sections are one tap away.
  const section = (title: string) =>
    form.locator('details', { has: page.getByText(title, { exact: true }) });
  const phone = form.getByLabel('Điện thoại', { exact: true });
  await expect(form.getByLabel('Họ và tên')).toBeVisible();
  await expect(phone).toBeHidden();
  await section('Liên hệ').locator('summary').click();

  // A bad phone is named and saves nothing; folded away, its section opens again to show why.
  await phone.fill('gọi tôi nhé');
  await section('Liên hệ').locator('summary').click();
  await expect(phone).toBeHidden();
  await form.getByRole('button', { name: 'Lưu hồ sơ' }).click();
  await expect(form.getByText('Số điện thoại không hợp lệ')).toBeVisible();
  await expect(phone).toBeFocused();

  await form.getByLabel('Họ và tên').fill('Trần Thị Hồ Sơ Mới');
  await form.getByLabel('Tên ngắn').fill('Hồ Sơ');
  await form.getByLabel('Câu giới thiệu').fill('Kết nối bằng một chạm');
  await form.getByLabel('Chức danh').fill('Giám đốc điều hành');
  await form.getByLabel('Nơi làm việc').fill('Công ty Hồ Sơ Việt');
  await form.getByLabel('Về tôi').fill('Mười năm làm thẻ danh thiếp.');
  await form.getByLabel('Điện thoại', { exact: true }).fill('0901 234 567');
  await form.getByLabel('Điện thoại khác').fill('0281234567');
  await form.getByLabel('Email liên hệ').fill('lienhe@hoso.vn');
  await form.getByLabel('Trang web').fill('https://hoso.vn');
  await form.getByLabel('Zalo').fill('0901234567');
  await form.getByLabel('Địa chỉ (số nhà, đường)').fill('12 Lê Lợi');
  await form.getByLabel('Tỉnh / thành phố').selectOption({ label: 'Thành phố Hà Nội' });
  const ward = form.getByLabel('Phường / xã');
  await expect(ward).toBeEnabled();
  await ward.selectOption({ label: 'Phường Hoàn Kiếm' });
  await section('Sở thích và lĩnh vực').locator('summary').click();
  await form.getByRole('checkbox', { name: 'Du lịch' }).check();
  await form.getByLabel('Ngành nghề').selectOption('Công nghệ thông tin');
  await form.getByRole('checkbox', { name: 'Phần mềm' }).check();
  await section('Công ty và ngôn ngữ').locator('summary').click();
  await form.getByLabel('Thông tin công ty').fill('Thành lập năm 2016.');
  // The preview follows the form before anything is saved.
  const preview = page.getByRole('region', { name: 'Thẻ của bạn như khách xem' });
  await expect(preview.getByText('Giám đốc điều hành · Công ty Hồ Sơ Việt')).toBeVisible();
  await form.getByRole('button', { name: 'Lưu hồ sơ' }).click();
  await expect(page.getByText('Đã lưu hồ sơ')).toBeVisible();

  const session = await apiLogin(request, { email, password });
  await expect
    .poll(async () => (await serverMember(request, session)).jobTitle)
    .toBe('Giám đốc điều hành');
  const member = await serverMember(request, session);
  expect(member).toMatchObject({
    name: 'Trần Thị Hồ Sơ Mới',
    shortName: 'Hồ Sơ',
    intro: 'Kết nối bằng một chạm',
    workplace: 'Công ty Hồ Sơ Việt',
    aboutMe: 'Mười năm làm thẻ danh thiếp.',
    phone: '0901 234 567',
    otherPhone: '0281234567',
    contactEmail: 'lienhe@hoso.vn',
    website: 'https://hoso.vn',
    zalo: '0901234567',
    address: '12 Lê Lợi, Phường Hoàn Kiếm, Thành phố Hà Nội',
    interests: ['Du lịch'],
    businessSectors: ['Phần mềm'],
    companyInfo: 'Thành lập năm 2016.',
    language: 'VN',
  });

  // Logged out, the card shows it all, and never the login e-mail.
  const link = await urlMinifyOf(page);
  const visitor = await browser.newContext();
  const card = await visitor.newPage();
  await card.goto(`/me/${link}`);
  await expect(card.getByRole('heading', { level: 1, name: 'Trần Thị Hồ Sơ Mới' })).toBeVisible();
  for (const text of [
    'Kết nối bằng một chạm',
    'Giám đốc điều hành · Công ty Hồ Sơ Việt',
    '0901 234 567',
    'lienhe@hoso.vn',
    '12 Lê Lợi, Phường Hoàn Kiếm, Thành phố Hà Nội',
    'Mười năm làm thẻ danh thiếp.',
    'Du lịch',
    'Phần mềm',
    'Thành lập năm 2016.',
  ]) {
    await expect(card.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(card.locator('body')).not.toContainText(email);
  await visitor.close();
});

test('edits made with the network off survive a reload and arrive once', async ({
  page,
  context,
  request,
}) => {
  const email = await register(page, request, 'Phạm Văn Ngoại Tuyến');
  await waitForOfflineShell(page, '/action/setting');
  await expect(page.getByRole('form', { name: 'Hồ sơ' })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  const form = page.getByRole('form', { name: 'Hồ sơ' });
  await form.getByLabel('Chức danh').fill('Kỹ sư ngoại tuyến');
  await form.getByLabel('Câu giới thiệu').fill('Viết khi không có mạng');
  await form.getByRole('button', { name: 'Lưu hồ sơ' }).click();
  await expect(page.getByText('Đã lưu trên máy này, sẽ gửi khi có mạng')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Hồ sơ' }).getByLabel('Chức danh')).toHaveValue(
    'Kỹ sư ngoại tuyến',
  );
  await page.goto('/action');
  await expect(page.getByText('1 thay đổi đang chờ gửi')).toBeVisible();

  await goOnline(context, page);
  // Once everything is sent the home has nothing to say about it.
  await expect(page.getByText('1 thay đổi đang chờ gửi')).toHaveCount(0, { timeout: 20_000 });
  const session = await apiLogin(request, { email, password });
  const member = await serverMember(request, session);
  expect(member.jobTitle).toBe('Kỹ sư ngoại tuyến');
  expect(member.intro).toBe('Viết khi không có mạng');
  // Once: one profile change applied for this member.
  const changes = await request.get(`/api/sync/pull?cursor=0&limit=500`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const page1 = (await changes.json()) as { changes: { entity: string }[] };
  expect(page1.changes.filter((c) => c.entity === 'profile')).toHaveLength(1);
});

test("the language chosen on the device survives reload and leaves the card's language alone", async ({
  page,
  request,
}) => {
  const email = await register(page, request, 'Lê Ngôn Ngữ');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Lê Ngôn Ngữ' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Lê Ngôn Ngữ' })).toBeVisible();
  // The card's language (what visitors see) is the profile's, edited in the profile only.
  const session = await apiLogin(request, { email, password });
  // Whatever the device queued has reached the server: the profile still says VN.
  await expect.poll(() => pendingOutboxEntries(page)).toBe(0);
  expect((await serverMember(request, session)).language).toBe('VN');

  // The card pages follow the viewer's language; the owner's words stay as written.
  await page.goto('/me/demo');
  await expect(page.getByRole('link', { name: 'Open the app' })).toBeVisible();
});

test('on a phone the home has quick actions and a tab bar reaching the main areas', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page, request, 'Đỗ Điện Thoại');
  const quick = page.getByRole('navigation', { name: 'Thao tác nhanh' });
  for (const name of ['Sửa thẻ', 'Chia sẻ thẻ', 'Mã QR', 'Quét mã', 'Danh bạ']) {
    await expect(
      quick.getByRole(name === 'Chia sẻ thẻ' ? 'button' : 'link', { name }),
    ).toBeVisible();
  }
  const hub = page.getByRole('navigation', { name: 'Các chức năng' });
  await expect(hub.getByRole('heading', { name: 'Kết nối' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Thanh điều hướng' });
  await expect(tabs).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Trang chủ' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await tabs.getByRole('link', { name: 'Danh bạ' }).click();
  await expect(page).toHaveURL(/\/action\/phonebook$/);
  // One tab is current: Home is not, under /action/phonebook.
  await expect(tabs.locator('[aria-current="page"]')).toHaveText(['Danh bạ']);
  await tabs.getByRole('link', { name: 'Bạn bè' }).click();
  await expect(page).toHaveURL(/\/friends\//);
  await tabs.getByRole('link', { name: 'Trang chủ' }).click();
  await expect(page).toHaveURL(/\/action$/);
  // The QR screen shows the mirrored profile's name (no cookie fallback needed).
  await quick.getByRole('link', { name: 'Mã QR' }).click();
  await expect(page.getByText('Đỗ Điện Thoại', { exact: true })).toBeVisible();
});

async function newMember(browser: Browser, request: APIRequestContext, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await register(page, request, name);
  const link = await urlMinifyOf(page);
  return { context, page, email, link };
}

test("a logged-in member adds a friend from another member's card", async ({
  page,
  request,
  browser,
}) => {
  const other = await newMember(browser, request, 'Vũ Được Mời');
  await other.context.close();
  await register(page, request, 'Hà Người Mời');
  await page.goto(`/me/${other.link}`);
  await page.getByRole('button', { name: 'Kết bạn' }).click();
  await expect(page.getByText('Đã gửi lời mời kết bạn').first()).toBeVisible();
  const invited = await apiLogin(request, { email: other.email, password });
  await expect
    .poll(async () => {
      const res = await request.get(
        `/api/friend/getFriendsByStatus/${invited.memberId}?status=received`,
        { headers: { authorization: `Bearer ${invited.token}` } },
      );
      return ((await res.json()) as Friendship[]).map((f) => f.other.name);
    })
    .toEqual(['Hà Người Mời']);
  await page.reload();
  await expect(page.getByText('Đã gửi lời mời kết bạn')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kết bạn' })).toHaveCount(0);
});
