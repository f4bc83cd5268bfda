// Issue 23 item 2: on a fresh device the brand admin edits every brand field — intro, about,
// phone, address, website, e-mail, and a logo and a cover uploaded from files — and the brand
// page shows each edit at once, to the admin and to a visitor; the brand's vCard is an
// organisation (no person's name made up from the brand's).
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/axe';
import type { BrandSettings } from '../contract/card-settings';
import type { CardOwner } from '../contract/card';
import { apiGet, apiLogin, logInThroughForm as logIn } from './support/session';
import { keepCropped } from './support/pictures';

const brandAdmin = { email: 'brand@mecards.vn', password: 'brand12345' } as const;

async function picture(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const edits = {
  note: 'Rang mộc mỗi sáng ở Cầu Đất',
  aboutMe: 'Hơn 200 hộ nông dân cùng Sương Mai chăm từng cây cà phê.',
  phone: '0263 381 9999',
  address: '12 Trần Phú, Phường Xuân Hương - Đà Lạt',
  website: 'suongmai.coffee',
  email: 'xin-chao@suongmai.vn',
};

test('the brand admin edits every field, with a logo and a cover; /mbg shows each at once', async ({
  page,
  request,
  browser,
}) => {
  const admin = await apiLogin(request, brandAdmin);
  const brand = (await (
    await request.get('/api/groupAndBrand/getGDByById/demo-brand')
  ).json()) as CardOwner;
  const original = await apiGet<BrandSettings>(
    request,
    admin,
    `/api/groupAndBrand/getSettingsById/${brand.id}`,
  );
  // The demo brand is shared with later journeys: it is put back whatever happens.
  try {
    await logIn(page, brandAdmin);
    await page.goto(`/action/brand/${brand.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Quản lý thương hiệu' }),
    ).toBeVisible();

    // Each bad field is named, and nothing is saved.
    await page.getByLabel('Số điện thoại').fill('12ab');
    await page.getByLabel('Email').fill('xin-chao@');
    await page.getByRole('button', { name: 'Lưu thông tin' }).click();
    await expect(
      page.getByText('Số điện thoại không đúng: cần 10–11 chữ số, bắt đầu bằng 0 hoặc +84'),
    ).toBeVisible();
    await expect(page.getByText('Email không đúng dạng, ví dụ: ten@congty.vn')).toBeVisible();
    expect(
      (
        await apiGet<BrandSettings>(
          request,
          admin,
          `/api/groupAndBrand/getSettingsById/${brand.id}`,
        )
      ).email,
    ).toBe(original.email);

    await page.getByLabel('Giới thiệu ngắn').fill(edits.note);
    await page.getByLabel('Giới thiệu chi tiết').fill(edits.aboutMe);
    await page.getByLabel('Số điện thoại').fill(edits.phone);
    await page.getByLabel('Địa chỉ').fill(edits.address);
    await page.getByLabel('Trang web').fill(edits.website);
    await page.getByLabel('Email').fill(edits.email);
    await page.getByRole('button', { name: 'Lưu thông tin' }).click();
    await expect(page.getByText('Đã lưu thông tin thương hiệu')).toBeVisible();
    // The bare domain is kept as the card links it.
    await expect(page.getByLabel('Trang web')).toHaveValue('https://suongmai.coffee');

    await page.getByLabel('Logo').setInputFiles({
      name: 'logo.jpg',
      mimeType: 'image/jpeg',
      buffer: await picture(800, 800, '#6b3e26'),
    });
    await keepCropped(page, 'Logo');
    await expect(page.getByText('Đã lưu logo')).toBeVisible();
    await page.getByLabel('Ảnh bìa').setInputFiles({
      name: 'cover.jpg',
      mimeType: 'image/jpeg',
      buffer: await picture(1800, 600, '#c9a46a'),
    });
    await keepCropped(page, 'Ảnh bìa');
    await expect(page.getByText('Đã lưu ảnh bìa')).toBeVisible();

    const saved = await apiGet<BrandSettings>(
      request,
      admin,
      `/api/groupAndBrand/getSettingsById/${brand.id}`,
    );
    expect(saved).toMatchObject({
      ...edits,
      website: 'https://suongmai.coffee',
      imagesUrl: expect.stringMatching(/^\/img\/[0-9a-f-]{36}\/256\.webp$/),
      bannerUrl: expect.stringMatching(/^\/img\/[0-9a-f-]{36}\/960\.webp$/),
    });
    await expect(page.getByRole('img', { name: 'Logo' })).toHaveAttribute('src', saved.imagesUrl!);

    // The admin opens the brand page from the screen: every edit is there.
    await page.getByRole('link', { name: 'Xem trang thương hiệu' }).click();
    await expect(page).toHaveURL(/\/mbg\/demo-brand$/);
    const seeEdits = async (card: Page) => {
      await expect(card.locator('.card-hero__intro')).toHaveText(edits.note);
      await expect(card.getByText(edits.aboutMe)).toBeVisible();
      await expect(card.getByText(edits.address)).toBeVisible();
      await expect(card.getByText(edits.email).first()).toBeVisible();
      await expect(card.locator('a[href="https://suongmai.coffee"]').first()).toBeVisible();
      await expect(card.locator('a[href="tel:02633819999"]').first()).toBeAttached();
      await expect(card.locator('img.card-hero__avatar')).toHaveAttribute('src', saved.imagesUrl!);
      await expect(card.locator('.card-hero__banner img')).toHaveAttribute('src', saved.bannerUrl!);
    };
    await seeEdits(page);

    // A visitor on another fresh device sees the same at once.
    const visitor = await browser.newContext();
    const card = await visitor.newPage();
    await card.goto('/mbg/demo-brand');
    await seeEdits(card);

    // "Lưu danh bạ" downloads the brand as an organisation.
    const href = await card.getByRole('link', { name: 'Lưu danh bạ' }).getAttribute('href');
    expect(href).toBeTruthy();
    const vcard = await (await request.get(href!)).text();
    const lines = vcard.split('\r\n');
    expect(lines).toContain('N:;;;;');
    expect(lines).toContain(`ORG:${original.name}`);
    expect(lines).toContain(`FN:${original.name}`);
    expect(lines).toContain('KIND:org');
    expect(lines).toContain('TEL;TYPE=CELL,VOICE:02633819999');
    await visitor.close();
  } finally {
    const res = await request.put(`/api/groupAndBrand/updateUById/${brand.id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data: {
        name: original.name,
        note: original.note ?? '',
        aboutMe: original.aboutMe ?? '',
        phone: original.phone ?? '',
        address: original.address ?? '',
        website: original.website ?? '',
        email: original.email ?? '',
        imagesUrl: original.imagesUrl ?? '',
        bannerUrl: original.bannerUrl ?? '',
        language: original.language,
      },
    });
    expect(res.status()).toBe(200);
  }
});
