// Decision 1102 from the phonebook screen: the CSV export imported again says "0 new" and the
// phonebook keeps its count (no duplicates); the screen is checked at 360 and 768 px.
import { expect, test } from './support/axe';
import { apiGet, apiLogin, logInThroughForm } from './support/session';

test('phonebook: the exported CSV imported again adds no contact', async ({ page, request }) => {
  // The server's count, whatever journeys ran before: the screen shows it once the first pull
  // of this new device has landed (reading the screen earlier raced that pull).
  const session = await apiLogin(request);
  const { total } = await apiGet<{ total: number }>(
    request,
    session,
    `/api/contacts/getContactsByMemberId/${session.memberId}?limit=1`,
  );
  await logInThroughForm(page);
  await page.goto('/action/phonebook');
  const count = page.locator('.phonebook__count');
  await expect(count).toHaveText(`${total} liên hệ`);
  const before = await count.textContent();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Xuất CSV' }).click(),
  ]);
  await page.getByTestId('contacts-import-file').setInputFiles(await download.path());
  await expect(
    page.getByText(`Đã nhập: 0 liên hệ mới, ${total} liên hệ cập nhật`, { exact: true }),
  ).toBeVisible();
  await expect(count).toHaveText(before ?? '');

  for (const width of [360, 768]) {
    await page.setViewportSize({ width, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    const button = page.getByRole('button', { name: 'Nhập CSV / vCard' });
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: test.info().outputPath(`phonebook-${width}.png`) });
  }
});
