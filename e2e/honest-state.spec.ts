// Honest state (decisions 1061, 1062): what needs the member is counted on home and one tap
// opens where it is settled; home never says "everything sent" meanwhile. An edit of a contact
// deleted on another device is no longer refused: it is kept, and home counts it.
import type { APIRequestContext } from '@playwright/test';
import type { PullResponse } from '../contract/sync';
import { expect, test } from './support/axe';
import {
  apiLogin,
  goOnline,
  logInThroughForm,
  registerMemberByApi,
  waitForOfflineShell,
} from './support/session';

/** The member's kept conflicts as the server has them: open ones have no `deletedAt`. */
async function openConflictsOnServer(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/sync/pull?cursor=0&limit=500', {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as PullResponse;
  return body.changes.filter((c) => c.entity === 'conflicts' && !c.row.deletedAt).length;
}

test('an edit of a contact deleted elsewhere is kept: home counts it, one tap shows it', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A member of its own: a conflict left open would greet every later login of a shared one.
  const member = await registerMemberByApi(request, { name: 'Đỗ Thị Xung Đột' });
  const server = await apiLogin(request, member);
  const auth = { authorization: `Bearer ${server.token}` };
  const contactId = crypto.randomUUID();
  const name = `Đỗ Văn Xoá ${Date.now()}`;
  const saved = await request.put(`/api/contacts/upsertContactById/${contactId}`, {
    headers: auth,
    data: { name, phone: '0905123456' },
  });
  expect(saved.ok()).toBe(true);
  try {
    await logInThroughForm(page, member);
    await waitForOfflineShell(page, '/action/phonebook');
    const more = page.getByRole('button', { name: `Thêm thao tác với ${name}` });
    await expect(more).toBeVisible();

    await context.setOffline(true);
    await more.click();
    await page.getByRole('button', { name: `Sửa ${name}` }).click();
    const form = page.getByRole('form', { name: 'Sửa liên hệ' });
    await form.getByLabel('Ghi chú').fill('Gặp ở hội chợ Đà Lạt');
    await form.getByRole('button', { name: 'Lưu' }).click();
    await expect(form).toHaveCount(0);

    // Meanwhile another device deletes the contact.
    const deleted = await request.put(`/api/contacts/deleteContactById/${contactId}`, {
      headers: auth,
    });
    expect(deleted.ok()).toBe(true);

    await goOnline(context, page);
    await page.goto('/action');
    const waiting = page.getByTestId('home-conflicts');
    await expect(waiting).toContainText('thay đổi cần bạn chọn bản giữ lại');
    await expect(page.getByText('Mọi thay đổi đã được gửi')).toHaveCount(0);
    await waiting.click();
    const kept = page.getByTestId('conflict-banner').filter({ hasText: name });
    await expect(kept).toContainText('đã bị xoá trên thiết bị khác');
    await kept.getByRole('button', { name: 'Bỏ qua' }).click();
    await expect(kept).toHaveCount(0);
    // Let go means let go everywhere: the server has the dismissal, and home is quiet again.
    await expect.poll(() => openConflictsOnServer(request, server.token)).toBe(0);
    await page.goto('/action');
    await expect(page.getByTestId('home-conflicts')).toHaveCount(0);
  } finally {
    await request.put(`/api/contacts/deleteContactById/${contactId}`, { headers: auth });
  }
});
