// Wedding invitations and contact-us (decisions 0720, 0721): a visitor replies offline on
// /wedding/{id}, is told it waits, goes online → the owner's guest list has exactly that one
// reply; a contact-us message reaches the owner's inbox and its read flag toggles.
import { expect, test } from './support/axe';
import {
  apiGet,
  apiLogin,
  goOnline,
  logInThroughForm,
  waitForServiceWorker,
} from './support/session';
import type { WeddingGuest } from '../contract/wedding';

test('a guest replies offline; online, the owner sees exactly that reply', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await apiLogin(request);
  const weddingId = crypto.randomUUID();
  const created = await request.put(`/api/wedding/${weddingId}`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      id: weddingId,
      groomsFamily: { name: 'Nguyễn Văn An', father: 'Nguyễn Văn Bình' },
      bridesFamily: { name: 'Trần Thị Hoa', mother: 'Lê Thị Lan' },
      groomsBank: { bankBin: '970436', ownerName: 'NGUYEN VAN AN', accountNumber: '0071000123456' },
      weddingDay: { h: '11H00', d: 7, m: 3, y: 2027 },
      weddingPartyDay: { h: '11H30', d: 7, m: 3, y: 2027 },
      venue: 'Nhà hàng Hoa Sen',
    },
  });
  expect(created.status()).toBe(200);

  // The guest's own browser (no login).
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const res = await guest.goto(`/wedding/${weddingId}`);
  expect(res?.status()).toBe(200);
  await expect(guest).toHaveTitle(/Thiệp cưới/);
  expect(await guest.locator('meta[name="description"]').getAttribute('content')).toBe(
    'Trân trọng kính mời',
  );
  await expect(guest.getByTestId('wedding-day')).toHaveText('11H00, Chủ nhật, 07/03/2027');
  await expect(guest.locator('[data-vietqr]')).toHaveCount(1);
  await waitForServiceWorker(guest);

  await guestContext.setOffline(true);
  await guest.getByLabel('Họ tên').fill('Chị Mai Anh');
  await guest.getByLabel('Có, tôi sẽ đến').check();
  await guest.getByLabel('Số người tham dự').fill('3');
  await guest.getByLabel('Lời chúc').fill('Trăm năm hạnh phúc!');
  await guest.getByRole('button', { name: 'Gửi phản hồi' }).click();
  await expect(guest.getByTestId('rsvp-status')).toContainText('Bạn đang ngoại tuyến');
  const offlineList = await apiGet<WeddingGuest[]>(
    request,
    owner,
    `/api/wedding/${weddingId}/guests`,
  );
  expect(offlineList).toEqual([]);

  await goOnline(guestContext, guest);
  await expect
    .poll(
      async () =>
        (await apiGet<WeddingGuest[]>(request, owner, `/api/wedding/${weddingId}/guests`)).map(
          (g) => [g.name, g.attending, g.people, g.wishes],
        ),
      { timeout: 30_000 },
    )
    .toEqual([['Chị Mai Anh', true, 3, 'Trăm năm hạnh phúc!']]);
  await guestContext.close();

  // The owner's screen lists it once, with the totals.
  await logInThroughForm(page);
  await page.goto('/action/wedding');
  const item = page.getByTestId('my-wedding').filter({ hasText: 'Nguyễn Văn An' }).first();
  await expect(item.getByTestId('wedding-guest')).toHaveCount(1, { timeout: 30_000 });
  await expect(item.getByTestId('wedding-guest')).toContainText('Chị Mai Anh');
  await expect(item.getByTestId('wedding-totals')).toContainText('3 người tham dự');
});

test('an unknown wedding answers 404', async ({ request }) => {
  const res = await request.get(`/wedding/${crypto.randomUUID()}`);
  expect(res.status()).toBe(404);
});

test('a contact-us message reaches the inbox and its read flag toggles', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await apiLogin(request);
  const name = `Khách ${Date.now()}`;
  const sent = await request.post('/api/contactUs', {
    data: {
      id: crypto.randomUUID(),
      memberId: owner.memberId,
      name,
      phone: '0901234567',
      message: 'Cho tôi xin báo giá <b>50 thẻ</b>',
      consent: true,
    },
  });
  expect(sent.status()).toBe(201);

  await logInThroughForm(page);
  await page.goto('/action/contact-us');
  const row = page.getByTestId('contact-us-row').filter({ hasText: name });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await row.click();
  const detail = page.getByTestId('contact-us-detail');
  // Rendered as text, never as markup.
  await expect(detail).toContainText('Cho tôi xin báo giá <b>50 thẻ</b>');
  await expect(page.getByTestId('contact-us-state')).toContainText('Chưa đọc');
  await page.getByRole('button', { name: 'Đánh dấu đã đọc' }).click();
  await expect(page.getByTestId('contact-us-state')).toContainText('Đã đọc');
  const idOf = async () => {
    const inbox = await apiGet<{ items: { name: string; readAt: string | null }[] }>(
      request,
      owner,
      `/api/contactUs/${owner.memberId}?filter=${encodeURIComponent(name)}`,
    );
    return inbox.items[0]?.readAt !== null;
  };
  await expect.poll(idOf, { timeout: 30_000 }).toBe(true);
  await page.getByRole('button', { name: 'Đánh dấu chưa đọc' }).click();
  await expect(page.getByTestId('contact-us-state')).toContainText('Chưa đọc');
  await expect.poll(idOf, { timeout: 30_000 }).toBe(false);
});
