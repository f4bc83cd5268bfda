// The "contact me" form of public cards (decisions 0721, 0930): an anonymous visitor on /me/demo
// sends it (a bad submit first names the problem), then once more with no network (told it
// waits), goes online → the owner's inbox (API and screen) has exactly those two messages, once
// each, and the owner's phonebook those two leads, once each, tagged with the card (decision
// 1100); marking read moves the unread count of the member menu; the inbox's "save to
// phonebook" updates the lead instead of adding a second contact. A brand page shows the form too; the owner does not see it on their own card.
import { expect, test } from './support/axe';
import {
  apiGet,
  apiLogin,
  goOnline,
  logInThroughForm,
  pendingOutboxEntries,
  waitForServiceWorker,
} from './support/session';
import type { Contact } from '../contract/contact';
import type { ContactUsMessage } from '../contract/contact-us';
import type { NotificationItem } from '../contract/notification';

interface Inbox {
  items: ContactUsMessage[];
  total: number;
  unread: number;
}

test('a visitor’s messages, online and offline, reach the owner’s inbox once each', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const owner = await apiLogin(request);
  const auth = { authorization: `Bearer ${owner.token}` };
  const stamp = `Khách ${Date.now()}`;
  const inbox = () =>
    apiGet<Inbox>(
      request,
      owner,
      `/api/contactUs/${owner.memberId}?filter=${encodeURIComponent(stamp)}`,
    );
  const unreadNow = async () =>
    (await apiGet<{ unread: number }>(request, owner, '/api/contactUs/count')).unread;
  const unreadBefore = await unreadNow();

  // The visitor (no login) opens the form on the card.
  await page.goto('/me/demo');
  const section = page.getByRole('region', { name: 'Liên hệ với tôi' });
  await section.getByRole('button', { name: 'Để lại lời nhắn' }).click();
  await section.getByLabel('Họ tên').fill(`${stamp} một`);
  await section.getByRole('button', { name: 'Gửi lời nhắn' }).click();
  await expect(section.getByText('Vui lòng nhập số điện thoại hoặc email')).toBeVisible();
  await expect(section.getByText('Vui lòng nhập nội dung liên hệ')).toBeVisible();
  await expect(
    section.getByText('Vui lòng đánh dấu đồng ý để gửi thông tin của bạn'),
  ).toBeVisible();
  await section.getByRole('checkbox', { name: /Tôi đồng ý/ }).check();
  // A malformed e-mail is named by the server's answer.
  await section.getByLabel('Email').fill('khong-phai-email');
  await section.getByLabel('Lời nhắn').fill('Tôi muốn đặt 50 thẻ');
  await section.getByRole('button', { name: 'Gửi lời nhắn' }).click();
  await expect(section.locator('#contact-me-email-error')).toHaveText(
    'Bạn phải nhập địa chỉ email',
  );
  await expect(section.getByText('Vui lòng nhập nội dung liên hệ')).toHaveCount(0);
  expect((await inbox()).total).toBe(0);

  await section.getByLabel('Email').fill('');
  await section.getByLabel('Số điện thoại').fill('0901234567');
  await section.getByRole('button', { name: 'Gửi lời nhắn' }).click();
  await expect(section.getByTestId('contact-me-status')).toHaveText(
    'Cảm ơn bạn! Lời nhắn đã được gửi.',
  );

  // The same with no network: kept by the service worker, the visitor is told so.
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await section.getByRole('button', { name: 'Gửi lời nhắn khác' }).click();
  await section.getByLabel('Họ tên').fill(`${stamp} hai`);
  await section.getByLabel('Email').fill('khach.hai@example.vn');
  await section.getByLabel('Công ty').fill('Công ty Sương Mai');
  await section.getByLabel('Lời nhắn').fill('Gọi lại cho tôi nhé');
  await section.getByRole('checkbox', { name: /Tôi đồng ý/ }).check();
  await section.getByRole('button', { name: 'Gửi lời nhắn' }).click();
  await expect(section.getByTestId('contact-me-status')).toContainText('sẽ gửi khi có mạng');
  expect((await inbox()).items.map((m) => m.name)).toEqual([`${stamp} một`]);

  await goOnline(context, page);
  await expect
    .poll(async () => (await inbox()).items.map((m) => m.name).sort(), { timeout: 30_000 })
    .toEqual([`${stamp} hai`, `${stamp} một`]);
  const arrived = await inbox();
  expect(arrived.total).toBe(2);
  const second = arrived.items.find((m) => m.name === `${stamp} hai`);
  expect(second).toMatchObject({ email: 'khach.hai@example.vn', message: 'Gọi lại cho tôi nhé' });
  expect(await unreadNow()).toBe(unreadBefore + 2);
  // The owner was told, once per message.
  const notifications = await apiGet<NotificationItem[]>(request, owner, '/api/notifications');
  for (const message of arrived.items) {
    expect(notifications.filter((n) => n.subjectId === message.id)).toHaveLength(1);
  }

  // The owner's screen: both messages, once each; the menu counts the unread ones.
  await logInThroughForm(page);
  await page.goto('/action/contact-us');
  const rows = page.getByTestId('contact-us-row').filter({ hasText: stamp });
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  // The member menu's inbox entry (in the closed dropdown: attached, not shown).
  const menuCount = (n: number) =>
    page.locator(`details.member-menu [aria-label="${n} liên hệ chưa đọc"]`);
  await expect(menuCount(unreadBefore + 2)).toBeAttached({ timeout: 30_000 });

  await rows.filter({ hasText: `${stamp} hai` }).click();
  await page.getByRole('button', { name: 'Đánh dấu đã đọc' }).click();
  await expect(page.getByTestId('contact-us-state')).toContainText('Đã đọc');
  await expect(menuCount(unreadBefore + 1)).toBeAttached();
  await expect.poll(unreadNow, { timeout: 30_000 }).toBe(unreadBefore + 1);
  await page.getByRole('button', { name: 'Đánh dấu chưa đọc' }).click();
  await expect(menuCount(unreadBefore + 2)).toBeAttached();
  await expect.poll(unreadNow, { timeout: 30_000 }).toBe(unreadBefore + 2);

  // Both senders are leads in the owner's phonebook, once each, tagged with the card.
  const contactsOf = () =>
    apiGet<{ items: Contact[] }>(
      request,
      owner,
      `/api/contacts/getContactsByMemberId/${owner.memberId}?filter=${encodeURIComponent(stamp)}`,
    );
  const leads = async () =>
    (await contactsOf()).items
      .map((c) => [c.name, c.email, c.company, c.leadSource?.kind, c.leadSource?.cardMemberId])
      .sort();
  const expectedLeads = [
    [`${stamp} hai`, 'khach.hai@example.vn', 'Công ty Sương Mai', 'card', owner.memberId],
    [`${stamp} một`, null, null, 'card', owner.memberId],
  ];
  await expect.poll(leads, { timeout: 30_000 }).toEqual(expectedLeads);

  // The inbox's one tap updates that lead: still one contact per sender.
  await page.getByRole('button', { name: 'Lưu vào danh bạ' }).click();
  await expect(page.getByRole('button', { name: 'Đã lưu vào danh bạ' })).toBeVisible();
  await expect.poll(async () => (await pendingOutboxEntries(page)) === 0).toBe(true);
  expect(await leads()).toEqual(expectedLeads);
  await page.goto('/action/phonebook');
  await expect(page.getByText(`${stamp} hai`)).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByText(`${stamp} một`)).toHaveCount(1);

  // The owner does not see the form on their own card.
  await page.goto('/me/demo');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Liên hệ với tôi' })).toHaveCount(0, {
    timeout: 15_000,
  });

  // Put the shared demo data back: both read, the contact removed.
  for (const message of arrived.items) {
    const res = await request.put(`/api/contactUs/setRead/${message.id}`, {
      headers: auth,
      data: { read: true },
    });
    expect(res.status()).toBe(200);
  }
  for (const contact of (await contactsOf()).items) {
    const res = await request.put(`/api/contacts/deleteContactById/${contact.id}`, {
      headers: auth,
    });
    expect(res.ok()).toBe(true);
  }
  expect(await unreadNow()).toBe(unreadBefore);
});

test('a message kept offline and refused when sent comes back to the form, never dropped', async ({
  page,
  context,
  request,
}) => {
  const owner = await apiLogin(request);
  const stamp = `Khách sai số ${Date.now()}`;
  const inbox = () =>
    apiGet<Inbox>(
      request,
      owner,
      `/api/contactUs/${owner.memberId}?filter=${encodeURIComponent(stamp)}`,
    );
  await page.goto('/me/demo');
  await waitForServiceWorker(page);
  const section = page.getByRole('region', { name: 'Liên hệ với tôi' });
  await section.getByRole('button', { name: 'Để lại lời nhắn' }).click();
  await context.setOffline(true);
  // Filled (so the page lets it go) but a phone the server refuses.
  await section.getByLabel('Họ tên').fill(stamp);
  await section.getByLabel('Số điện thoại').fill('abc-123');
  await section.getByLabel('Lời nhắn').fill('Xin báo giá 20 thẻ');
  await section.getByRole('checkbox', { name: /Tôi đồng ý/ }).check();
  await section.getByRole('button', { name: 'Gửi lời nhắn' }).click();
  await expect(section.getByTestId('contact-me-status')).toContainText('sẽ gửi khi có mạng');

  // Back online the worker sends it; the server's refusal is shown with the text as typed.
  await goOnline(context, page);
  await expect(section.getByTestId('contact-me-refused')).toBeVisible({ timeout: 30_000 });
  await expect(section.locator('#contact-me-phone-error')).toHaveText('Số điện thoại không hợp lệ');
  await expect(section.getByLabel('Họ tên')).toHaveValue(stamp);
  await expect(section.getByLabel('Số điện thoại')).toHaveValue('abc-123');
  await expect(section.getByLabel('Lời nhắn')).toHaveValue('Xin báo giá 20 thẻ');
  expect((await inbox()).total).toBe(0);

  // Fixed and sent again: it arrives, once.
  await section.getByLabel('Số điện thoại').fill('0901234567');
  await section.getByRole('button', { name: 'Gửi lời nhắn' }).click();
  await expect(section.getByTestId('contact-me-status')).toHaveText(
    'Cảm ơn bạn! Lời nhắn đã được gửi.',
  );
  const arrived = await inbox();
  expect(arrived.items.map((m) => [m.name, m.phone])).toEqual([[stamp, '0901234567']]);
  // Put the shared demo data back: read, and the lead removed.
  const auth = { authorization: `Bearer ${owner.token}` };
  for (const message of arrived.items) {
    const res = await request.put(`/api/contactUs/setRead/${message.id}`, {
      headers: auth,
      data: { read: true },
    });
    expect(res.status()).toBe(200);
  }
  const contacts = await apiGet<{ items: Contact[] }>(
    request,
    owner,
    `/api/contacts/getContactsByMemberId/${owner.memberId}?filter=${encodeURIComponent(stamp)}`,
  );
  for (const contact of contacts.items) {
    const res = await request.put(`/api/contacts/deleteContactById/${contact.id}`, {
      headers: auth,
    });
    expect(res.ok()).toBe(true);
  }
});

test('a brand page shows the form too', async ({ page }) => {
  const res = await page.goto('/mbg/demo-brand');
  expect(res?.status()).toBe(200);
  const section = page.getByRole('region', { name: 'Liên hệ với chúng tôi' });
  await section.getByRole('button', { name: 'Để lại lời nhắn' }).click();
  await expect(section.getByLabel('Lời nhắn')).toBeVisible();
  await section.getByRole('button', { name: 'Gửi lời nhắn' }).click();
  await expect(section.getByText('Vui lòng nhập họ tên')).toBeVisible();
  await expect(
    section.getByText('Vui lòng đánh dấu đồng ý để gửi thông tin của bạn'),
  ).toBeVisible();
});
