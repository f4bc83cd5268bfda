// An edit of a link deleted on another device (decision 1062): device A renames the link with
// the network really off while device B deletes it online. When A comes back its edit is not
// dropped: the links screen says the link was deleted elsewhere, the server keeps it deleted
// until A chooses, and "restore with my change" brings it back with A's title, on the server.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/axe';
import {
  apiLogin,
  goOnline,
  logInThroughForm,
  waitForOutboxEmpty,
  registerMemberByApi,
  type ApiSession,
} from './support/session';
import type { AccountLink } from '../contract/account-link';

async function serverLinks(request: APIRequestContext, session: ApiSession) {
  const res = await request.get(`/api/members/getAccountLinksByMemberId/${session.memberId}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as AccountLink[];
}

async function push(
  request: APIRequestContext,
  session: ApiSession,
  name: string,
  payload: object,
) {
  const res = await request.post('/api/sync/push', {
    headers: { authorization: `Bearer ${session.token}` },
    data: { clientId: 'e2e-seed', mutations: [{ id: crypto.randomUUID(), name, payload }] },
  });
  expect(res.ok()).toBe(true);
}

test('a link renamed offline while another device deleted it comes back with the rename, when asked', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await registerMemberByApi(request, { name: 'Lê Văn Liên Kết' });
  const session = await apiLogin(request, member);
  const id = crypto.randomUUID();
  await push(request, session, 'accountLink.upsert', {
    id,
    kind: 'link',
    title: 'Trang bán hàng',
    url: 'https://example.vn/cua-hang',
  });

  await logInThroughForm(page, member);
  await page.goto('/action/setting/links');
  await expect(page.getByRole('button', { name: 'Sửa Trang bán hàng' })).toBeVisible();

  // A, offline, renames the link; meanwhile another device deletes it.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Sửa Trang bán hàng' }).click();
  const form = page.getByRole('form', { name: 'Sửa liên kết' });
  await form.getByLabel('Tên hiển thị').fill('Cửa hàng mới');
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toHaveCount(0);
  await push(request, session, 'accountLink.delete', { id });
  expect(await serverLinks(request, session)).toEqual([]);

  // A comes back: the rename is kept as a choice, not applied and not dropped.
  await goOnline(context, page);
  await waitForOutboxEmpty(page);
  const banner = page.getByTestId('conflict-banner');
  await expect(banner).toContainText('đã bị xoá trên thiết bị khác');
  expect(await serverLinks(request, session)).toEqual([]);

  // Restoring brings the link back with A's title, on the server.
  await banner.getByRole('button', { name: 'Khôi phục với thay đổi của tôi' }).click();
  await expect(banner).toHaveCount(0);
  await waitForOutboxEmpty(page);
  await expect
    .poll(async () => (await serverLinks(request, session)).map((link) => link.title))
    .toEqual(['Cửa hàng mới']);
  await expect(page.getByRole('button', { name: 'Sửa Cửa hàng mới' })).toBeVisible();
});
