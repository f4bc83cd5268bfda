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
    .toMatch(/^\/img\/[0-9a-f-]{36}\/960\.webp$/);
  const bannerUrl = (await ownProfile(request, session)).bannerUrl!;
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
