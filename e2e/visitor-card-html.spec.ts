// The visitor's card as server HTML (decision 0403): with no JavaScript at all a visitor calls,
// opens Zalo, saves the contact, reads the bank details and VietQR, moves between sections and
// opens posts and products; with JavaScript a small island adds the share sheet and the
// contact form. The wedding invitation likewise (decision 0931): read, gift VietQR, map, and a
// reply the server answers as a page; and a public CV. No card, wedding or CV page asks another
// origin for anything.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/axe';
import { decodeQrCanvas } from './support/qr-decode';
import { apiGet, apiLogin, registerMemberByApi } from './support/session';
import type { WeddingGuest } from '../contract/wedding';

/**
 * The page's address, read without toHaveURL: that hook runs the accessibility check, whose
 * settling needs the page's timers — none run with JavaScript off (the script-enabled tests
 * below check the same pages).
 */
function addressOf(page: Page): Promise<string> {
  return Promise.resolve(page.url());
}

async function noScriptPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    locale: 'vi-VN',
    acceptDownloads: true,
  });
  return { context, page: await context.newPage() };
}

/** A new invitation of the demo member, written through the API; its id. */
async function createWedding(request: APIRequestContext): Promise<string> {
  const owner = await apiLogin(request);
  const id = crypto.randomUUID();
  const created = await request.put(`/api/wedding/${id}`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      id,
      groomsFamily: { name: 'Nguyễn Văn An', father: 'Nguyễn Văn Bình' },
      bridesFamily: { name: 'Trần Thị Hoa', mother: 'Lê Thị Lan' },
      groomsBank: { bankBin: '970436', ownerName: 'NGUYEN VAN AN', accountNumber: '0071000123456' },
      weddingDay: { h: '11H00', d: 7, m: 3, y: 2027 },
      weddingPartyDay: { h: '11H30', d: 7, m: 3, y: 2027 },
      venue: 'Nhà hàng Hoa Sen, 12 Lê Lợi, Đà Lạt',
    },
  });
  expect(created.status()).toBe(200);
  return id;
}

/** A new member with a public CV, saved through the API; the CV's address. */
async function createPublicCv(request: APIRequestContext): Promise<string> {
  const account = await registerMemberByApi(request, { name: 'Lê Thị Hồ Sơ' });
  const session = await apiLogin(request, account);
  const saved = await request.put(`/api/cv/updateCvByMemberId/${session.memberId}`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      email: 'hoso@example.vn',
      phone: '0912 345 678',
      gender: 'female',
      dateOfBirth: '1995-04-20',
      address: '5 Trần Phú, Đà Lạt',
      aboutMe: 'Kỹ sư cầu đường, yêu thích dự án công cộng.',
      skills: ['AutoCAD', 'Quản lý dự án'],
      hobbies: ['Đọc sách'],
    },
  });
  expect(saved.ok()).toBe(true);
  return `/cv/${session.memberId}`;
}

test('with no JavaScript the member card calls, opens Zalo, saves the contact and shows the bank', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await noScriptPage(browser, baseURL);
  const response = await page.goto('/me/demo');
  expect(response?.status()).toBe(200);
  const html = await response!.text();
  // Plain HTML: the island's few facts, not the whole card as data for a framework.
  expect(html).not.toContain('id="card-data"');
  expect(html).toContain('id="card-island"');

  await expect(page.getByRole('heading', { level: 1, name: 'Nguyễn Thị Minh Anh' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gọi' })).toHaveAttribute('href', 'tel:0901234567');
  await expect(page.getByRole('link', { name: 'Zalo', exact: true })).toHaveAttribute(
    'href',
    /^https:\/\/zalo\.me\/\d+$/,
  );
  // The bank account and its VietQR, drawn by the server.
  await expect(page.getByText('0071000123456')).toBeVisible();
  const vietQr = page.getByRole('img', { name: /Mã VietQR chuyển khoản/ }).first();
  await expect(vietQr).toBeVisible();
  expect(await decodeQrCanvas(vietQr)).toMatch(/^000201/);
  const cardQr = page.getByRole('img', { name: /Mã QR danh thiếp/ });
  expect(await decodeQrCanvas(cardQr)).toBe(`${baseURL}/me/demo`);
  // What needs a script is not offered: no copy buttons, no contact form button.
  await expect(page.getByRole('button', { name: /Sao chép/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Để lại lời nhắn' })).toHaveCount(0);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Lưu danh bạ' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Nguyen-Thi-Minh-Anh.vcf');
  const vcf = await readFile(await download.path(), 'utf8');
  expect(vcf).toContain('FN:Nguyễn Thị Minh Anh');
  expect(vcf).toContain('TEL;TYPE=CELL,VOICE:0901234567');

  // Share with no script leads to the card's QR code and link.
  await page.getByRole('link', { name: 'Chia sẻ', exact: true }).click();
  await expect.poll(() => addressOf(page)).toMatch(/\/me\/demo#card-qr$/);

  // The section tabs are links the server answers.
  await page
    .getByRole('navigation', { name: 'Mục của danh thiếp' })
    .getByRole('link', { name: 'Bài viết' })
    .click();
  await expect.poll(() => addressOf(page)).toMatch(/\/me\/demo\/posts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bài viết' })).toBeVisible();
  await page.getByRole('link', { name: /Chia sẻ tại hội thảo cà phê Việt/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Chia sẻ tại hội thảo cà phê Việt' }),
  ).toBeVisible();

  // The language switch too: the server keeps the choice and sends the page back. (Links, not
  // goto: the harness checks a page before goto leaves it, which needs the page's timers.)
  await page.getByRole('link', { name: 'm.e Cards' }).click();
  await page.getByRole('link', { name: 'English' }).click();
  await expect.poll(() => addressOf(page)).toMatch(/\/me\/demo$/);
  await expect(page.getByRole('link', { name: 'Save contact' })).toBeVisible();
  await page.getByRole('link', { name: 'Tiếng Việt' }).click();
  await expect(page.getByRole('link', { name: 'Lưu danh bạ' })).toBeVisible();
  await context.close();
});

test('with no JavaScript the brand page opens its products and saves the brand', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await noScriptPage(browser, baseURL);
  await page.goto('/mbg/demo-brand');
  await expect(page.getByRole('heading', { level: 1, name: 'Cà Phê Sương Mai' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lưu danh bạ' })).toHaveAttribute(
    'href',
    /^\/api\/groupAndBrand\/getVfcGroupId\//,
  );
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Lưu danh bạ' }).click();
  expect((await downloadPromise).suggestedFilename()).toMatch(/\.vcf$/);

  await page.getByRole('link', { name: 'Sản phẩm', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Phòng trưng bày' })).toBeVisible();
  await page.getByRole('link', { name: /Arabica Cầu Đất rang mộc 500g/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Arabica Cầu Đất rang mộc 500g' }),
  ).toBeVisible();
  await context.close();
});

test('with no JavaScript a visitor switches the brand page to English; the next visitor still gets Vietnamese', async ({
  browser,
  baseURL,
}) => {
  const english = await noScriptPage(browser, baseURL);
  await english.page.goto('/mbg/demo-brand');
  await english.page.getByRole('link', { name: 'English' }).click();
  await expect.poll(() => addressOf(english.page)).toMatch(/\/mbg\/demo-brand$/);
  await expect(english.page.getByRole('link', { name: 'Save contact' })).toBeVisible();
  expect(await english.page.getAttribute('html', 'lang')).toBe('en');
  // The server keeps one rendered page per language (the cookie is part of the key, and the
  // answer varies by Cookie): a visitor with no choice right after still reads Vietnamese.
  // (A request, not a second page: the harness's check before a page's goto needs timers.)
  const other = await noScriptPage(browser, baseURL);
  const answer = await other.context.request.get('/mbg/demo-brand');
  expect(answer.headers()['vary']).toMatch(/Cookie/);
  const html = await answer.text();
  expect(html).toContain('<html lang="vi"');
  expect(html).toContain('Lưu danh bạ');
  expect(html).not.toContain('Save contact');
  await english.context.close();
  await other.context.close();
});

test('with JavaScript the island adds the share sheet, copying and the contact form', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { sharedForTest: shared });
    Object.defineProperty(navigator, 'share', {
      value: (data: unknown) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
  await page.goto('/me/demo');
  await page.getByRole('link', { name: 'Chia sẻ', exact: true }).click();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { sharedForTest: unknown[] }).sharedForTest),
    )
    .toEqual([
      { title: 'Nguyễn Thị Minh Anh', url: expect.stringMatching(/\/me\/demo$/) as unknown },
    ]);
  // The share sheet took the tap: the page did not jump to the QR code.
  await expect(page).toHaveURL(/\/me\/demo$/);

  // No React on the first load: the island and a few shared modules.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );
  expect(scripts.some((name) => /\/assets\/react-/.test(name))).toBe(false);

  // The contact form loads on demand (with its framework) and works as on every card.
  const section = page.getByRole('region', { name: 'Liên hệ với tôi' });
  await section.getByRole('button', { name: 'Để lại lời nhắn' }).click();
  await expect(section.getByLabel('Họ tên')).toBeVisible();
  await section.getByRole('button', { name: 'Gửi lời nhắn' }).click();
  await expect(section.getByText('Vui lòng nhập họ tên').first()).toBeVisible();
});

test('with JavaScript and no share sheet the visitor gets the link to copy', async ({ page }) => {
  await page.goto('/me/demo');
  await page.getByRole('link', { name: 'Chia sẻ', exact: true }).click();
  await expect(page.getByText('Không hỗ trợ chia sẻ trên thiết bị này')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sao chép đường dẫn' }).first()).toBeVisible();
});

test('a video is a drawn placeholder until the visitor taps it', async ({ page }) => {
  await page.goto('/me/demo');
  const video = page.getByRole('link', { name: /Phát video/ }).first();
  await expect(video).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await video.click();
  await expect(page.locator('iframe[src*="youtube-nocookie.com/embed/dQw4w9WgXcQ"]')).toBeVisible();
});

test('with no JavaScript a guest reads the invitation, the gift VietQR and the map, and replies', async ({
  browser,
  baseURL,
  request,
}) => {
  const weddingId = await createWedding(request);
  const { context, page } = await noScriptPage(browser, baseURL);
  const response = await page.goto(`/wedding/${weddingId}`);
  expect(response?.status()).toBe(200);
  // Plain HTML: no data for a framework to take over.
  expect(await response!.text()).not.toContain('id="wedding-data"');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Nguyễn Văn An');
  await expect(page.getByTestId('wedding-day')).toHaveText('11H00, Chủ nhật, 07/03/2027');
  await expect(page.getByText('0071000123456')).toBeVisible();
  const vietQr = page.getByRole('img', { name: /Mã VietQR chuyển khoản/ });
  expect(await decodeQrCanvas(vietQr)).toMatch(/^000201/);
  await expect(page.getByRole('link', { name: 'Xem bản đồ' })).toHaveAttribute(
    'href',
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Nhà hàng Hoa Sen, 12 Lê Lợi, Đà Lạt')}`,
  );

  // A reply with no name: the server answers with the page, its reasons and what was typed.
  await page.getByLabel('Lời chúc').fill('Trăm năm hạnh phúc!');
  await page.getByRole('button', { name: 'Gửi phản hồi' }).click();
  await expect(page.getByText('Vui lòng nhập họ tên')).toBeVisible();
  await expect(page.getByLabel('Họ tên')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Lời chúc')).toHaveValue('Trăm năm hạnh phúc!');

  await page.getByLabel('Họ tên').fill('Anh Tuấn');
  await page.getByLabel('Có, tôi sẽ đến').check();
  await page.getByLabel('Số người tham dự').fill('2');
  await page.getByRole('button', { name: 'Gửi phản hồi' }).click();
  await expect(page.getByTestId('rsvp-status')).toHaveText(
    'Cảm ơn bạn! Phản hồi đã được gửi tới cô dâu chú rể.',
  );
  await expect
    .poll(() => addressOf(page))
    .toMatch(new RegExp(`/wedding/${weddingId}\\?reply=sent#rsvp$`));
  const owner = await apiLogin(request);
  const guests = await apiGet<WeddingGuest[]>(request, owner, `/api/wedding/${weddingId}/guests`);
  expect(guests.map((g) => [g.name, g.attending, g.people, g.wishes])).toEqual([
    ['Anh Tuấn', true, 2, 'Trăm năm hạnh phúc!'],
  ]);
  await context.close();
});

test('with JavaScript the wedding island sends the reply in place, with no framework', async ({
  page,
  request,
}) => {
  const weddingId = await createWedding(request);
  await page.goto(`/wedding/${weddingId}`);
  await page.getByRole('button', { name: 'Gửi phản hồi' }).click();
  // Refused in place: the reasons next to the fields, the page not left.
  await expect(page.getByText('Vui lòng nhập họ tên')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/wedding/${weddingId}$`));
  await page.getByLabel('Họ tên').fill('Chị Lan');
  await page.getByLabel('Rất tiếc, tôi không đến được').check();
  await page.getByRole('button', { name: 'Gửi phản hồi' }).click();
  await expect(page.getByTestId('rsvp-status')).toHaveText(
    'Cảm ơn bạn! Phản hồi đã được gửi tới cô dâu chú rể.',
  );
  await expect(page).toHaveURL(new RegExp(`/wedding/${weddingId}$`));
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );
  expect(scripts.some((name) => /\/assets\/react-/.test(name))).toBe(false);
  const owner = await apiLogin(request);
  const guests = await apiGet<WeddingGuest[]>(request, owner, `/api/wedding/${weddingId}/guests`);
  expect(guests.map((g) => [g.name, g.attending])).toEqual([['Chị Lan', false]]);
});

test('with no JavaScript a visitor reads a public CV and writes or calls through its links', async ({
  browser,
  baseURL,
  request,
}) => {
  const cvPath = await createPublicCv(request);
  const { context, page } = await noScriptPage(browser, baseURL);
  const response = await page.goto(cvPath);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/CV — Lê Thị Hồ Sơ/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lê Thị Hồ Sơ' })).toBeVisible();
  await expect(page.getByText('Kỹ sư cầu đường, yêu thích dự án công cộng.')).toBeVisible();
  await expect(page.getByText('AutoCAD, Quản lý dự án')).toBeVisible();
  await expect(page.getByText('20/04/1995')).toBeVisible();
  await expect(page.getByRole('link', { name: 'hoso@example.vn' })).toHaveAttribute(
    'href',
    'mailto:hoso@example.vn',
  );
  await expect(page.getByRole('link', { name: '0912 345 678' })).toHaveAttribute(
    'href',
    'tel:0912345678',
  );
  await context.close();
});

test('with JavaScript a public CV loads no framework, and a member still gets the app', async ({
  page,
  request,
}) => {
  const cvPath = await createPublicCv(request);
  await page.goto(cvPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Lê Thị Hồ Sơ' })).toBeVisible();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );
  expect(scripts.some((name) => /\/assets\/(react|router)-/.test(name))).toBe(false);
  // With the login cookie the answer is the app's page, which draws the CV itself.
  const member = await request.get(cvPath, { headers: { cookie: 'isLoggedIn=true' } });
  expect(await member.text()).not.toContain('Lê Thị Hồ Sơ');
  expect(member.headers()['vary']).toMatch(/Cookie/);
});

async function requestedOrigins(page: Page, path: string): Promise<string[]> {
  const origins = new Set<string>();
  const listener = (request: { url(): string }) => {
    const url = request.url();
    if (/^https?:/.test(url)) origins.add(new URL(url).origin);
  };
  page.on('request', listener);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Scroll to the end so that every lazy picture is asked for too.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  page.off('request', listener);
  return [...origins];
}

test('no card, wedding or CV page asks another origin for anything', async ({
  page,
  baseURL,
  request,
}) => {
  const origin = new URL(baseURL!).origin;
  const weddingId = await createWedding(request);
  const cvPath = await createPublicCv(request);
  await page.goto('/me/demo/posts');
  const postPath = await page
    .getByRole('link', { name: /Chia sẻ tại hội thảo cà phê Việt/ })
    .getAttribute('href');
  for (const path of [
    '/me/demo',
    '/me/demo/posts',
    '/me/all-activity/demo',
    postPath!,
    '/mbg/demo-brand',
    '/mbg/demo-brand/products',
    `/wedding/${weddingId}`,
    cvPath,
  ]) {
    expect(await requestedOrigins(page, path), path).toEqual([origin]);
  }
  // The policy says so: card pages take pictures from this origin only.
  const answer = await page.request.get('/me/demo');
  const policy = answer.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/img-src [^;]*'self'/);
  expect(policy).not.toContain('ytimg');
});
