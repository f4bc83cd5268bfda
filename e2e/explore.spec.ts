// Explore directory (issue 23, decision 0810): a company shared as a link opens on a device that
// has never loaded the directory; a company that is gone says "not found"; "needs a connection"
// only when the device really is offline; a member outside any agency is told just that.
import { expect, test } from './support/axe';
import type { ExploreDirectory } from '../contract/agency';
import {
  apiGet,
  apiLogin,
  demoStaff,
  logInThroughForm,
  registerMemberByApi,
  waitForOfflineShell,
} from './support/session';

const agencyLogin = { email: 'agency@mecards.vn', password: 'agency12345' } as const;

test('a company opened by a link on a new device loads from the server, offline it says so', async ({
  page,
  context,
  request,
}) => {
  const admin = await apiLogin(request, agencyLogin);
  const directory = await apiGet<ExploreDirectory>(request, admin, '/api/exploreAgency');
  const company = directory.companies.find((c) => c.phone !== '') ?? directory.companies[0]!;

  await logInThroughForm(page, demoStaff);
  await page.goto(`/action/discover/detail?id=${company.id}`);
  await expect(page.getByRole('heading', { level: 1, name: company.name })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Danh bạ doanh nghiệp' })).toBeVisible();
  // A link back up is not the page itself (the router matches by prefix unless told exact).
  await expect(page.getByRole('link', { name: '← Danh bạ doanh nghiệp' })).not.toHaveAttribute(
    'aria-current',
    /.*/,
  );

  await page.goto(`/action/discover/detail?id=${crypto.randomUUID()}`);
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();

  // Offline, a company the device never loaded is a page for later, not a 404.
  await waitForOfflineShell(page, '/action');
  await context.setOffline(true);
  await page.goto(`/action/discover/detail?id=${crypto.randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'Bạn đang ngoại tuyến' })).toBeVisible();
  await context.setOffline(false);
});

test('a member outside any agency is told so, not that he is offline', async ({
  page,
  request,
}) => {
  const account = await registerMemberByApi(request, { name: 'Đặng Không Hội' });
  await logInThroughForm(page, account);
  await page.goto('/action/discover');
  await expect(page.getByText('Bạn chưa thuộc hiệp hội nào có danh bạ doanh nghiệp')).toBeVisible();
  await expect(page.getByText('Cần kết nối mạng', { exact: false })).toHaveCount(0);
});
