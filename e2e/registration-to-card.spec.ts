// From registration to the finished card (issue 12): a new member registers, edits the
// profile, uploads an avatar, adds a bank account and a link, picks a theme and a short link,
// writes a post with a picture picked while offline; a visitor (no login) then opens
// /me/<short link> and sees all of it.
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/axe';
import { apiLogin, goOnline, waitForOfflineShell, type ApiSession } from './support/session';
import type { Member } from '../contract/member';
import { findTheme } from '../contract/theme';

interface OutboxMessage {
  kind: string;
  payload: { code?: string };
}

const password = 'hoa-mai-vang-2026';

async function picture(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Registers through the screens (OTP from the test mail outbox); lands on the home. */
async function register(page: Page, request: APIRequestContext, name: string): Promise<string> {
  const email = `e2e-journey-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.vn`;
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
  // Registering hashes the password (scrypt, slow on purpose).
  await expect(page).toHaveURL(/\/action$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: `Xin chào, ${name}` })).toBeVisible();
  return email;
}

async function serverMember(request: APIRequestContext, session: ApiSession) {
  const res = await request.get('/api/auth/profile', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { member: Member & { theme: string | null } }).member;
}

test('a new member builds the whole card; a visitor sees all of it at the short link', async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = 'Vũ Thị Hành Trình';
  const email = await register(page, request, name);
  const session = await apiLogin(request, { email, password });
  const memberId = session.memberId;

  // Profile.
  await page.goto('/action/setting');
  const form = page.getByRole('form', { name: 'Hồ sơ' });
  await form.getByLabel('Câu giới thiệu').fill('Gốm thủ công từ Bát Tràng');
  await form.getByLabel('Chức danh').fill('Nghệ nhân gốm');
  await form.getByLabel('Nơi làm việc').fill('Xưởng Gốm Hành Trình');
  // The contact section is folded at first.
  await form.locator('summary', { hasText: 'Liên hệ' }).click();
  await form.getByLabel('Điện thoại', { exact: true }).fill('0912 345 678');
  await form.getByRole('button', { name: 'Lưu hồ sơ' }).click();
  await expect(page.getByText('Đã lưu hồ sơ')).toBeVisible();
  await expect
    .poll(async () => (await serverMember(request, session)).jobTitle)
    .toBe('Nghệ nhân gốm');

  // Avatar, picked from a file.
  await page.goto('/action/setting/photos');
  await page.getByLabel('Ảnh đại diện').setInputFiles({
    name: 'me.jpg',
    mimeType: 'image/jpeg',
    buffer: await picture(1200, 900, '#8a3b12'),
  });
  // Cropped to the round avatar: the middle, as it comes.
  await page
    .getByRole('dialog', { name: 'Ảnh đại diện' })
    .getByRole('button', { name: 'Dùng ảnh này' })
    .click();
  await expect
    .poll(async () => (await serverMember(request, session)).avatarUrl, { timeout: 20_000 })
    .toMatch(/^\/img\/[0-9a-f-]{36}\/256\.webp$/);
  const avatarUrl = (await serverMember(request, session)).avatarUrl!;

  // A bank account and a link.
  await page.goto('/action/setting/links');
  await page.getByRole('button', { name: 'Thêm tài khoản ngân hàng' }).click();
  const bankForm = page.getByRole('form', { name: 'Thêm tài khoản ngân hàng' });
  await expect(bankForm.getByLabel('Ngân hàng')).toBeEnabled();
  await bankForm.getByLabel('Ngân hàng').selectOption('970436');
  await bankForm.getByLabel('Tên chủ tài khoản').fill('VU THI HANH TRINH');
  await bankForm.getByLabel('Số tài khoản').fill('0451000123987');
  await bankForm.getByRole('button', { name: 'Lưu' }).click();
  await expect(bankForm).toHaveCount(0);
  await page.getByRole('button', { name: 'Thêm liên kết' }).click();
  const linkForm = page.getByRole('form', { name: 'Thêm liên kết' });
  await linkForm.getByLabel('Tên hiển thị').fill('Cửa hàng gốm');
  await linkForm.getByLabel('Đường dẫn').fill('https://example.vn/gom');
  await linkForm.getByRole('button', { name: 'Lưu' }).click();
  await expect(linkForm).toHaveCount(0);

  // Theme.
  await page.goto('/action/setting/display');
  await expect(page.getByRole('heading', { level: 1, name: 'Giao diện thẻ' })).toBeVisible();
  // The server's choice is shown first; then the new one is picked and saved.
  await expect(page.getByRole('radio', { name: 'Sáng', exact: true })).toBeChecked();
  await page.getByText('Tối', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Tối', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Lưu giao diện' }).click();
  await expect(page.getByText('Đã lưu giao diện')).toBeVisible();
  await expect
    .poll(async () => (await serverMember(request, session)).theme, { timeout: 20_000 })
    .toBe('darkmode');

  // Short link.
  const shortLink = `gom-hanh-trinh-${Date.now().toString(36)}`;
  await page.goto('/action');
  await page.getByRole('link', { name: 'Đường dẫn thẻ' }).click();
  await page.getByRole('textbox', { name: 'Đường dẫn ngắn' }).fill(shortLink);
  await expect(page.getByText('Đường dẫn này dùng được.')).toBeVisible();
  await page.getByRole('button', { name: 'Lưu đường dẫn' }).click();
  await expect(page.getByText('Đã đổi đường dẫn thẻ')).toBeVisible();

  // A post with a picture, written and picked with the network off.
  await waitForOfflineShell(page, '/action/content/post');
  await expect(page.getByRole('heading', { level: 1, name: 'Bài viết' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Thêm Bài viết' }).click();
  const postForm = page.getByRole('form', { name: 'Thêm Bài viết' });
  await postForm.getByLabel('Tiêu đề').fill('Lò gốm mùa xuân');
  await postForm.getByLabel('Nội dung').fill('Mẻ men lam đầu tiên của năm.');
  await postForm.getByLabel('Ngày').fill(new Date().toISOString().slice(0, 10));
  await postForm.getByLabel('Ảnh', { exact: true }).setInputFiles({
    name: 'lo-gom.jpg',
    mimeType: 'image/jpeg',
    buffer: await picture(1600, 1200, '#1d4e89'),
  });
  // Shown at once from the device, waiting to be uploaded.
  await expect(postForm.getByRole('img', { name: 'Ảnh 1' })).toBeVisible();
  await expect(postForm.getByText('Đang chờ tải lên')).toBeVisible();
  await postForm.getByRole('button', { name: 'Lưu' }).click();
  await expect(postForm).toBeHidden();
  await expect(page.getByText('Lò gốm mùa xuân')).toBeVisible();

  await goOnline(context, page);
  const postsUrl = `/api/members/getBlogByMemberId/${memberId}`;
  const postsOnServer = async () => {
    const res = await request.get(postsUrl, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    return (await res.json()) as { title: string; imageUrl: string | null }[];
  };
  await expect
    .poll(async () => (await postsOnServer()).map((p) => p.title), { timeout: 30_000 })
    .toEqual(['Lò gốm mùa xuân']);
  const [post] = await postsOnServer();
  expect(post?.imageUrl).toMatch(/^\/img\/[0-9a-f-]{36}\/1024\.webp$/);
  expect((await request.get(post!.imageUrl!)).headers()['content-type']).toBe('image/webp');

  // A visitor with no login opens the card at the short link.
  const visitor = await browser.newContext({ locale: 'vi-VN' });
  const card = await visitor.newPage();
  await card.goto(`/me/${shortLink}`);
  await expect(card.getByRole('heading', { level: 1, name })).toBeVisible();
  for (const text of [
    'Gốm thủ công từ Bát Tràng',
    'Nghệ nhân gốm · Xưởng Gốm Hành Trình',
    '0912 345 678',
    'VU THI HANH TRINH',
    'Lò gốm mùa xuân',
  ]) {
    await expect(card.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(card.getByText('0451000123987').first()).toBeVisible();
  await expect(card.getByRole('link', { name: 'Cửa hàng gốm' })).toBeVisible();
  await expect(card.locator(`img[src="${avatarUrl}"]`).first()).toBeVisible();
  // The page is drawn with the chosen theme: its colours, and the browser's bar in its menu colour.
  const darkmode = findTheme('darkmode');
  await expect(card.locator('meta[name="theme-color"]')).toHaveAttribute(
    'content',
    darkmode?.value.menu ?? 'no such theme',
  );
  await expect(card.locator('body')).not.toContainText(email);
  await visitor.close();
});
