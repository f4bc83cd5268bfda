// Owner editing, items 5, 6 and 8 of issue 12: the card's theme (offline too), its short link
// (the old link keeps working), the brand admin editing the brand, and the card's section
// tabs on a 390-px phone.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/axe';
import type { BrandSettings, ThemeAuth } from '../contract/card-settings';
import {
  apiGet,
  apiLogin,
  goOnline,
  logInThroughForm as logIn,
  waitForOfflineShell,
  type ApiSession,
} from './support/session';

const brandAdmin = { email: 'brand@mecards.vn', password: 'brand12345' } as const;

function serverTheme(request: APIRequestContext, session: ApiSession): Promise<ThemeAuth> {
  return apiGet<ThemeAuth>(request, session, '/api/members/getThemeCheckAuth');
}

test('picks a theme and a square layout offline; after reload and reconnect the server has it once', async ({
  context,
  page,
  request,
}) => {
  const server = await apiLogin(request);
  const before = await serverTheme(request, server);
  expect(before.theme).not.toBe('darkmode');
  await logIn(page);
  await waitForOfflineShell(page, '/action/setting/display');
  await expect(page.getByRole('heading', { level: 1, name: 'Giao diện thẻ' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(13);

  await context.setOffline(true);
  await page.reload();
  await page.getByText('Tối', { exact: true }).click();
  await page.getByText('Ô vuông', { exact: true }).click();
  // The preview follows the choice before anything is saved.
  const preview = page.getByTestId('theme-preview');
  await expect(preview).toHaveAttribute('data-theme', 'darkmode');
  await expect(preview.locator('ul')).toHaveAttribute('data-mode', 'square');
  await page.getByRole('button', { name: 'Lưu giao diện' }).click();
  await expect(page.getByText('Đã lưu trên máy này, sẽ gửi khi có mạng')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Tối', exact: true })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Ô vuông' })).toBeChecked();
  await expect(page.getByText('Lựa chọn mới đang chờ gửi lên máy chủ.')).toBeVisible();
  expect((await serverTheme(request, server)).theme).toBe(before.theme);

  await goOnline(context, page);
  await expect
    .poll(async () => {
      const now = await serverTheme(request, server);
      return `${now.theme} ${now.themeType}`;
    })
    .toBe('darkmode square');
  await expect(page.getByText('Lựa chọn mới đang chờ gửi lên máy chủ.')).toHaveCount(0);
  // Sent once: nothing is left in the outbox, and the card shows it.
  const left = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('mecards');
        open.onerror = () => reject(new Error('no database'));
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(left).toBe(0);
  await page.goto('/me/demo');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#15181d');

  // The demo card is shared with later specs: its theme is put back.
  const putBack = await request.put(`/api/members/updateMemberTheme/${server.memberId}`, {
    headers: { authorization: `Bearer ${server.token}` },
    data: { theme: before.theme ?? 'lightmode', themeType: before.themeType },
  });
  expect(putBack.status()).toBe(200);
});

test('changes the short link: logged out, the new link shows the card and the old one redirects', async ({
  browser,
  context,
  page,
}) => {
  await logIn(page);
  await page.goto('/action');
  await page.getByRole('link', { name: 'Đường dẫn thẻ' }).click();
  await expect(page).toHaveURL(/\/action\/setting\/short-link$/);
  const field = page.getByRole('textbox', { name: 'Đường dẫn ngắn' });
  await expect(field).toHaveValue('demo');

  await field.fill('Ab');
  await expect(page.getByText('Cần ít nhất 3 ký tự')).toBeVisible();
  await field.fill('products');
  await expect(
    page.getByText('Đường dẫn này được dành riêng cho hệ thống, hãy chọn đường dẫn khác'),
  ).toBeVisible();
  await field.fill('binh-tran');
  await expect(page.getByText('Đường dẫn này đã có người dùng')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lưu đường dẫn' })).toBeDisabled();
  // Typed with accents and spaces, it becomes a link.
  await field.fill('Minh Anh Đà Lạt');
  await expect(page.getByText('Đường dẫn này dùng được.')).toBeVisible();
  await expect(page.getByText('/me/minh-anh-da-lat')).toBeVisible();

  // Offline the screen says why it cannot save.
  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(page.getByText(/Bạn đang ngoại tuyến: cần có mạng/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lưu đường dẫn' })).toBeDisabled();
  await goOnline(context, page);

  await expect(page.getByText('Đường dẫn này dùng được.')).toBeVisible();
  await page.getByRole('button', { name: 'Lưu đường dẫn' }).click();
  await expect(page.getByText('Đã đổi đường dẫn thẻ')).toBeVisible();
  await expect(field).toHaveValue('minh-anh-da-lat');

  const visitor = await browser.newContext();
  const card = await visitor.newPage();
  await card.goto('/me/minh-anh-da-lat');
  await expect(card.getByRole('heading', { name: 'Nguyễn Thị Minh Anh' })).toBeVisible();
  const moved = await card.request.get('/me/demo', { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe('/me/minh-anh-da-lat');
  await card.goto('/me/demo');
  await expect(card).toHaveURL(/\/me\/minh-anh-da-lat$/);
  await expect(card.getByRole('heading', { name: 'Nguyễn Thị Minh Anh' })).toBeVisible();
  await visitor.close();

  // The demo card is shared with later specs: the owner takes the old link back.
  const owner = await apiLogin(page.request);
  const back = await page.request.put(`/api/members/updateUrlMinify/${owner.memberId}`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { urlMinify: 'demo' },
  });
  expect(back.status()).toBe(200);
});

test('the brand admin edits the brand from the hub; a second member gets 403', async ({
  browser,
  page,
  request,
}) => {
  const admin = await apiLogin(request, brandAdmin);
  await logIn(page, brandAdmin);
  await page.goto('/action');
  // The organisation block at the top of an admin's home leads there first.
  await page
    .getByRole('region', { name: 'Thương hiệu Cà Phê Sương Mai' })
    .getByRole('link', { name: 'Quản lý thương hiệu' })
    .click();
  await expect(page).toHaveURL(/\/action\/brand\/[0-9a-f-]{36}$/);
  const brandId = page.url().split('/').at(-1) ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'Quản lý thương hiệu' })).toBeVisible();
  // The demo brand is shared with later specs: its settings are put back whatever happens.
  const original = await apiGet<BrandSettings>(
    request,
    admin,
    `/api/groupAndBrand/getSettingsById/${brandId}`,
  );

  // Put back even when a step fails, or every later journey on the demo brand fails too.
  try {
    // Bad input: a clear message on the field, nothing saved.
    const name = page.getByLabel('Tên thương hiệu');
    await name.fill('');
    await page.getByLabel('Trang web').fill('không phải trang web');
    await page.getByRole('button', { name: 'Lưu thông tin' }).click();
    await expect(page.getByText('Vui lòng nhập thông tin')).toBeVisible();
    await expect(
      page.getByText('Trang web không đúng dạng, ví dụ: congty.vn hoặc https://congty.vn'),
    ).toBeVisible();
    await page.getByLabel('Trang web').fill(original.website ?? '');

    await name.fill('Sương Mai Roastery');
    await page.getByLabel('Giới thiệu ngắn').fill('Rang mộc mỗi sáng ở Đà Lạt.');
    await page.locator('#brand-language').selectOption('EN');
    await page.getByRole('button', { name: 'Lưu thông tin' }).click();
    await expect(page.getByText('Đã lưu thông tin thương hiệu')).toBeVisible();

    // A LIMIT brand is offered only its own styles.
    await expect(page.getByText('Thương hiệu chỉ được dùng các giao diện riêng')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Tối', exact: true })).toHaveCount(0);
    await page.locator('.theme-swatch', { hasText: 'm.e Cards' }).click();
    await page.getByRole('button', { name: 'Lưu giao diện thương hiệu' }).click();
    await expect(page.getByText('Đã lưu giao diện')).toBeVisible();

    // The form visitors fill in.
    await page.getByRole('button', { name: 'Thêm trường' }).click();
    await page.getByLabel('Tên trường 1').fill('Số điện thoại liên hệ');
    await page.getByLabel('Kiểu').selectOption('phone');
    await page.getByLabel('Bắt buộc').check();
    await page.getByRole('button', { name: 'Lưu biểu mẫu' }).click();
    await expect(page.getByText('Đã lưu biểu mẫu')).toBeVisible();

    // The short link; the old one redirects.
    const link = page.getByRole('textbox', { name: 'Đường dẫn ngắn' });
    await link.fill('suong-mai-roastery');
    await expect(page.getByText('Đường dẫn này dùng được.')).toBeVisible();
    await page.getByRole('button', { name: 'Lưu đường dẫn' }).click();
    await expect(page.getByText('Đã đổi đường dẫn thương hiệu')).toBeVisible();

    const settings = await apiGet<BrandSettings>(
      request,
      admin,
      `/api/groupAndBrand/getSettingsById/${brandId}`,
    );
    expect(settings).toMatchObject({
      name: 'Sương Mai Roastery',
      note: 'Rang mộc mỗi sáng ở Đà Lạt.',
      language: 'EN',
      theme: 'OrganizationMode',
      urlMinify: 'suong-mai-roastery',
    });
    const form = (await (
      await request.get(`/api/groupAndBrand/getFormDataByBrandAndGroupId/${brandId}`)
    ).json()) as { fields: unknown[] };
    expect(form.fields).toEqual([
      { label: 'Số điện thoại liên hệ', type: 'phone', required: true },
    ]);
    const moved = await request.get('/mbg/demo-brand', { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe('/mbg/suong-mai-roastery');

    // Another member: 403 from the server, nothing changes, and the screen says why.
    const other = await apiLogin(request);
    const refused = await request.put(`/api/groupAndBrand/updateUById/${brandId}`, {
      headers: { authorization: `Bearer ${other.token}` },
      data: { name: 'Không phải của tôi' },
    });
    expect(refused.status()).toBe(403);
    const refusedTheme = await request.put(`/api/groupAndBrand/updateTheme/${brandId}`, {
      headers: { authorization: `Bearer ${other.token}` },
      data: { theme: 'blackgold' },
    });
    expect(refusedTheme.status()).toBe(403);
    expect(
      (await apiGet<BrandSettings>(request, admin, `/api/groupAndBrand/getSettingsById/${brandId}`))
        .name,
    ).toBe('Sương Mai Roastery');
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await logIn(memberPage);
    await expect(memberPage.getByRole('link', { name: 'Quản lý thương hiệu' })).toHaveCount(0);
    await memberPage.goto(`/action/brand/${brandId}`);
    await expect(
      memberPage.getByText('Chỉ quản trị viên của thương hiệu mới sửa được thương hiệu này.'),
    ).toBeVisible();
    await memberContext.close();
  } finally {
    const asAdmin = { authorization: `Bearer ${admin.token}` };
    const restore = async (path: string, data: object) => {
      const res = await request.put(`/api/groupAndBrand/${path}/${brandId}`, {
        headers: asAdmin,
        data,
      });
      expect(res.status(), path).toBe(200);
    };
    await restore('updateUById', {
      name: original.name,
      note: original.note ?? '',
      imagesUrl: original.imagesUrl ?? '',
      bannerUrl: original.bannerUrl ?? '',
      language: original.language,
    });
    if (original.theme)
      await restore('updateTheme', { theme: original.theme, themeType: original.themeType });
    await restore('updateUrlMinify', { urlMinify: original.urlMinify });
    await restore('updateFormDataBaDbyBaDId', { fields: [] });
    expect(
      await apiGet<BrandSettings>(request, admin, `/api/groupAndBrand/getSettingsById/${brandId}`),
    ).toMatchObject({ name: original.name, urlMinify: original.urlMinify });
  }
});

test("the card's section tabs fit a 390-px phone; a visitor sees no empty section", async ({
  browser,
}) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  // Bình's card has no products, posts, activities or relics: no tab leads to "no content".
  await page.goto('/me/binh-tran');
  const emptyMenu = page.getByRole('navigation', { name: 'Mục của danh thiếp' });
  await expect(emptyMenu.getByRole('link', { name: /^m\.e/ })).toBeVisible();
  for (const name of ['Sản phẩm', 'Bài viết', 'Hoạt động', 'Kỷ vật']) {
    await expect(emptyMenu.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  // The demo card has all four.
  await page.goto('/me/demo');
  const menu = page.getByRole('navigation', { name: 'Mục của danh thiếp' });
  const relics = menu.getByRole('link', { name: 'Kỷ vật' });
  await expect(relics).toBeVisible();
  const box = await relics.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  const overflow = await menu.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.close();
});
