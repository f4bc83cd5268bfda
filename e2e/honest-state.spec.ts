// Honest state (decision 1061): a change the server refused is counted on home and one tap
// opens where it is kept or let go; home never says "everything sent" meanwhile.
import { expect, test } from './support/axe';
import { apiLogin, goOnline, logInThroughForm, waitForOfflineShell } from './support/session';

test('an edit of a contact deleted elsewhere is refused: home counts it, one tap shows it', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const server = await apiLogin(request);
  const auth = { authorization: `Bearer ${server.token}` };
  const contactId = crypto.randomUUID();
  const name = `Đỗ Văn Xoá ${Date.now()}`;
  const saved = await request.put(`/api/contacts/upsertContactById/${contactId}`, {
    headers: auth,
    data: { name, phone: '0905123456' },
  });
  expect(saved.ok()).toBe(true);
  try {
    await logInThroughForm(page);
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
    const refused = page.getByTestId('home-refused');
    await expect(refused).toHaveText('1 thay đổi bị từ chối — xem và xử lý');
    await expect(page.getByText('Mọi thay đổi đã được gửi')).toHaveCount(0);
    await refused.click();
    await expect(page.getByRole('heading', { name: 'Thay đổi bị máy chủ từ chối' })).toBeVisible();
  } finally {
    await request.put(`/api/contacts/deleteContactById/${contactId}`, { headers: auth });
  }
});
