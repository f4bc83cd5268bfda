// Card pictures (issue 12, decision 0620): an avatar uploaded from a file reaches the public
// card and the vCard (inline JPEG); a banner picked with the network off waits on the device,
// is shown from there, and reaches the server once the network is back.
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/axe';
import type { Member } from '../contract/member';
import {
  apiLogin,
  demoStaff,
  goOnline,
  logInThroughForm as logIn,
  waitForOfflineShell,
  type ApiSession,
} from './support/session';
import { keepCropped } from './support/pictures';

async function photo(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fff"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 46/1 0/1' } })
    .toBuffer();
}

async function ownProfile(request: APIRequestContext, session: ApiSession): Promise<Member> {
  const res = await request.get('/api/auth/profile', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { member: Member }).member;
}

test('an avatar uploaded from a file is on the card, its share image and its vCard', async ({
  page,
  request,
  browser,
}) => {
  const session = await apiLogin(request, demoStaff);
  await logIn(page, demoStaff);
  await page.goto('/action/setting/photos');
  await expect(page.getByRole('heading', { level: 1, name: 'Ảnh của thẻ' })).toBeVisible();

  // A file that is not a picture is refused on the device, with the reason.
  await page.getByLabel('Ảnh bìa').setInputFiles({
    name: 'not-a-picture.jpg',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByText('Tệp này không phải ảnh JPEG, PNG, WebP hay AVIF')).toBeVisible();

  await page.getByLabel('Ảnh đại diện').setInputFiles({
    name: 'me.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(1600, 1200, '#2a6f97'),
  });
  await keepCropped(page, 'Ảnh đại diện');
  await expect
    .poll(async () => (await ownProfile(request, session)).avatarUrl, { timeout: 20_000 })
    .toMatch(/^\/img\/[0-9a-f-]{36}\/256\.webp$/);
  const avatarUrl = (await ownProfile(request, session)).avatarUrl!;
  await expect(page.getByText('Không có ảnh nào đang chờ tải lên')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Ảnh đại diện' })).toHaveAttribute('src', avatarUrl);

  // Logged out: the card shows it, shares its JPEG, and the vCard carries it inline.
  const visitor = await browser.newContext();
  const card = await visitor.newPage();
  await card.goto('/me/binh-tran');
  const avatar = card.locator('img.card-hero__avatar');
  await expect(avatar).toHaveAttribute('src', avatarUrl);
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(256);
  const uploadId = avatarUrl.split('/')[2]!;
  await expect(card.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    new RegExp(`/img/${uploadId}/240\\.jpg$`),
  );
  await visitor.close();
  const vcard = await (await request.get(`/api/members/getVfcMemberId/${session.memberId}`)).text();
  expect(vcard).toContain('\r\nPHOTO;ENCODING=b;TYPE=JPEG:');
  const served = await request.get(avatarUrl);
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const meta = await sharp(await served.body()).metadata();
  expect(meta.exif).toBeUndefined();
});

test('a banner picked offline waits on the device, then reaches the server once', async ({
  context,
  page,
  request,
}) => {
  const session = await apiLogin(request, demoStaff);
  const memberId = await logIn(page, demoStaff);
  expect(memberId).toBe(session.memberId);
  const before = (await ownProfile(request, session)).bannerUrl;
  await waitForOfflineShell(page, '/action/setting/photos');
  await expect(page.getByRole('heading', { level: 1, name: 'Ảnh của thẻ' })).toBeVisible();

  await context.setOffline(true);
  await page.getByLabel('Ảnh bìa').setInputFiles({
    name: 'banner.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(2400, 800, '#8a5a00'),
  });
  await keepCropped(page, 'Ảnh bìa');
  await expect(page.getByText('Đã lưu ảnh bìa trên máy này, sẽ gửi khi có mạng')).toBeVisible();
  await expect(page.getByText('1 ảnh đang chờ tải lên')).toBeVisible();
  await expect(page.getByText('Đang chờ tải lên', { exact: true })).toBeVisible();
  const preview = page.getByRole('img', { name: 'Ảnh bìa' });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // Still offline after a reload: the picture is kept on the device.
  await page.reload();
  await expect(page.getByText('1 ảnh đang chờ tải lên')).toBeVisible();
  expect((await ownProfile(request, session)).bannerUrl).toBe(before);

  await goOnline(context, page);
  await expect
    .poll(async () => (await ownProfile(request, session)).bannerUrl, { timeout: 30_000 })
    .not.toBe(before);
  const bannerUrl = (await ownProfile(request, session)).bannerUrl!;
  expect(bannerUrl).toMatch(/^\/img\/[0-9a-f-]{36}\/960\.webp$/);
  await expect(page.getByText('Không có ảnh nào đang chờ tải lên')).toBeVisible();
  await expect(preview).toHaveAttribute('src', bannerUrl);
  const uploadId = bannerUrl.split('/')[2]!;
  const stored = await request.get(`/api/uploads/${uploadId}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(stored.status()).toBe(200);
  const banner = await sharp(await (await request.get(bannerUrl)).body()).metadata();
  expect([banner.width, banner.height]).toEqual([960, 320]);
});

test('a picture is cropped to the shape the card shows, and can be removed', async ({
  page,
  request,
}) => {
  const session = await apiLogin(request, demoStaff);
  const before = (await ownProfile(request, session)).avatarUrl;
  await logIn(page, demoStaff);
  await page.goto('/action/setting/photos');
  await expect(page.getByRole('heading', { level: 1, name: 'Ảnh của thẻ' })).toBeVisible();

  // Red on the left, blue on the right: which part was kept shows in the stored avatar.
  const halves = await sharp({
    create: { width: 1600, height: 800, channels: 3, background: '#0000ff' },
  })
    .composite([
      {
        input: await sharp({
          create: { width: 800, height: 800, channels: 3, background: '#ff0000' },
        })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .jpeg()
    .toBuffer();
  await page.getByLabel('Ảnh đại diện').setInputFiles({
    name: 'halves.jpg',
    mimeType: 'image/jpeg',
    buffer: halves,
  });
  const dialog = page.getByRole('dialog', { name: 'Ảnh đại diện' });
  const frame = dialog.getByRole('group', { name: 'Vùng cắt ảnh' });
  // The avatar's frame is square, whatever the picture's shape.
  const box = (await frame.boundingBox())!;
  expect(Math.abs(box.width - box.height)).toBeLessThan(2);
  // Zoomed in, then moved as far left as it goes: only red is in the frame.
  await dialog.getByLabel('Phóng to').fill('2');
  await frame.focus();
  for (let i = 0; i < 30; i++) await frame.press('Shift+ArrowLeft');
  // Cancelling keeps nothing.
  await dialog.getByRole('button', { name: 'Huỷ' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Không có ảnh nào đang chờ tải lên')).toBeVisible();
  await page.getByLabel('Ảnh đại diện').setInputFiles({
    name: 'halves.jpg',
    mimeType: 'image/jpeg',
    buffer: halves,
  });
  await expect(frame).toBeVisible();
  // A finger drags the picture right: the frame shows its left part.
  const start = (await frame.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width, start.y + start.height / 2, { steps: 8 });
  await page.mouse.up();
  await dialog.getByRole('button', { name: 'Dùng ảnh này' }).click();
  await expect(page.getByText('Đã lưu ảnh đại diện trên máy này, đang gửi')).toBeVisible();
  await expect
    .poll(async () => (await ownProfile(request, session)).avatarUrl, { timeout: 20_000 })
    .not.toBe(before);
  expect((await ownProfile(request, session)).avatarUrl).toMatch(
    /^\/img\/[0-9a-f-]{36}\/256\.webp$/,
  );
  const avatarUrl = (await ownProfile(request, session)).avatarUrl!;
  const stored = await sharp(await (await request.get(avatarUrl)).body())
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([stored.info.width, stored.info.height]).toEqual([256, 256]);
  const [red, , blue] = [0, 1, 2].map((c) => {
    let sum = 0;
    for (let i = c; i < stored.data.length; i += stored.info.channels) sum += stored.data[i]!;
    return sum / (stored.data.length / stored.info.channels);
  });
  expect(red).toBeGreaterThan(200);
  expect(blue).toBeLessThan(60);

  // Removed, after a question: the card has no avatar again.
  await page
    .locator('.image-picker', { has: page.getByRole('img', { name: 'Ảnh đại diện' }) })
    .getByRole('button', { name: 'Xoá ảnh' })
    .click();
  const ask = page.getByRole('dialog', { name: 'Xoá ảnh đại diện?' });
  await ask.getByRole('button', { name: 'Xoá ảnh' }).click();
  await expect(page.getByText('Đã xoá ảnh đại diện trên máy này, đang gửi')).toBeVisible();
  await expect
    .poll(async () => (await ownProfile(request, session)).avatarUrl, { timeout: 20_000 })
    .toBeNull();
  await expect(page.getByRole('img', { name: 'Ảnh đại diện' })).toHaveCount(0);
});
