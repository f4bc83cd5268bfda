// Issue 27 items 3 and 4, with no network: the e-mail signature is copied as rich HTML and
// downloaded as a file; the 1920×1080 video-call background is downloaded and its QR decodes to
// the card link. Both are made on the device from the mirrored profile.
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/axe';
import { goOnline, logInThroughForm, waitForOfflineShell } from './support/session';
import { decodeQrPng } from './support/qr-decode';

function pngSize(png: Buffer): { width: number; height: number } {
  // IHDR follows the 8-byte signature and the chunk's length and type.
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test('offline: the signature is copied and downloaded; each background PNG carries a readable QR', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await logInThroughForm(page);
  await waitForOfflineShell(page, '/action/qrcode');
  const cardLink = `${baseURL}/me/demo`;
  try {
    await context.setOffline(true);
    await page.goto('/action/qrcode');
    const signature = page.frameLocator('[data-testid="email-signature"]');
    await expect(signature.getByRole('link', { name: 'Xem danh thiếp của tôi' })).toHaveAttribute(
      'href',
      cardLink,
    );
    const name = ((await page.locator('.qr-page__name').textContent()) ?? '').trim();
    expect(name).not.toBe('');
    await expect(signature.getByText(name, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Chép chữ ký' }).click();
    await expect(page.getByText('Đã chép chữ ký', { exact: false })).toBeVisible();
    const copied = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      const html = await (await item!.getType('text/html')).text();
      const text = await (await item!.getType('text/plain')).text();
      return { html, text };
    });
    expect(copied.html).toContain('<table');
    expect(copied.html).toContain(`href="${cardLink}"`);
    expect(copied.html).toContain(name);
    expect(copied.text).toContain(cardLink);

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Tải tệp .html' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/\.html$/);
    const document = await readFile(await file.path(), 'utf8');
    expect(document).toMatch(/^<!DOCTYPE html>/);
    expect(document).toContain(`href="${cardLink}"`);

    for (const layout of ['Dải bên trái', 'Dải phía dưới', 'Góc phải']) {
      await page.getByRole('radio', { name: layout }).check();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Tải hình nền PNG' }).click(),
      ]);
      const png = await readFile(await download.path());
      expect(pngSize(png)).toEqual({ width: 1920, height: 1080 });
      expect(await decodeQrPng(png)).toBe(cardLink);
    }
  } finally {
    await goOnline(context, page);
  }
});
