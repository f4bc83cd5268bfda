// The till on a fresh device (issue 23, item 1): a staffer finds a customer by a phone typed
// with spaces, a member's discount is offered only to a member of the group (the rule of
// contract/discount.ts, run by the device and the server), and each bill's toast says what is
// true: saved on this device and sending, then the server's one answer — taken, or refused
// and listed once. The people are made for this test; the demo data is left as it was.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/axe';
import {
  apiGet,
  apiLogin,
  demoStaff,
  goOnline,
  logInThroughForm,
  waitForOfflineShell,
  type ApiSession,
  registerMemberByApi,
} from './support/session';
import type { DiscountGroup, DiscountPage } from '../contract/discount';
import type { MemberListPage } from '../contract/member-management';

const brandAdmin = { email: 'brand@mecards.vn', password: 'brand12345' } as const;

async function call(
  request: APIRequestContext,
  session: ApiSession,
  method: 'post' | 'put',
  path: string,
  data?: unknown,
): Promise<void> {
  const res = await request[method](`/api${path}`, {
    headers: { authorization: `Bearer ${session.token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
}

test('the till: a phone with spaces finds the customer, no member discount for a customer, one honest outcome per bill', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const suffix = String(Date.now()).slice(-6);
  const admin = await apiLogin(request, brandAdmin);
  const offers = await apiGet<DiscountPage<DiscountGroup>>(request, admin, '/api/discountGroup');
  const offer = offers.items.find((o) => o.title === 'Ưu đãi hội viên 10%')!;
  const groupId = offer.groupId;

  // A customer of the brand with a card, not a member of it; and a member of the brand.
  const customerName = `Khách Quầy ${suffix}`;
  const customer = await apiLogin(
    request,
    await registerMemberByApi(request, { name: customerName }),
  );
  const phone = `0912 ${suffix.slice(0, 3)} ${suffix.slice(3)}0`;
  await call(request, admin, 'post', '/members/createCustomer', {
    groupId,
    name: customerName,
    phone,
    cardLink: customer.memberId,
  });
  const memberName = `Hội Viên ${suffix}`;
  const member = await apiLogin(request, await registerMemberByApi(request, { name: memberName }));
  await call(request, member, 'post', `/members/requestJoinGroup/${groupId}`);
  const requests = await apiGet<MemberListPage>(
    request,
    admin,
    `/api/members/getListMemberRequestByGroupId/${groupId}?filter=${encodeURIComponent(memberName)}`,
  );
  const membershipId = requests.items[0]!.id;
  await call(request, admin, 'put', `/members/acceptMemberRequestById/${membershipId}`);

  await logInThroughForm(page, demoStaff);

  // The member gets the offer (it is mirrored on this device with the roster).
  const memberTill = `/action/createPoint?memberId=${member.memberId}`;
  await page.goto(memberTill);
  await expect(page.getByRole('heading', { name: `Tích điểm cho ${memberName}` })).toBeVisible();
  await expect(page.getByLabel('Ưu đãi của thành viên')).toBeVisible({ timeout: 30_000 });

  // The customer, found by a phone written with spaces: listed, and "Tiếp tục" opens them.
  await page.goto('/action/createPoint');
  const lookup = page.getByLabel('Mã thành viên, liên kết danh thiếp, số điện thoại hoặc tên');
  await lookup.fill(phone);
  await expect(
    page.getByRole('list', { name: 'Thành viên và khách hàng tìm thấy' }).getByText(customerName),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await expect(page.getByRole('heading', { name: `Tích điểm cho ${customerName}` })).toBeVisible();
  await expect(page.getByText(/Không tìm thấy thành viên/)).toHaveCount(0);
  // Not a member of the brand: no member discount is offered.
  await expect(page.getByLabel('Số hoá đơn')).toBeVisible();
  await expect(page.getByLabel('Ưu đãi của thành viên')).toHaveCount(0);

  // A bill the server takes: "sending", then the server's answer.
  const taken = `TILL-OK-${suffix}`;
  await page.getByLabel('Số hoá đơn').fill(taken);
  await page.getByLabel('Giá trị hoá đơn (VNĐ)').fill('350.000');
  await page.getByRole('button', { name: 'Lưu điểm' }).click();
  await expect(page.getByTestId('entry-status')).toHaveText(`Máy chủ đã nhận hoá đơn ${taken}`, {
    timeout: 30_000,
  });
  await expect(page.getByText('Đã lưu điểm')).toHaveCount(0);
  await expect(page.getByTestId('refused-entry')).toHaveCount(0);

  // A member's discounted bill saved offline, refused when it arrives because the member left
  // the group meanwhile: shown as refused, once, never as taken.
  await waitForOfflineShell(page, memberTill);
  await context.setOffline(true);
  await page.goto(memberTill);
  const refused = `TILL-NO-${suffix}`;
  await page.getByLabel('Số hoá đơn').fill(refused);
  await page.getByLabel('Giá trị hoá đơn (VNĐ)').fill('200.000');
  await page
    .getByLabel('Ưu đãi của thành viên')
    .selectOption({ label: 'Ưu đãi hội viên 10% (−10%)' });
  await page.getByRole('button', { name: 'Lưu điểm' }).click();
  await expect(page.getByTestId('entry-status')).toHaveText(
    `Hoá đơn ${refused} đã lưu trên máy, sẽ gửi khi có mạng`,
  );
  await call(request, admin, 'put', `/members/removeMemberById/${membershipId}`);
  await goOnline(context, page);
  await expect(page.getByTestId('entry-status')).toHaveText(
    `Máy chủ từ chối hoá đơn ${refused} — xem lý do bên dưới`,
    { timeout: 60_000 },
  );
  await expect(page.getByTestId('refused-entry')).toHaveCount(1);
  await expect(page.getByText(`Máy chủ đã nhận hoá đơn ${refused}`)).toHaveCount(0);
});
