// Decision 1101 on the share screen: no wallet section while the server signs no passes; with
// wallets on (the config answer stands in for a configured server, whose signing the server
// tests cover), the Apple pass downloads, the Google button links to the save address, and a
// refusal is named in a toast.
import { expect, test } from './support/axe';
import { logInThroughForm } from './support/session';

test('wallet buttons: hidden when not configured; download, link and refusal when on', async ({
  page,
}) => {
  await logInThroughForm(page);
  const config = page.waitForResponse((r) => r.url().endsWith('/api/wallet/config'));
  await page.goto('/action/qrcode');
  expect(await (await config).json()).toEqual({ apple: false, google: false });
  await expect(page.getByTestId('card-qr')).toHaveAttribute('data-drawn', 'true');
  await expect(page.getByRole('heading', { name: 'Thêm vào ví điện tử' })).toHaveCount(0);

  await page.route('**/api/wallet/config', (route) =>
    route.fulfill({ json: { apple: true, google: true } }),
  );
  const saveUrl = 'https://pay.google.com/gp/v/save/header.payload.signature';
  await page.route('**/api/wallet/google', (route) => route.fulfill({ json: { url: saveUrl } }));
  await page.goto('/action/qrcode');
  await expect(page.getByRole('heading', { name: 'Thêm vào ví điện tử' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lưu vào Google Wallet' })).toHaveAttribute(
    'href',
    saveUrl,
  );

  // The real server signs no Apple pass: its 404 is named, not a generic failure.
  await page.getByRole('button', { name: 'Thêm vào Apple Wallet' }).click();
  await expect(page.getByText('Thẻ ví điện tử chưa được bật trên máy chủ này')).toBeVisible();

  await page.route('**/api/wallet/apple', (route) =>
    route.fulfill({
      body: Buffer.from('PK\u0003\u0004'),
      contentType: 'application/vnd.apple.pkpass',
    }),
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Thêm vào Apple Wallet' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('mecards.pkpass');

  const section = page.locator('section[aria-labelledby="wallet-passes-title"]');
  for (const width of [360, 768]) {
    await page.setViewportSize({ width, height: 780 });
    await section.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    for (const name of ['Thêm vào Apple Wallet', 'Lưu vào Google Wallet']) {
      const box = await section.getByText(name).evaluate((el) => {
        const r = (el.closest('a, button') as HTMLElement).getBoundingClientRect();
        return { height: r.height, right: r.right };
      });
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.right).toBeLessThanOrEqual(width);
    }
    await section.screenshot({ path: test.info().outputPath(`wallet-${width}.png`) });
    await page.screenshot({ path: test.info().outputPath(`wallet-page-${width}.png`) });
  }
});
