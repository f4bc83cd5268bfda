// Sharing (issue 17 items 1 and 5): the member's QR carries the card link by id (a booth
// scanner resolves it offline); the downloaded PNG with the avatar in the middle decodes to that
// link; the vCard QR decodes to a vCard that parses; a short link made on /action/shortenedLink
// redirects and is counted.
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { expect, test } from './support/axe';
import { apiLogin, logInThroughForm } from './support/session';
import { decodeQrCanvas, decodeQrPng } from './support/qr-decode';
import type { ShortLink, ShortLinkClicks } from '../contract/short-link';

test('the card QR PNG (avatar in the middle) decodes to the card link; the vCard QR parses', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await logInThroughForm(page);
  await page.goto('/action/qrcode');
  await expect(page.getByRole('heading', { name: 'Mã QR danh thiếp' })).toBeVisible();
  const canvas = page.getByTestId('card-qr');
  await expect(canvas).toHaveAttribute('data-drawn', 'true');
  // The readable short link (decision 0902).
  const cardLink = new RegExp(`^${baseURL}/me/demo$`);
  await expect(canvas).toHaveAttribute('data-qr-text', cardLink);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Tải ảnh PNG' }).click(),
  ]);
  expect(await decodeQrPng(await readFile(await download.path()))).toMatch(cardLink);

  const vcardText = await decodeQrCanvas(page.getByTestId('vcard-qr'));
  const card = new ICAL.Component(ICAL.parse(vcardText) as unknown[]);
  expect(card.name).toBe('vcard');
  expect(String(card.getFirstPropertyValue('fn'))).not.toBe('');
  const urls = card.getAllProperties('url').map((p) => String(p.getFirstValue()));
  expect(urls.some((url) => cardLink.test(url))).toBe(true);

  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Tải SVG' }).click(),
  ]);
  expect(await readFile(await svg.path(), 'utf8')).toMatch(/^<svg [^>]*viewBox/);
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Tải PDF để in' }).click(),
  ]);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
  // Chromium on a desktop has no Web NFC: the button is hidden.
  await expect(page.getByRole('button', { name: 'Ghi vào thẻ NFC' })).toHaveCount(0);
});

test('a short link made on the screen redirects with 302 and its click is counted', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const session = await apiLogin(request);
  await logInThroughForm(page);
  await page.goto('/action/shortenedLink');
  await page.getByRole('button', { name: 'Tạo đường dẫn rút gọn' }).click();
  const form = page.getByRole('form', { name: 'Tạo đường dẫn rút gọn' });
  const slug = `e2e-${Date.now().toString(36)}`;
  await form.getByLabel('Đường dẫn (sau /smc/)').fill(slug);
  await form.getByLabel('Địa chỉ đích').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(
    form.getByText('Chỉ chấp nhận địa chỉ http:// hoặc https://', { exact: false }),
  ).toBeVisible();
  await form.getByLabel('Địa chỉ đích').fill('https://example.vn/khuyen-mai');
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toHaveCount(0);
  const item = page.getByTestId('short-link').filter({ hasText: slug });
  await expect(item).toBeVisible();

  // The outbox sends it; then the server has it.
  await expect
    .poll(async () => {
      const res = await request.get('/api/shortenedLink', {
        headers: { authorization: `Bearer ${session.token}` },
      });
      return ((await res.json()) as ShortLink[]).some((l) => l.slug === slug);
    })
    .toBe(true);

  const visit = await request.get(`/smc/${slug}`, { maxRedirects: 0 });
  expect(visit.status()).toBe(302);
  expect(visit.headers().location).toBe('https://example.vn/khuyen-mai');

  const clicks = await request.get('/api/shortenedLink/clicks', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const links = (await (
    await request.get('/api/shortenedLink', {
      headers: { authorization: `Bearer ${session.token}` },
    })
  ).json()) as ShortLink[];
  const id = links.find((l) => l.slug === slug)!.id;
  expect(((await clicks.json()) as ShortLinkClicks)[id]).toBe(1);
  await page.reload();
  await expect(item.getByTestId('short-link-clicks')).toHaveText('1 lượt bấm');

  // Clean up the shared demo data: delete it (the slug stays taken).
  await item.getByRole('button', { name: `Xoá ${slug}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Xoá' }).click();
  await expect(item).toHaveCount(0);
});
