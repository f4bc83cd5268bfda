// Per-field merge with visible conflicts (decision 1062), two devices of one member: device A
// edits a contact with the network really off while device B edits it online. Different fields
// both survive; the same field goes to the later write and B, whose value it replaced, keeps
// its own with one tap; an edit of a contact deleted elsewhere offers to restore it.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/axe';
import type { Contact } from '../contract/contact';
import {
  apiLogin,
  goOnline,
  logInThroughForm,
  waitForOutboxEmpty,
  type ApiSession,
} from './support/session';

async function serverContact(
  request: APIRequestContext,
  session: ApiSession,
  id: string,
): Promise<{ status: number; contact: Contact | null }> {
  const res = await request.get(`/api/contacts/getContactById/${id}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  return { status: res.status(), contact: res.ok() ? ((await res.json()) as Contact) : null };
}

async function editContact(page: Page, name: string, fields: Record<string, string>) {
  await page.getByRole('button', { name: `Thêm thao tác với ${name}` }).click();
  await page.getByRole('button', { name: `Sửa ${name}` }).click();
  const form = page.getByRole('form', { name: 'Sửa liên hệ' });
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label).fill(value);
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toHaveCount(0);
}

test('two devices: both fields survive, a same-field clash and an edit of a deleted contact are offered back', async ({
  browser,
  context,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const session = await apiLogin(request);
  const auth = { authorization: `Bearer ${session.token}` };
  const id = crypto.randomUUID();
  const name = `Phan Thị Thu ${Date.now()}`;
  const created = await request.put(`/api/contacts/upsertContactById/${id}`, {
    headers: auth,
    data: { name, company: 'Sương Mai', note: 'Cũ' },
  });
  expect(created.ok()).toBe(true);

  const deviceB = await browser.newContext({ locale: 'vi-VN', serviceWorkers: 'block' });
  const pageB = await deviceB.newPage();
  try {
    await logInThroughForm(page);
    await page.goto('/action/phonebook');
    await expect(page.getByRole('button', { name: `Thêm thao tác với ${name}` })).toBeVisible();
    await logInThroughForm(pageB);
    await pageB.goto('/action/phonebook');
    await expect(pageB.getByRole('button', { name: `Thêm thao tác với ${name}` })).toBeVisible();

    // A, offline, changes the company and the note; B, online, the company and the phone.
    await context.setOffline(true);
    await editContact(page, name, { 'Công ty': 'Công ty A', 'Ghi chú': 'Gặp ở hội chợ' });
    await editContact(pageB, name, { 'Công ty': 'Công ty B', 'Số điện thoại': '0905 111 222' });
    await waitForOutboxEmpty(pageB);

    // A comes back: its note and B's phone both stay; the company is A's, the later write.
    await goOnline(context, page);
    await waitForOutboxEmpty(page);
    expect((await serverContact(request, session, id)).contact).toMatchObject({
      company: 'Công ty A',
      note: 'Gặp ở hội chợ',
      phone: '0905 111 222',
    });

    // B is shown the clash on the contact and keeps its own value.
    await pageB.goto(`/action/phonebook`);
    await pageB.locator(`[data-contact-id="${id}"] .contact-row__main`).click();
    const banner = pageB.getByTestId('conflict-banner').filter({ hasText: 'Công ty B' });
    await expect(banner).toContainText('Đã được sửa trên thiết bị khác');
    await expect(banner).toContainText('Của tôi: Công ty B');
    await expect(banner).toContainText('Bản kia: Công ty A');
    await banner.getByRole('button', { name: 'Giữ bản của tôi' }).click();
    await expect(banner).toHaveCount(0);
    await waitForOutboxEmpty(pageB);
    expect((await serverContact(request, session, id)).contact?.company).toBe('Công ty B');

    // A edits the note offline while the contact is deleted elsewhere: A may restore it.
    await context.setOffline(true);
    await editContact(page, name, { 'Ghi chú': 'Số mới của chị Thu' });
    expect(
      (await request.put(`/api/contacts/deleteContactById/${id}`, { headers: auth })).ok(),
    ).toBe(true);
    await goOnline(context, page);
    const gone = page.getByTestId('conflict-banner').filter({ hasText: name });
    await expect(gone).toContainText(`Liên hệ ${name} đã bị xoá trên thiết bị khác`);
    await gone.getByRole('button', { name: 'Khôi phục với thay đổi của tôi' }).click();
    await expect(gone).toHaveCount(0);
    await waitForOutboxEmpty(page);
    await expect
      .poll(async () => (await serverContact(request, session, id)).contact?.note)
      .toBe('Số mới của chị Thu');
    await expect(page.getByRole('button', { name: `Thêm thao tác với ${name}` })).toBeVisible();
  } finally {
    await deviceB.close();
    await request.put(`/api/contacts/deleteContactById/${id}`, { headers: auth });
  }
});
