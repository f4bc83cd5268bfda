// An agency admin's groups on a fresh device (issue 23, item 3): member counts are the real
// ones, and a new group is created, given an admin and archived from the screen. The group is
// the test's own and ends archived; the demo groups are only read.
import { expect, test } from './support/axe';
import type { AgencyGroup, AgencyPage } from '../contract/agency';
import type { MemberListPage } from '../contract/member-management';
import { apiGet, apiLogin, logInThroughForm } from './support/session';

const agencyLogin = { email: 'agency@mecards.vn', password: 'agency12345' } as const;
const brandLogin = { email: 'brand@mecards.vn', password: 'brand12345' } as const;

test('agency groups: real member counts; create a group, name its admin, archive it', async ({
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
  const roster = await apiGet<MemberListPage>(
    request,
    brandAdmin,
    `/api/members/getListMemberByGroupId/${brand.id}`,
  );
  expect(roster.total).toBeGreaterThan(0);

  await logInThroughForm(page, agencyLogin);
  await page.goto('/action/agency');
  const list = page.getByTestId('agency-groups');
  await expect(list.getByRole('listitem').filter({ hasText: brand.name })).toContainText(
    `${roster.total} thành viên`,
  );

  const name = `CLB Thử ${Date.now() % 1_000_000}`;
  const create = page.getByRole('form', { name: 'Tạo nhóm mới' });
  await create.getByRole('button', { name: 'Tạo nhóm' }).click();
  await expect(create.getByText('Vui lòng nhập tên nhóm')).toBeVisible();
  await create.getByLabel('Tên nhóm mới').fill(name);
  await create.getByRole('button', { name: 'Tạo nhóm' }).click();
  const row = list.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('0 thành viên');

  await row.getByRole('button', { name: `Sửa ${name}` }).click();
  const edit = page.getByRole('form', { name: `Sửa nhóm ${name}` });
  await edit.getByLabel('Liên kết danh thiếp của quản trị viên mới').fill('/me/no-such-card-x');
  await edit.getByRole('button', { name: 'Thêm quản trị viên' }).click();
  await expect(
    edit.getByText('Không tìm thấy thành viên có danh thiếp này để làm quản trị'),
  ).toBeVisible();
  // Naming a real member is covered by tests/server/agency.test.ts: a shared demo member
  // named here stays admin of the archived group and changes what later journeys see.
  await page.getByRole('button', { name: 'Huỷ' }).click();

  await row.getByRole('button', { name: `Sửa ${name}` }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Đóng nhóm' }).click();
  await expect(list.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  // The screen shows the change at once; the server has it when the write has been sent.
  const onServer = async () =>
    (
      await apiGet<AgencyPage<AgencyGroup>>(
        request,
        agency,
        `/api/members/getListGroupByAgency?filter=${encodeURIComponent(name)}`,
      )
    ).total;
  await expect.poll(onServer, { timeout: 20_000 }).toBe(0);
});
