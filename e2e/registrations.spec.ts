// Registration information (issue 15 item 5, decision 0664): a visitor sends a request from the
// brand's public form; the brand's staff find it with the filters and walk it new → done on the
// detail screen, each step behind a confirmation and kept in the history; an illegal jump is
// refused with a message naming the current state, on screen and over the API.
import { expect, test } from './support/axe';
import { apiLogin, logInThroughForm } from './support/session';

const brandAdmin = { email: 'brand@mecards.vn', password: 'brand12345' } as const;

test('a registration request walks new → done; an illegal jump is refused', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

  // A visitor, not logged in, fills in the brand's form.
  const visitor = await browser.newContext();
  const form = await visitor.newPage();
  await form.goto('/rg/demo-brand');
  await expect(
    form.getByRole('heading', { name: 'Đăng ký thành viên Cà Phê Sương Mai' }),
  ).toBeVisible();
  await form.getByLabel('Họ và tên').fill('Phạm Thị Hồng');
  await form.getByLabel('Số điện thoại').fill(phone);
  await form.getByLabel('Email').fill('hong@example.vn');
  await form.getByLabel('Số CCCD (12 chữ số)').fill('12345');
  await form.getByLabel('Địa chỉ').fill('8 Trần Phú, Đà Lạt');
  await form.getByLabel('Ngày sinh').fill('1995-08-20');
  await form.getByRole('button', { name: 'Gửi đăng ký' }).click();
  await expect(form.getByText('Số CCCD phải gồm đúng 12 chữ số')).toBeVisible();
  await form.getByLabel('Số CCCD (12 chữ số)').fill('079195001234');
  await form.getByRole('button', { name: 'Gửi đăng ký' }).click();
  await expect(form.getByText('Đã gửi yêu cầu đăng ký tới Cà Phê Sương Mai')).toBeVisible();
  await visitor.close();

  // The brand admin finds it by its phone number.
  await logInThroughForm(page, brandAdmin);
  await page.goto('/admin/registrations');
  await page.getByLabel('Số điện thoại').fill(phone);
  await page.getByRole('button', { name: 'Lọc' }).click();
  await expect(page.getByTestId('registrations-total')).toHaveText('1 yêu cầu');
  await page.getByRole('link', { name: 'Phạm Thị Hồng' }).click();
  await expect(page.getByTestId('registration-status')).toHaveText('Mới');
  const id = page.url().split('/').at(-1)!;

  // An illegal jump over the API: new → done is refused, naming the state.
  const admin = await apiLogin(request, brandAdmin);
  const jump = await request.put(`/api/rg/done/${id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {},
  });
  expect(jump.status()).toBe(409);
  expect(((await jump.json()) as { error: { message: string } }).error.message).toBe(
    'Không thể thực hiện: yêu cầu đang ở trạng thái “Mới”',
  );

  const step = async (button: string, status: string) => {
    await page.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Đồng ý' }).click();
    await expect(page.getByTestId('registration-status')).toHaveText(status);
  };
  await step('Tiếp nhận', 'Đã tiếp nhận');

  // Someone else approves it meanwhile; this screen still offers "Duyệt": the server refuses.
  const elsewhere = await request.put(`/api/rg/approve/${id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {},
  });
  expect(elsewhere.status()).toBe(200);
  await page.getByRole('button', { name: 'Duyệt' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Đồng ý' }).click();
  await expect(
    page.getByText('Không thể thực hiện: yêu cầu đang ở trạng thái “Đã duyệt”'),
  ).toBeVisible();
  await expect(page.getByTestId('registration-status')).toHaveText('Đã duyệt');

  await step('Xác nhận đã thanh toán', 'Đã thanh toán');
  await step('Hoàn tất', 'Hoàn tất');
  await expect(page.getByText('Không còn thao tác nào cho yêu cầu này.')).toBeVisible();
  const history = page.getByTestId('registration-history').getByRole('listitem');
  await expect(history).toHaveCount(5);
  await expect(history.nth(0)).toContainText('Gửi yêu cầu → Mới · Người đăng ký');
  await expect(history.nth(1)).toContainText('Tiếp nhận → Đã tiếp nhận · Cà Phê Sương Mai');
  await expect(history.nth(4)).toContainText('Hoàn tất → Hoàn tất');

  // The list filters by state too.
  await page.goto('/admin/registrations');
  await page.getByLabel('Trạng thái').selectOption('done');
  await page.getByLabel('Số điện thoại').fill(phone);
  await page.getByRole('button', { name: 'Lọc' }).click();
  await expect(page.getByTestId('registrations-total')).toHaveText('1 yêu cầu');
});
