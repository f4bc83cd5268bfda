// Per-field merge of the wedding invitation (decision 1062), two devices of one member: device A
// edits the invitation with the network really off while device B edits it online. Different
// fields both survive; the same field goes to the later write (A's, sent on reconnect) and B,
// whose value it replaced, is shown both values and keeps its own with one tap.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/axe';
import type { Wedding } from '../contract/wedding';
import {
  apiGet,
  apiLogin,
  goOnline,
  logInThroughForm,
  waitForOutboxEmpty,
  registerMemberByApi,
  type ApiSession,
} from './support/session';

async function serverWedding(request: APIRequestContext, session: ApiSession, id: string) {
  return apiGet<Wedding>(request, session, `/api/wedding/${id}`);
}

async function openEditor(page: Page) {
  await page.goto('/action/wedding');
  await page.getByTestId('my-wedding').getByRole('button', { name: 'Sửa' }).click();
  await expect(page.getByLabel('Nơi đãi tiệc')).toBeVisible();
}

async function editWedding(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('button', { name: 'Lưu thiệp cưới' }).click();
  await expect(page.getByText(/^Đã lưu trên máy này/).last()).toBeVisible();
}

test('two devices edit the invitation: both fields survive, a same-field clash offers both values', async ({
  browser,
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await registerMemberByApi(request, { name: 'Lê Văn Cưới' });
  const session = await apiLogin(request, member);
  const id = crypto.randomUUID();
  const created = await request.put(`/api/wedding/${id}`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      id,
      groomsFamily: { name: 'Nguyễn Văn An' },
      bridesFamily: { name: 'Trần Thị Hoa' },
      weddingDay: { h: '11H00', d: 7, m: 3, y: 2027 },
      weddingPartyDay: { h: '11H30', d: 7, m: 3, y: 2027 },
      venue: 'Nhà hàng Hoa Sen',
      message: 'Trân trọng kính mời',
    },
  });
  expect(created.status()).toBe(200);

  const deviceB = await browser.newContext({ locale: 'vi-VN', serviceWorkers: 'block' });
  const pageB = await deviceB.newPage();
  try {
    await logInThroughForm(page, member);
    await openEditor(page);
    await logInThroughForm(pageB, member);
    await openEditor(pageB);

    // A, offline, changes the message and the venue; B, online, the message and the party venue.
    await context.setOffline(true);
    await editWedding(page, { 'Lời mời': 'Lời mời từ máy A', 'Địa điểm': 'Nhà thờ Đức Bà' });
    await editWedding(pageB, { 'Lời mời': 'Lời mời từ máy B', 'Nơi đãi tiệc': 'Tiệc tại nhà' });
    await waitForOutboxEmpty(pageB);
    expect((await serverWedding(request, session, id)).message).toBe('Lời mời từ máy B');

    // A comes back: its venue and B's party venue both stay; the message is A's, written later.
    await goOnline(context, page);
    await waitForOutboxEmpty(page);
    expect(await serverWedding(request, session, id)).toMatchObject({
      message: 'Lời mời từ máy A',
      venue: 'Nhà thờ Đức Bà',
      partyVenue: 'Tiệc tại nhà',
    });

    // B is shown the clash with both values and keeps its own; that ends on the server.
    await pageB.goto('/action/wedding');
    const banner = pageB.getByTestId('conflict-banner');
    await expect(banner).toContainText('Đã được sửa trên thiết bị khác');
    await expect(banner).toContainText('Lời mời');
    await expect(banner).toContainText('Của tôi: Lời mời từ máy B');
    await expect(banner).toContainText('Bản kia: Lời mời từ máy A');
    await banner.getByRole('button', { name: 'Giữ bản của tôi' }).click();
    await expect(banner).toHaveCount(0);
    await waitForOutboxEmpty(pageB);
    await expect
      .poll(async () => (await serverWedding(request, session, id)).message)
      .toBe('Lời mời từ máy B');
    expect(await serverWedding(request, session, id)).toMatchObject({
      venue: 'Nhà thờ Đức Bà',
      partyVenue: 'Tiệc tại nhà',
    });
  } finally {
    await deviceB.close();
  }
});
