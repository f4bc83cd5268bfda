// Agencies (issue 16): an agency admin edits one of the agency's groups and sees the monthly
// reports of two groups summed; a seller applies a member's discount offline and it reaches the
// server exactly once.
import { expect, test } from './support/axe';
import type { APIRequestContext } from '@playwright/test';
import type { AgencyGroup, AgencyPage } from '../contract/agency';
import type { AssociationReportAnswer } from '../contract/association-report';
import type { DiscountPage, DiscountUse } from '../contract/discount';
import type { MemberPointAnswer } from '../contract/points';
import {
  apiGet,
  apiLogin,
  demoStaff,
  goOnline,
  logInThroughForm,
  waitForOfflineShell,
  waitForServiceWorker,
  type ApiSession,
  pendingOutboxEntries,
} from './support/session';

const agencyLogin = { email: 'agency@mecards.vn', password: 'agency12345' } as const;
const brandLogin = { email: 'brand@mecards.vn', password: 'brand12345' } as const;

/** Files (or, when the month exists already, edits) a group's report for a month. */
async function fileReport(
  request: APIRequestContext,
  admin: ApiSession,
  groupId: string,
  month: string,
  turnover: number,
): Promise<void> {
  const headers = { authorization: `Bearer ${admin.token}` };
  const body = { groupId, month, turnover, domesticRevenue: turnover, exportRevenue: 0 };
  let res = await request.post('/api/associationReport', { headers, data: body });
  if (res.status() === 409) {
    const mine = await apiGet<AssociationReportAnswer>(
      request,
      admin,
      `/api/associationReport?groupId=${groupId}`,
    );
    const [mm, yyyy] = month.split('/');
    const existing = mine.reports.find((r) => r.month === `${yyyy}-${mm}-01`);
    res = await request.post('/api/associationReport', {
      headers,
      data: { ...body, id: existing?.id },
    });
  }
  expect(res.ok()).toBe(true);
}

test('an agency admin edits a group and sees two groups’ reports summed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const agency = await apiLogin(request, agencyLogin);
  const brandAdmin = await apiLogin(request, brandLogin);
  const groups = await apiGet<AgencyPage<AgencyGroup>>(
    request,
    agency,
    '/api/members/getListGroupByAgency',
  );
  const brand = groups.items.find((g) => g.urlMinify === 'demo-brand')!;
  const club = groups.items.find((g) => g.urlMinify === 'demo-group')!;
  // A month of its own, far from the demo data's.
  const month = `0${1 + (Date.now() % 9)}/2011`;
  await fileReport(request, brandAdmin, brand.id, month, 1_250_000_000);
  await fileReport(request, brandAdmin, club.id, month, 345_678_000);

  await logInThroughForm(page, agencyLogin);
  await page.goto('/action/agency');
  await expect(
    page.getByRole('heading', { name: 'Hiệp hội Doanh nghiệp Trẻ Đà Lạt' }),
  ).toBeVisible();
  await page.getByRole('button', { name: `Sửa ${club.name}` }).click();
  const note = `Họp thường kỳ ngày ${(Date.now() % 28) + 1}`;
  const form = page.getByRole('form', { name: `Sửa nhóm ${club.name}` });
  await form.getByLabel('Ghi chú').fill(note);
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByTestId('agency-groups').getByText(note)).toBeVisible();
  const after = await apiGet<AgencyPage<AgencyGroup>>(
    request,
    agency,
    '/api/members/getListGroupByAgency',
  );
  expect(after.items.find((g) => g.id === club.id)?.note).toBe(note);

  await page.goto('/action/associationReports');
  const row = page.getByTestId('report-totals').locator(`tr[data-month="${month}"]`);
  // 1.250.000.000 + 345.678.000, with dot thousands.
  await expect(row).toContainText('1.595.678.000');
  await expect(row.getByRole('cell').first()).toHaveText('2');
  await expect(page.getByTestId('report-chart').locator('canvas')).toBeVisible();

  // Put the shared demo group back as it was.
  const res = await request.put(`/api/groupAndBrand/updateUByIdByAdminAgency/${club.id}`, {
    headers: { authorization: `Bearer ${agency.token}` },
    data: { note: club.note ?? '' },
  });
  expect(res.ok()).toBe(true);
});

test('a seller applies a member’s discount offline; it reaches the server once', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const staff = await apiLogin(request, demoStaff);
  const buyer = await apiGet<MemberPointAnswer>(
    request,
    staff,
    '/api/members/getMemberPoint/pham-thu-ha',
  );
  const brand = buyer.groups.find((g) => g.groupName === 'Cà Phê Sương Mai');
  const groupId =
    brand?.groupId ??
    (
      await apiGet<{ items: { groupId: string; title: string }[] }>(
        request,
        staff,
        '/api/discountGroup',
      )
    ).items[0]!.groupId;
  const uses = async () =>
    (
      await apiGet<DiscountPage<DiscountUse>>(request, staff, `/api/discount?groupId=${groupId}`)
    ).items.filter((u) => u.memberId === buyer.memberId);
  const before = (await uses()).length;

  await logInThroughForm(page, demoStaff);
  await waitForServiceWorker(page);
  const createPoint = `/action/createPoint?memberId=${buyer.memberId}`;
  await page.goto(createPoint);
  await expect(page.getByLabel('Ưu đãi của thành viên')).toBeVisible({ timeout: 30_000 });
  await waitForOfflineShell(page, createPoint);

  await context.setOffline(true);
  await page.goto(createPoint);
  const invoice = `GIAM-${Date.now()}`;
  await page.getByLabel('Số hoá đơn').fill(invoice);
  await page.getByLabel('Giá trị hoá đơn (VNĐ)').fill('150.000');
  await page
    .getByLabel('Ưu đãi của thành viên')
    .selectOption({ label: 'Ưu đãi hội viên 10% (−10%)' });
  await expect(page.getByTestId('discount-amount')).toHaveText('Giảm 15.000 ₫');
  await page.getByRole('button', { name: 'Lưu điểm' }).click();
  await expect(page.getByTestId('pending-count')).toHaveText('1 giao dịch đang chờ gửi');
  await page.reload();
  await expect(page.getByTestId('pending-count')).toHaveText('1 giao dịch đang chờ gửi');
  expect((await uses()).length).toBe(before);

  await goOnline(context, page);
  await expect.poll(async () => (await uses()).length, { timeout: 60_000 }).toBe(before + 1);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 30_000 });
  // Another flush finds nothing left to send.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => pendingOutboxEntries(page), { timeout: 30_000 }).toBe(0);
  const applied = await uses();
  expect(applied.length).toBe(before + 1);
  expect(applied[0]).toMatchObject({ percent: 10, discountAmount: 15_000, invoiceValue: 150_000 });
});
