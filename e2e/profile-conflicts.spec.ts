// Per-field merge of the own profile (decision 1062), two devices of one member: device A edits
// the card with the network really off while device B edits it online. Different fields both
// survive; the same field goes to the later write (A's, sent on reconnect) and B, whose value it
// replaced, is shown both values and keeps its own with one tap, which ends on the server.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/axe';
import type { Member } from '../contract/member';
import {
  apiLogin,
  goOnline,
  logInThroughForm,
  waitForOutboxEmpty,
  registerMemberByApi,
  type ApiSession,
} from './support/session';

async function serverMember(request: APIRequestContext, session: ApiSession): Promise<Member> {
  const res = await request.get('/api/auth/profile', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { member: Member }).member;
}

async function openEditor(page: Page) {
  await page.goto('/action/setting');
  await expect(page.getByRole('form', { name: 'Hồ sơ' }).getByLabel('Chức danh')).toBeVisible();
}

async function editProfile(page: Page, fields: Record<string, string>) {
  const form = page.getByRole('form', { name: 'Hồ sơ' });
  for (const [label, value] of Object.entries(fields)) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await form.getByRole('button', { name: 'Lưu hồ sơ' }).click();
  await expect(page.getByText(/^Đã lưu/)).toBeVisible();
}

test('two devices edit the card: both fields survive, a same-field clash offers both values', async ({
  browser,
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await registerMemberByApi(request, { name: 'Lê Văn Hai Máy' });
  const session = await apiLogin(request, member);

  const deviceB = await browser.newContext({ locale: 'vi-VN', serviceWorkers: 'block' });
  const pageB = await deviceB.newPage();
  try {
    await logInThroughForm(page, member);
    await openEditor(page);
    await logInThroughForm(pageB, member);
    await openEditor(pageB);

    // A, offline, changes the job title and the workplace; B, online, the job title and intro.
    await context.setOffline(true);
    await editProfile(page, {
      'Chức danh': 'Chức danh từ máy A',
      'Nơi làm việc': 'Quán Sương Mai',
    });
    await editProfile(pageB, {
      'Chức danh': 'Chức danh từ máy B',
      'Câu giới thiệu': 'Giới thiệu từ máy B',
    });
    await waitForOutboxEmpty(pageB);
    expect((await serverMember(request, session)).jobTitle).toBe('Chức danh từ máy B');

    // A comes back: its workplace and B's intro both stay; the job title is A's, the later write.
    await goOnline(context, page);
    await waitForOutboxEmpty(page);
    expect(await serverMember(request, session)).toMatchObject({
      jobTitle: 'Chức danh từ máy A',
      workplace: 'Quán Sương Mai',
      intro: 'Giới thiệu từ máy B',
    });

    // B is shown the clash with both values and keeps its own; that ends on the server.
    await openEditor(pageB);
    const banner = pageB.getByTestId('conflict-banner');
    await expect(banner).toContainText('Đã được sửa trên thiết bị khác');
    await expect(banner).toContainText('Chức danh');
    await expect(banner).toContainText('Của tôi: Chức danh từ máy B');
    await expect(banner).toContainText('Bản kia: Chức danh từ máy A');
    await banner.getByRole('button', { name: 'Giữ bản của tôi' }).click();
    await expect(banner).toHaveCount(0);
    await waitForOutboxEmpty(pageB);
    await expect
      .poll(async () => (await serverMember(request, session)).jobTitle)
      .toBe('Chức danh từ máy B');
    expect(await serverMember(request, session)).toMatchObject({
      workplace: 'Quán Sương Mai',
      intro: 'Giới thiệu từ máy B',
    });

    // A, on its next sync, no longer offers the settled clash.
    await openEditor(page);
    await expect(page.getByTestId('conflict-banner')).toHaveCount(0);
  } finally {
    await deviceB.close();
  }
});
