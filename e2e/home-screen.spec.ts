// At home on the home screen (issue 30): the manifest's shortcuts, screenshots and share target,
// the install offer (Chromium's prompt and the iPhone guide), a vCard shared into the app offline,
// the app icon's badge set by the worker on a push and cleared on read, the start screen by role
// and the storage answer in settings.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/axe';
import {
  apiGet,
  apiLogin,
  demoMember,
  demoStaff,
  goOnline,
  logInThroughForm as logIn,
  pendingOutboxEntries,
  waitForOfflineShell,
  type ApiSession,
  serviceWorkerRegistration,
} from './support/session';
import type { NotificationItem } from '../contract/notification';

const demoBrandAdmin = { email: 'brand@mecards.vn', password: 'brand12345' } as const;

interface Manifest {
  start_url: string;
  description: string;
  shortcuts: { name: string; url: string; icons?: { src: string }[] }[];
  screenshots: { src: string; sizes: string; type: string; form_factor?: string }[];
  share_target: {
    action: string;
    method: string;
    enctype: string;
    params: {
      title: string;
      text: string;
      url: string;
      files: { name: string; accept: string[] }[];
    };
  };
  launch_handler: { client_mode: string[] };
}

test('the manifest has shortcuts, screenshots, a description, a share target and a launch handler', async ({
  request,
}) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as Manifest;
  expect(manifest.description.length).toBeGreaterThan(40);
  expect(manifest.start_url).toBe('/start');
  expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['Mã QR của tôi', '/action/qrcode'],
    ['Quét mã QR', '/scan-qr'],
    ['Tích điểm cho khách', '/action/createPoint'],
    ['Danh bạ', '/action/phonebook'],
  ]);
  // Every shortcut opens a screen of the app (a login-required one answers 200 with the shell).
  for (const shortcut of manifest.shortcuts) {
    expect((await request.get(shortcut.url)).status(), shortcut.url).toBe(200);
  }
  // Screenshots: both form factors, real PNGs of the sizes declared.
  expect(new Set(manifest.screenshots.map((s) => s.form_factor))).toEqual(
    new Set(['narrow', 'wide']),
  );
  for (const shot of manifest.screenshots) {
    const image = await request.get(shot.src);
    expect(image.headers()['content-type'], shot.src).toContain('image/png');
    const bytes = await image.body();
    const size = `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
    expect(size, shot.src).toBe(shot.sizes);
  }
  expect(manifest.share_target).toMatchObject({
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: 'title', text: 'text', url: 'url' },
  });
  expect(manifest.share_target.params.files[0]?.accept).toEqual(
    expect.arrayContaining(['text/vcard', '.vcf', 'image/*']),
  );
  expect(manifest.launch_handler.client_mode[0]).toBe('navigate-existing');
});

/** Two frames: whatever the page renders in answer to an event is on screen by then. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/** Fires Chromium's install event as the browser would; the page notes a call to prompt(). */
async function fireInstallPrompt(page: Page, outcome: 'accepted' | 'dismissed'): Promise<void> {
  await page.evaluate((choice) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        (window as unknown as { installPrompted: boolean }).installPrompted = true;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: choice, platform: 'web' }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

test('a fired beforeinstallprompt shows the install button; a dismissal is remembered across reloads', async ({
  page,
}) => {
  await logIn(page, demoMember);
  await expect(page).toHaveURL(/\/action$/);
  const offer = page.getByRole('complementary', { name: 'Thêm m.e Cards vào màn hình chính' });
  await expect(page.getByRole('heading', { name: 'Tất cả chức năng' })).toBeVisible();
  await expect(offer).toHaveCount(0);

  // The button opens the browser's own dialog; accepted, the offer goes away.
  await fireInstallPrompt(page, 'accepted');
  await expect(offer.getByRole('button', { name: 'Cài ứng dụng' })).toBeVisible();
  await offer.getByRole('button', { name: 'Cài ứng dụng' }).click();
  await expect(offer).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { installPrompted?: boolean }).installPrompted),
  ).toBe(true);

  // Offered again on the next visit, dismissed with "Để sau": never again on this device.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tất cả chức năng' })).toBeVisible();
  await fireInstallPrompt(page, 'dismissed');
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Để sau' }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tất cả chức năng' })).toBeVisible();
  await fireInstallPrompt(page, 'dismissed');
  await expect(page.locator('html')).toHaveAttribute('data-session', /restored|offline/);
  await expect(offer).toHaveCount(0);
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });

  test('the install guide shows, in the chosen language; push explains installing comes first', async ({
    page,
  }) => {
    await logIn(page, demoMember);
    const offer = page.getByRole('complementary', { name: 'Thêm m.e Cards vào màn hình chính' });
    const steps = offer.getByRole('list', { name: 'Cách cài trên iPhone, iPad' });
    await expect(steps.getByRole('listitem')).toHaveText([
      /bấm nút Chia sẻ/,
      /Thêm vào MH chính/,
      /Mở m.e Cards từ biểu tượng/,
    ]);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(
      page
        .getByRole('complementary', { name: 'Add m.e Cards to your home screen' })
        .getByRole('list', { name: 'How to install on iPhone and iPad' }),
    ).toContainText('Add to Home Screen');
    await page.getByRole('button', { name: 'Tiếng Việt' }).click();

    await page.goto('/notifications');
    await expect(
      page.getByRole('heading', { name: 'Nhận thông báo trên iPhone, iPad' }),
    ).toBeVisible();
    await expect(page.getByText(/thông báo chỉ hoạt động khi m.e Cards đã được cài/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bật thông báo' })).toHaveCount(0);
  });
});

const inAppBrowsers = [
  {
    app: 'Zalo',
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 Zalo android/12100702 ZaloTheme/light ZaloLanguage/vi',
    vi: /Trong Zalo, bấm nút ⋯ ở góc trên rồi chọn "Mở bằng trình duyệt"/,
    en: /In Zalo, tap the ⋯ button/,
  },
  {
    app: 'Facebook',
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/447.0.0.37.106;]',
    vi: /Trong Facebook hoặc Messenger, bấm nút ⋯/,
    en: /In Facebook or Messenger, tap the ⋯ button/,
  },
];

for (const browserApp of inAppBrowsers) {
  test.describe(`inside ${browserApp.app}`, () => {
    test.use({ userAgent: browserApp.userAgent, viewport: { width: 360, height: 780 } });

    test(`the guide says how to open the page in a real browser, in the chosen language`, async ({
      page,
    }) => {
      await logIn(page, demoMember);
      const offer = page.getByRole('complementary', {
        name: 'Thêm m.e Cards vào màn hình chính',
      });
      const steps = offer.getByRole('list', { name: 'Cách cài khi đang mở trong ứng dụng khác' });
      await expect(steps.getByRole('listitem')).toHaveText([browserApp.vi, /Cài đặt ứng dụng/]);
      // An in-app browser cannot install: no install button, and no iPhone guide.
      await expect(offer.getByRole('button', { name: 'Cài ứng dụng' })).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'Cách cài trên iPhone, iPad' })).toHaveCount(0);
      await page.getByRole('button', { name: 'English' }).click();
      await expect(
        page
          .getByRole('complementary', { name: 'Add m.e Cards to your home screen' })
          .getByRole('list', { name: 'How to install when opened inside another app' })
          .getByRole('listitem')
          .first(),
      ).toHaveText(browserApp.en);
      await page.getByRole('button', { name: 'Tiếng Việt' }).click();
    });
  });
}

test('after the first write made offline the offer comes, once', async ({
  page,
  context,
  request,
}) => {
  const name = `Ngoại tuyến ${Date.now()}`;
  await logIn(page, demoMember);
  await expect(page).toHaveURL(/\/action$/);
  // The login moment set aside: only the offline moment can offer now.
  await page.evaluate(() =>
    localStorage.setItem('mecards.installOffer.login.dismissed', new Date().toISOString()),
  );
  await waitForOfflineShell(page, '/action/phonebook');
  const offer = page.getByRole('complementary', { name: 'Thêm m.e Cards vào màn hình chính' });
  await fireInstallPrompt(page, 'dismissed');
  await expect(page.getByRole('button', { name: 'Thêm liên hệ' })).toBeVisible();
  await settle(page);
  await expect(offer).toHaveCount(0);
  await context.setOffline(true);
  try {
    await page.getByRole('button', { name: 'Thêm liên hệ' }).click();
    const form = page.getByRole('form', { name: 'Thêm liên hệ' });
    await form.getByLabel('Họ tên').fill(name);
    await form.getByRole('button', { name: 'Lưu' }).click();
    await expect(offer).toContainText('Bạn vừa dùng ứng dụng khi không có mạng');
    await expect(offer.getByRole('button', { name: 'Cài ứng dụng' })).toBeVisible();
    await offer.getByRole('button', { name: 'Để sau' }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Thêm liên hệ' })).toBeVisible();
    await fireInstallPrompt(page, 'dismissed');
    await expect(page.locator('html')).toHaveAttribute('data-session', /restored|offline/);
    await settle(page);
    await expect(offer).toHaveCount(0);
  } finally {
    await sendAndRemoveContact(page, context, request, name);
  }
});

/** Back online, the test's contact reaches the server; it is deleted there again. */
async function sendAndRemoveContact(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  name: string,
): Promise<void> {
  await goOnline(context, page);
  await expect.poll(() => pendingOutboxEntries(page), { timeout: 30_000 }).toBe(0);
  const session = await apiLogin(request, demoMember);
  for (const contact of await serverContactsNamed(request, session, name)) {
    await request.put(`/api/contacts/deleteContactById/${contact.id}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
  }
}

/** The page runs as the installed app: the display mode of a home-screen window matches. */
async function runAsInstalledApp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const matchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const list = matchMedia(query);
      if (/display-mode:\s*standalone/.test(query)) {
        Object.defineProperty(list, 'matches', { value: true });
      }
      return list;
    };
  });
}

test('inside the installed app nothing offers to install, after login or an offline write', async ({
  page,
  context,
  request,
}) => {
  const name = `Trong ứng dụng ${Date.now()}`;
  await runAsInstalledApp(page);
  await logIn(page, demoMember);
  await expect(page).toHaveURL(/\/action$/);
  await expect(page.getByRole('heading', { name: 'Tất cả chức năng' })).toBeVisible();
  expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
  await fireInstallPrompt(page, 'dismissed');
  await settle(page);
  const offer = page.getByRole('complementary', { name: 'Thêm m.e Cards vào màn hình chính' });
  await expect(offer).toHaveCount(0);

  // The other moment: a first write with no network.
  await waitForOfflineShell(page, '/action/phonebook');
  await context.setOffline(true);
  try {
    await fireInstallPrompt(page, 'dismissed');
    await page.getByRole('button', { name: 'Thêm liên hệ' }).click();
    const form = page.getByRole('form', { name: 'Thêm liên hệ' });
    await form.getByLabel('Họ tên').fill(name);
    await form.getByRole('button', { name: 'Lưu' }).click();
    await expect(
      page.getByText('Đã lưu liên hệ trên thiết bị này, sẽ gửi khi có mạng'),
    ).toBeVisible();
    // The moment came (the write was noted), and still nothing offers.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('mecards.installOffer.offlineWrite')))
      .not.toBeNull();
    await settle(page);
    await expect(offer).toHaveCount(0);
  } finally {
    await sendAndRemoveContact(page, context, request, name);
  }
});

test.describe('in the installed app on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });

  test('no guide, and the push opt-in no longer asks to install first', async ({ page }) => {
    // What Safari says inside a home-screen app.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true });
    });
    await logIn(page, demoMember);
    await expect(page.getByRole('heading', { name: 'Tất cả chức năng' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Cách cài trên iPhone, iPad' })).toHaveCount(0);
    await expect(
      page.getByRole('complementary', { name: 'Thêm m.e Cards vào màn hình chính' }),
    ).toHaveCount(0);
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Thông báo' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Nhận thông báo trên iPhone, iPad' }),
    ).toHaveCount(0);
  });
});

async function serverContactsNamed(
  request: APIRequestContext,
  session: ApiSession,
  name: string,
): Promise<{ id: string; phone: string | null; company: string | null }[]> {
  const res = await request.get(
    `/api/contacts/getContactsByMemberId/${session.memberId}?limit=500&filter=${encodeURIComponent(name)}`,
    { headers: { authorization: `Bearer ${session.token}` } },
  );
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as {
    items: { name: string; id: string; phone: string | null; company: string | null }[];
  };
  return body.items.filter((c) => c.name === name);
}

test('a vCard shared offline opens "add contact" filled in and reaches the phonebook exactly once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await apiLogin(request, demoMember);
  const name = `Chia Sẻ Vào ${Date.now()}`;
  const vcard = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `FN:${name}`,
    'TEL;TYPE=CELL:0903 123 456',
    'ORG:Hợp tác xã Trà Cầu Đất',
    'END:VCARD',
  ].join('\r\n');
  try {
    await logIn(page, demoMember);
    await waitForOfflineShell(page, '/action/phonebook');
    await context.setOffline(true);

    // What the phone does when the member shares a contact file to the app.
    await page.evaluate((text) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = '/share-target';
      const file = document.createElement('input');
      file.type = 'file';
      file.name = 'file';
      const files = new DataTransfer();
      files.items.add(new File([text], 'lien-he.vcf', { type: 'text/vcard' }));
      file.files = files.files;
      const title = document.createElement('input');
      title.name = 'title';
      title.value = 'Danh thiếp';
      form.append(file, title);
      document.body.append(form);
      form.submit();
    }, vcard);

    const form = page.getByRole('form', { name: 'Thêm liên hệ' });
    await expect(form.getByLabel('Họ tên')).toHaveValue(name);
    await expect(form.getByLabel('Số điện thoại')).toHaveValue('0903 123 456');
    await expect(form.getByLabel('Công ty')).toHaveValue('Hợp tác xã Trà Cầu Đất');
    await form.getByRole('button', { name: 'Lưu' }).click();
    await expect(
      page.getByText('Đã lưu liên hệ trên thiết bị này, sẽ gửi khi có mạng'),
    ).toBeVisible();
    // The share is used up: the address no longer names it, a reload adds nothing again.
    await expect(page).not.toHaveURL(/shared=/);
    await page.reload();
    await expect(page.getByRole('form', { name: 'Thêm liên hệ' })).toHaveCount(0);
    await expect(page.getByText(name)).toBeVisible();
    expect(await serverContactsNamed(request, session, name)).toHaveLength(0);

    await goOnline(context, page);
    await expect.poll(() => pendingOutboxEntries(page), { timeout: 30_000 }).toBe(0);
    const onServer = await serverContactsNamed(request, session, name);
    expect(onServer).toHaveLength(1);
    expect(onServer[0]).toMatchObject({ company: 'Hợp tác xã Trà Cầu Đất' });
  } finally {
    await context.setOffline(false);
    for (const contact of await serverContactsNamed(request, session, name)) {
      await request.put(`/api/contacts/deleteContactById/${contact.id}`, {
        headers: { authorization: `Bearer ${session.token}` },
      });
    }
  }
});

test('a share that names no contact says so and adds nothing', async ({ page }) => {
  await logIn(page, demoMember);
  await waitForOfflineShell(page, '/action/phonebook');
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'post';
    form.enctype = 'multipart/form-data';
    form.action = '/share-target';
    const text = document.createElement('input');
    text.name = 'text';
    text.value = 'Hẹn gặp lúc 3 giờ chiều';
    form.append(text);
    document.body.append(form);
    form.submit();
  });
  await expect(
    page.getByText('Nội dung được chia sẻ không có tên hay số điện thoại để thêm vào danh bạ'),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: 'Thêm liên hệ' })).toHaveCount(0);
});

/** What Android's share sheet posts when a picture is shared to the app. */
async function sharePicture(page: Page, bytes: Buffer, name: string, type: string): Promise<void> {
  await page.evaluate(
    ({ data, fileName, fileType }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = '/share-target';
      const file = document.createElement('input');
      file.type = 'file';
      file.name = 'file';
      const files = new DataTransfer();
      files.items.add(new File([new Uint8Array(data)], fileName, { type: fileType }));
      file.files = files.files;
      form.append(file);
      document.body.append(form);
      form.submit();
    },
    { data: [...bytes], fileName: name, fileType: type },
  );
}

interface ServerPost {
  id: string;
  title: string;
  imageUrl: string | null;
}

test('a picture shared offline starts a brand post; post and picture reach the server once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await apiLogin(request, demoBrandAdmin);
  const title = `Ảnh chia sẻ vào ${Date.now()}`;
  const picture = await sharp({
    create: { width: 900, height: 600, channels: 3, background: '#2f6b4f' },
  })
    .jpeg()
    .toBuffer();
  let brandId = '';
  const postsOnServer = async () =>
    (
      (await (
        await request.get(`/api/brandBlog/getByBrandId/${brandId}?limit=100`, {
          headers: { authorization: `Bearer ${admin.token}` },
        })
      ).json()) as ServerPost[]
    ).filter((p) => p.title === title);
  try {
    await logIn(page, demoBrandAdmin);
    await waitForOfflineShell(page, '/action/content/post');
    await context.setOffline(true);
    await sharePicture(page, picture, 'IMG_2031.jpg', 'image/jpeg');

    const offer = page.getByRole('region', { name: 'Ảnh vừa được chia sẻ' });
    await expect(offer.getByRole('img', { name: 'Ảnh được chia sẻ' })).toBeVisible();
    // The offer is what there is to do: no "nothing here yet" under it.
    await expect(page.getByText('Chưa có mục nào')).toHaveCount(0);
    // The member's own card or a brand they run: the brand's post, here.
    await expect(offer.getByRole('button', { name: 'Bài viết của tôi' })).toBeVisible();
    await offer.getByRole('button', { name: 'Bài viết của Cà Phê Sương Mai' }).click();
    await expect(page).toHaveURL(/brand=.*item=new|item=new.*brand=/);
    await expect(page).not.toHaveURL(/shared=/);
    brandId = new URL(page.url()).searchParams.get('brand') ?? '';

    const form = page.getByRole('form', { name: 'Thêm Bài viết' });
    await expect(form.getByRole('img', { name: 'Ảnh 1' })).toBeVisible();
    await expect(form.getByText('Đang chờ tải lên')).toBeVisible();
    await form.getByLabel('Tiêu đề').fill(title);
    await form.getByLabel('Nội dung').fill('Vườn cà phê sáng nay.');
    await form.getByLabel('Ngày').fill(new Date().toISOString().slice(0, 10));
    await form.getByRole('button', { name: 'Lưu' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText('Đã lưu Bài viết trên máy này, sẽ gửi khi có mạng')).toBeVisible();
    await expect(page.getByText(title)).toBeVisible();
    // The share is used up: a reload offers nothing again.
    await page.reload();
    await expect(page.getByText(title)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Ảnh vừa được chia sẻ' })).toHaveCount(0);
    expect(await postsOnServer()).toHaveLength(0);

    await goOnline(context, page);
    await expect.poll(() => pendingOutboxEntries(page), { timeout: 30_000 }).toBe(0);
    const posts = await postsOnServer();
    expect(posts).toHaveLength(1);
    // The picture went up before the post that points at it, and the server serves it.
    const imageUrl = posts[0]!.imageUrl ?? '';
    expect(imageUrl).toMatch(/^\/img\//);
    const served = await request.get(imageUrl);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toMatch(/^image\//);
  } finally {
    await context.setOffline(false);
    if (brandId) {
      for (const post of await postsOnServer()) {
        await request.put(`/api/brandBlog/deleteById/${post.id}`, {
          headers: { authorization: `Bearer ${admin.token}` },
        });
      }
    }
  }
});

test('a shared picture the app cannot take says why and starts nothing', async ({ page }) => {
  await logIn(page, demoMember);
  await waitForOfflineShell(page, '/action/content/post');
  await sharePicture(
    page,
    Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
    'meme.gif',
    'image/gif',
  );
  await expect(
    page.getByText('Ảnh được chia sẻ là tệp image/gif: chỉ nhận ảnh JPEG, PNG, WebP hay AVIF'),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/shared=/);
  await expect(page.getByRole('form', { name: 'Thêm Bài viết' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Thêm Bài viết' })).toBeVisible();
});

interface BadgeWindow {
  badgeCalls: (number | 'clear')[];
}

test('the worker sets the app badge on a push; reading clears it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const staff = await apiLogin(request, demoStaff);
  const member = await apiLogin(request, demoMember);
  const context = await browser.newContext();
  await context.grantPermissions(['notifications']);
  // The page's Badging API, observed.
  await context.addInitScript(() => {
    const calls: (number | 'clear')[] = [];
    (window as unknown as BadgeWindow).badgeCalls = calls;
    Object.assign(Navigator.prototype, {
      setAppBadge: (count?: number) => {
        calls.push(count ?? 0);
        return Promise.resolve();
      },
      clearAppBadge: () => {
        calls.push('clear');
        return Promise.resolve();
      },
    });
  });
  const page = await context.newPage();
  const groupMessageId = crypto.randomUUID();
  try {
    await logIn(page, demoStaff);
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Thông báo' })).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as BadgeWindow).badgeCalls.length))
      .toBeGreaterThan(0);
    const lastOnPage = () =>
      page.evaluate(() => (window as unknown as BadgeWindow).badgeCalls.at(-1));
    const before = await lastOnPage();
    const baseline = before === 'clear' ? 0 : (before ?? 0);

    // The worker's Badging API, observed (the worker stays up while the test holds it).
    const origin = new URL(page.url()).origin;
    const { cdp, registrationId } = await serviceWorkerRegistration(context, page, origin);
    const [worker] = context.serviceWorkers();
    expect(worker).toBeDefined();
    await worker!.evaluate(() => {
      const scope = self as unknown as { badgeCalls: (number | 'clear')[] };
      scope.badgeCalls = [];
      Object.assign(WorkerNavigator.prototype, {
        setAppBadge: (count?: number) => {
          scope.badgeCalls.push(count ?? 0);
          return Promise.resolve();
        },
        clearAppBadge: () => {
          scope.badgeCalls.push('clear');
          return Promise.resolve();
        },
      });
    });

    // A member writes to the staff; the push carries the notification the server made.
    const sent = await request.post('/api/messages', {
      headers: { authorization: `Bearer ${member.token}` },
      data: { to: [staff.memberId], body: 'Chiều nay ghé quầy nhé', groupMessageId },
    });
    expect(sent.ok()).toBe(true);
    const rows = await apiGet<NotificationItem[]>(request, staff, '/api/notifications');
    const row = rows.find((n) => n.subjectId === groupMessageId);
    expect(row).toBeDefined();
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify({
        title: 'Lời nhắn mới',
        body: 'Chiều nay ghé quầy nhé',
        tag: `message-${groupMessageId}`,
        link: `/messages/${groupMessageId}`,
        notification: row,
      }),
    });
    await expect
      .poll(() =>
        worker!.evaluate(() => (self as unknown as { badgeCalls: unknown[] }).badgeCalls.at(-1)),
      )
      .toBe(baseline + 1);

    // Read: the thread opens, its message and notification are read, the badge goes back.
    await page.goto(`/messages/${groupMessageId}`);
    await expect(
      page.getByTestId('message').filter({ hasText: 'Chiều nay ghé quầy nhé' }),
    ).toBeVisible();
    await expect.poll(lastOnPage).toBe(baseline === 0 ? 'clear' : baseline);
    await cdp.detach();
  } finally {
    // The conversation is the test's own: hidden again for both sides.
    for (const session of [staff, member]) {
      const hide = () =>
        request.put('/api/messages/hide', {
          headers: { authorization: `Bearer ${session.token}` },
          data: { groupMessageId },
        });
      // A kept-alive connection the server has just closed is reset once; the retry is fresh.
      await hide().catch(hide);
    }
    await context.close();
  }
});

test('the installed app starts on the role’s screen: staff on create point, members at home', async ({
  browser,
}) => {
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await logIn(staffPage, demoStaff);
  // The staff's groups reach the device with the first pull.
  await expect
    .poll(
      async () => {
        await staffPage.goto('/start');
        await staffPage.waitForURL((url) => url.pathname !== '/start');
        return new URL(staffPage.url()).pathname;
      },
      { timeout: 40_000 },
    )
    .toBe('/action/createPoint');
  await staffContext.close();

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/start');
  await expect(memberPage).toHaveURL('/login?redirect=%2Fstart');
  await memberPage.getByLabel('Email hoặc số điện thoại').fill(demoMember.email);
  await memberPage.getByLabel('Mật khẩu', { exact: true }).fill(demoMember.password);
  await memberPage.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(memberPage).toHaveURL(/\/action$/);
  await memberContext.close();
});

test('settings say whether this device keeps the data', async ({ page }) => {
  await logIn(page, demoMember);
  await page.goto('/action/setting');
  const kept = await page.evaluate(() => navigator.storage.persisted());
  await expect(page.getByTestId('storage-answer')).toHaveText(
    `Dữ liệu giữ trên thiết bị này: ${kept ? 'có' : 'có thể bị xoá'}`,
  );
});
