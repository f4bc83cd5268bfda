// Issue 23 item 9: screens say what is true. An expired discount says so; the spec's
// /action/save-poster opens the poster editor; an empty notifications screen does not count zero.
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/axe';
import { apiGet, apiLogin, logInThroughForm, registerMemberByApi } from './support/session';

const brandLogin = { email: 'brand@mecards.vn', password: 'brand12345' } as const;

test('an expired discount says "hết hạn"; /action/save-poster opens the poster editor', async ({
  page,
  request,
}) => {
  const brand = await apiLogin(request, brandLogin);
  const { items } = await apiGet<{ items: { groupId: string }[] }>(
    request,
    brand,
    '/api/discountGroup',
  );
  const groupId = items[0]!.groupId;
  const title = `Khai trương ${Date.now()}`;
  const created = await request.post('/api/discountGroup', {
    headers: { authorization: `Bearer ${brand.token}` },
    data: {
      id: randomUUID(),
      groupId,
      title,
      percent: 5,
      validFrom: '2025-01-01',
      validTo: '2025-01-31',
      active: true,
    },
  });
  expect(created.status()).toBe(201);

  await logInThroughForm(page, brandLogin);
  await page.goto('/action/discount');
  await page.getByRole('combobox', { name: 'Nhóm' }).selectOption(groupId);
  const offer = page.getByRole('listitem').filter({ hasText: title });
  await expect(offer).toContainText('hết hạn');
  await expect(offer).not.toContainText('đang bật');

  await page.goto('/action/save-poster');
  await expect(page).toHaveURL(/\/action\/content\/poster$/);
});

test('a new member’s notifications say only that there are none, not also "0 chưa xem"', async ({
  page,
  request,
}) => {
  const member = await registerMemberByApi(request, { name: 'Lâm Thị Chưa Có' });
  await logInThroughForm(page, member);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Thông báo' })).toBeVisible();
  await expect(page.getByText('Chưa có thông báo nào')).toBeVisible();
  await expect(page.getByText(/chưa xem/)).toHaveCount(0);
});

test('on a new device a list says its data is on the way until the first pull lands, never "empty"', async ({
  context,
  page,
  request,
}) => {
  const member = await registerMemberByApi(request, { name: 'Trịnh Văn Máy Mới' });
  // The first pull is held (page and worker alike) until the screens are checked.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/api/sync/pull**', async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  await logInThroughForm(page, member);
  await page.goto('/action/phonebook');
  await expect(page.getByText('Đang tải dữ liệu của bạn về máy này…')).toBeVisible();
  await expect(page.getByText('Danh bạ đang trống')).toHaveCount(0);
  await page.goto('/messages');
  await expect(page.getByText('Đang tải dữ liệu của bạn về máy này…')).toBeVisible();
  await expect(page.getByText('Chưa có lời nhắn nào')).toHaveCount(0);
  // With the network gone it says what would bring the data, not that there is none.
  await context.setOffline(true);
  await expect(page.getByText('Chưa tải về máy này')).toBeVisible();
  await expect(page.getByText('Chưa có lời nhắn nào')).toHaveCount(0);
  await context.setOffline(false);

  release();
  await expect(page.getByText('Chưa có lời nhắn nào')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Đang tải dữ liệu của bạn về máy này…')).toHaveCount(0);
  await page.goto('/action/phonebook');
  await expect(page.getByText('Danh bạ đang trống')).toBeVisible();
});
