// Friends and the phonebook with the network really off (issue 4): every change is made on
// the device, survives reloads and a closed tab, and reaches the server exactly once.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/axe';
import type { Contact, ContactPage } from '../contract/contact';
import type { Friendship } from '../contract/friend';
import {
  apiLogin,
  goOnline,
  logInThroughForm as logIn,
  waitForOfflineShell,
  waitForServiceWorker,
  type ApiSession,
} from './support/session';

async function serverContacts(request: APIRequestContext, session: ApiSession): Promise<Contact[]> {
  const res = await request.get(
    `/api/contacts/getContactsByMemberId/${session.memberId}?limit=500`,
    {
      headers: { authorization: `Bearer ${session.token}` },
    },
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as ContactPage).items;
}

async function serverFriends(
  request: APIRequestContext,
  session: ApiSession,
  status: 'accepted' | 'received' | 'sent',
): Promise<string[]> {
  const res = await request.get(
    `/api/friend/getFriendsByStatus/${session.memberId}?status=${status}`,
    {
      headers: { authorization: `Bearer ${session.token}` },
    },
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Friendship[]).map((f) => f.other.name).sort();
}

/** A contact's main button in the phonebook list (its name first, then company and phone). */
function contactButton(page: Page, name: string) {
  return page.getByRole('button', { name: new RegExp(`^${name}`) });
}

async function openPhonebook(page: Page, count: string): Promise<void> {
  await page.goto('/action/phonebook');
  await expect(page.getByRole('heading', { level: 1, name: 'Danh bạ' })).toBeVisible();
  await expect(page.getByText(count, { exact: true })).toBeVisible();
}

async function addContact(page: Page, fields: { name: string; phone?: string; company?: string }) {
  await page.getByRole('button', { name: 'Thêm liên hệ' }).click();
  const form = page.getByRole('form', { name: 'Thêm liên hệ' });
  await form.getByLabel('Họ tên').fill(fields.name);
  if (fields.phone) await form.getByLabel('Số điện thoại').fill(fields.phone);
  if (fields.company) await form.getByLabel('Công ty').fill(fields.company);
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toBeHidden();
}

async function editCompany(page: Page, name: string, company: string) {
  await page.getByRole('button', { name: `Thêm thao tác với ${name}` }).click();
  await page.getByRole('button', { name: `Sửa ${name}` }).click();
  const form = page.getByRole('form', { name: 'Sửa liên hệ' });
  await form.getByLabel('Công ty').fill(company);
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toBeHidden();
}

async function removeContact(page: Page, name: string) {
  await page.getByRole('button', { name: `Thêm thao tác với ${name}` }).click();
  await page.getByRole('button', { name: `Xoá ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Xoá' }).click();
  await expect(page.getByRole('button', { name: `Thêm thao tác với ${name}` })).toHaveCount(0);
}

test('offline: contacts and friend requests survive reloads and a closed tab, then reach the server', async ({
  context,
  page,
  request,
}) => {
  const server = await apiLogin(request, { email: 'demo@mecards.vn', password: 'demo12345' });
  const memberId = await logIn(page);
  expect(memberId).toBe(server.memberId);
  await openPhonebook(page, '3 liên hệ');
  await waitForOfflineShell(page, `/friends/${memberId}`);
  await expect(page.getByText('Lê Hoàng Nam')).toBeVisible();

  await context.setOffline(true);

  // Phonebook: add, edit, delete, search — all on the device.
  await page.goto('/action/phonebook');
  await expect(page.getByText('3 liên hệ', { exact: true })).toBeVisible();
  await addContact(page, {
    name: 'Trương Văn Ngoại Tuyến',
    phone: '0909 111 222',
    company: 'Sóng Yếu',
  });
  await editCompany(page, 'Bùi Đức Thắng', 'Vận tải Đà Lạt');
  await removeContact(page, 'Hoàng Thị Mai');
  await expect(page.getByText('3 liên hệ', { exact: true })).toBeVisible();
  await page.getByLabel('Tìm theo tên, số điện thoại, công ty').fill('song yeu');
  await expect(page.getByText('1 / 3 liên hệ')).toBeVisible();
  await expect(contactButton(page, 'Trương Văn Ngoại Tuyến')).toBeVisible();
  await page.getByLabel('Tìm theo tên, số điện thoại, công ty').fill('0909111');
  await expect(page.getByText('1 / 3 liên hệ')).toBeVisible();

  // Friends: accept a request, cancel one sent (confirm), unfriend (confirm).
  await page.goto(`/friends/${memberId}?tab=received`);
  await page.getByRole('button', { name: 'Chấp nhận Võ Quốc Bảo' }).click();
  await expect(page.getByText('Đã chấp nhận lời mời kết bạn', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: /^Lời mời đã gửi/ }).click();
  await page.getByRole('button', { name: 'Huỷ lời mời gửi Đặng Ngọc Lan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Huỷ lời mời' }).click();
  await expect(page.getByText('Chưa gửi lời mời nào')).toBeVisible();
  await page.getByRole('button', { name: /^Bạn bè/ }).click();
  // Unfriending is in the row's "more" menu: "Nhắn tin" is the row's one prominent action.
  await page.getByRole('button', { name: 'Thêm thao tác với Phạm Thu Hà' }).click();
  await page.getByRole('button', { name: 'Huỷ kết bạn với Phạm Thu Hà' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Huỷ kết bạn' }).click();
  await expect(page.getByRole('button', { name: 'Huỷ kết bạn với Phạm Thu Hà' })).toHaveCount(0);
  await expect(page.getByText('Võ Quốc Bảo')).toBeVisible();

  // Reload with no network: the app and the changes come back from the device.
  await page.reload();
  await expect(page.getByText('Võ Quốc Bảo')).toBeVisible();
  await expect(page.getByText('Phạm Thu Hà')).toHaveCount(0);

  // Close the tab, open a new one, still offline.
  await page.close();
  const reopened = await context.newPage();
  await openPhonebook(reopened, '3 liên hệ');
  await expect(contactButton(reopened, 'Trương Văn Ngoại Tuyến')).toBeVisible();
  await expect(contactButton(reopened, 'Hoàng Thị Mai')).toHaveCount(0);

  // Nothing reached the server yet.
  expect((await serverContacts(request, server)).map((c) => c.name)).toContain('Hoàng Thị Mai');

  await goOnline(context, reopened);
  await expect
    .poll(async () => (await serverContacts(request, server)).map((c) => c.name).sort(), {
      timeout: 30_000,
    })
    .toEqual(['Bùi Đức Thắng', 'Lê Hoàng Nam', 'Trương Văn Ngoại Tuyến']);
  const contacts = await serverContacts(request, server);
  expect(contacts.find((c) => c.name === 'Bùi Đức Thắng')?.company).toBe('Vận tải Đà Lạt');
  expect(contacts.find((c) => c.name === 'Trương Văn Ngoại Tuyến')).toMatchObject({
    phone: '0909 111 222',
    company: 'Sóng Yếu',
  });
  await expect
    .poll(() => serverFriends(request, server, 'accepted'), { timeout: 30_000 })
    .toEqual(['Lê Hoàng Nam', 'Trần Văn Bình', 'Võ Quốc Bảo']);
  expect(await serverFriends(request, server, 'sent')).toEqual([]);
  expect(await serverFriends(request, server, 'received')).toEqual([]);
});

test('a saved card opens in airplane mode, and a friend request to it is sent offline', async ({
  context,
  page,
  request,
}) => {
  const server = await apiLogin(request, { email: 'demo@mecards.vn', password: 'demo12345' });
  const brand = await apiLogin(request, { email: 'brand@mecards.vn', password: 'brand12345' });
  const contactId = crypto.randomUUID();
  const saved = await request.put(`/api/contacts/upsertContactById/${contactId}`, {
    headers: { authorization: `Bearer ${server.token}` },
    data: {
      name: 'Cà Phê Sương Mai',
      phone: '02633812345',
      cardMemberId: brand.memberId,
      cardSnapshot: {
        name: 'Cà Phê Sương Mai',
        urlMinify: 'suong-mai',
        intro: 'Cà phê Arabica Cầu Đất rang mộc',
        website: 'https://suongmai.vn',
      },
    },
  });
  expect(saved.ok()).toBe(true);

  const memberId = await logIn(page);
  await waitForOfflineShell(page, '/action/phonebook');
  await expect(contactButton(page, 'Cà Phê Sương Mai')).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await contactButton(page, 'Cà Phê Sương Mai').click();
  const card = page.getByRole('article', { name: 'Danh thiếp đã lưu' });
  await expect(card.getByText('Cà phê Arabica Cầu Đất rang mộc')).toBeVisible();
  await expect(card.getByText('https://suongmai.vn')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Zalo' })).toHaveAttribute(
    'href',
    'https://zalo.me/02633812345',
  );
  // The opened card is in the address: a reload offline opens it again.
  await page.reload();
  await expect(page.getByText('Cà phê Arabica Cầu Đất rang mộc')).toBeVisible();

  await page.goto(`/friends/${memberId}`);
  await page.getByRole('button', { name: 'Kết bạn với Cà Phê Sương Mai' }).click();
  await expect(page.getByText(/Đã gửi lời mời kết bạn/)).toBeVisible();
  await page.getByRole('button', { name: /^Lời mời đã gửi/ }).click();
  await expect(page.getByText('Cà Phê Sương Mai')).toBeVisible();

  await goOnline(context, page);
  await expect
    .poll(() => serverFriends(request, server, 'sent'), { timeout: 30_000 })
    .toContain('Cà Phê Sương Mai');
});

test('two tabs offline: both write, each sees the other, the server gets each change once', async ({
  context,
  page,
  request,
}) => {
  const server = await apiLogin(request, { email: 'demo@mecards.vn', password: 'demo12345' });
  await logIn(page);
  await waitForServiceWorker(page);
  const before = (await serverContacts(request, server)).map((c) => c.name);
  await page.goto('/action/phonebook');
  await expect(page.getByText(`${before.length} liên hệ`, { exact: true })).toBeVisible();
  const second = await context.newPage();
  await second.goto('/action/phonebook');
  await expect(second.getByText(`${before.length} liên hệ`, { exact: true })).toBeVisible();

  await context.setOffline(true);
  await addContact(page, { name: 'Phan Thị Tab Một', phone: '0911 000 001' });
  // The other tab sees the new contact at once (same device database).
  await expect(contactButton(second, 'Phan Thị Tab Một')).toBeVisible();
  await editCompany(second, 'Phan Thị Tab Một', 'Sửa ở tab hai');
  await addContact(second, { name: 'Lý Văn Tab Hai' });
  await expect(contactButton(page, 'Lý Văn Tab Hai')).toBeVisible();
  await removeContact(page, 'Lý Văn Tab Hai');
  await expect(contactButton(second, 'Lý Văn Tab Hai')).toHaveCount(0);

  // Both tabs come back online at once: one flusher, each change sent once.
  await context.setOffline(false);
  await Promise.all([
    page.evaluate(() => window.dispatchEvent(new Event('online'))),
    second.evaluate(() => window.dispatchEvent(new Event('online'))),
  ]);
  await expect
    .poll(async () => (await serverContacts(request, server)).map((c) => c.name).sort(), {
      timeout: 30_000,
    })
    .toEqual([...before, 'Phan Thị Tab Một'].sort());
  const mine = (await serverContacts(request, server)).filter((c) => c.name === 'Phan Thị Tab Một');
  expect(mine).toHaveLength(1);
  expect(mine[0]?.company).toBe('Sửa ở tab hai');
});

test('on a 360 px phone a row shows the whole name beside its badge, and Zalo is in its menu', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await logIn(page);
  await page.goto('/action/phonebook');
  const row = page.locator('.contact-row', { hasText: 'Lê Hoàng Nam' });
  // Lê Hoàng Nam keeps his card (the demo's "Danh thiếp" badge), on the line under his name.
  await expect(row.getByText('Danh thiếp', { exact: true })).toBeVisible();
  const name = row.locator('.contact-row__name');
  await expect(name).toHaveText('Lê Hoàng Nam');
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // Call stays on the row; Zalo moves into the row's menu, still a real link.
  await expect(row.getByRole('link', { name: 'Gọi Lê Hoàng Nam' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Nhắn Zalo cho Lê Hoàng Nam' })).toBeHidden();
  await page.getByRole('button', { name: 'Thêm thao tác với Lê Hoàng Nam' }).click();
  const zalo = page
    .getByRole('group', { name: 'Thêm thao tác với Lê Hoàng Nam' })
    .getByRole('link', { name: 'Nhắn Zalo cho Lê Hoàng Nam' });
  await expect(zalo).toBeVisible();
  await expect(zalo).toHaveAttribute('href', /^https:\/\/zalo\.me\/\d+$/);
  await page.keyboard.press('Escape');
  await expect(zalo).toBeHidden();
});
