// A brand admin publishes a post, a product and a poster from the content screens; friend and
// private items disappear for visitors and non-members; another member cannot change them; a
// member's item written offline survives a reload and reaches the server once.
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/axe';
import {
  apiLogin,
  goOnline,
  logInThroughForm as logIn,
  waitForOfflineShell,
  type ApiSession,
} from './support/session';

const brandAdmin = { email: 'brand@mecards.vn', password: 'brand12345' } as const;
const staff = { email: 'staff@mecards.vn', password: 'staff12345' } as const;

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function titlesOf(
  request: APIRequestContext,
  url: string,
  session?: ApiSession,
): Promise<string[]> {
  const res = await request.get(url, {
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { title: string }[]).map((item) => item.title);
}

async function addItem(
  page: Page,
  button: string,
  fill: (form: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: button }).click();
  const form = page.getByRole('form', { name: button });
  await fill(form);
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toBeHidden();
}

test('a brand admin publishes a post, a product and a poster; visibility and owner rules hold', async ({
  page,
  request,
  browser,
  playwright,
}) => {
  // Three items and an uploaded picture on a shared machine: more than the default minute.
  test.setTimeout(150_000);
  // Names of this attempt only: a retry finds the first attempt's items on the same server.
  const attempt = Date.now().toString(36).slice(-4);
  const postTitle = `Mùa cà phê mới 2026 (${attempt})`;
  const productName = `Arabica Cầu Đất 500 g (${attempt})`;
  const admin = await apiLogin(request, brandAdmin);
  const member = await apiLogin(request); // demo: not a member of the brand
  const seller = await apiLogin(request, staff); // an active member of the brand

  await logIn(page, brandAdmin);
  await page.goto('/action/content/post');
  await expect(page.getByRole('heading', { level: 1, name: 'Bài viết' })).toBeVisible();
  // The demo brand admin also runs the agency's group: pick the brand by its name.
  await page
    .getByRole('navigation', { name: 'Của ai' })
    .getByRole('link', { name: 'Cà Phê Sương Mai' })
    .click();
  await expect(page).toHaveURL(/brand=/);
  const brandId = new URL(page.url()).searchParams.get('brand') ?? '';
  expect(brandId).toMatch(/^[0-9a-f-]{36}$/);
  // Only the chosen owner is current, not "my card" beside it.
  await expect(
    page.getByRole('navigation', { name: 'Của ai' }).locator('[aria-current="page"]'),
  ).toHaveText(['Cà Phê Sương Mai']);

  // Post: a bad form first (field messages), then a good one.
  await page.getByRole('button', { name: 'Thêm Bài viết' }).click();
  const postForm = page.getByRole('form', { name: 'Thêm Bài viết' });
  await postForm.getByRole('button', { name: 'Lưu' }).click();
  await expect(postForm.getByText('Vui lòng nhập tiêu đề')).toBeVisible();
  await postForm.getByLabel('Tiêu đề').fill(postTitle);
  await postForm.getByLabel('Nội dung').fill('Cà phê Cầu Đất vụ mới đã về.');
  await postForm.getByLabel('Ngày').fill(day(0));
  await postForm.getByRole('button', { name: 'Lưu' }).click();
  await expect(postForm).toBeHidden();
  await expect(page.getByText('Đã lưu Bài viết trên máy này, đang gửi')).toBeVisible();
  await expect(page.getByText(postTitle)).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Loại nội dung' })
    .getByRole('link', { name: 'Sản phẩm' })
    .click();
  await addItem(page, 'Thêm Sản phẩm', async (form) => {
    // The main details are open; price, pictures, origin, shop and display are folded.
    await expect(form.getByLabel('Giá bán (VNĐ)')).toBeHidden();
    await form.getByLabel('Loại', { exact: true }).selectOption('sell');
    await form.getByLabel('Loại con').fill('Cà phê hạt');
    await form.getByLabel('Tên sản phẩm').fill(productName);
    // A bad price in its folded section: sending opens it, says why and puts the focus there.
    await form.getByText('Giá và số lượng').click();
    await form.getByLabel('Giá bán (VNĐ)').fill('hai trăm');
    await form.getByText('Giá và số lượng').click();
    await expect(form.getByLabel('Giá bán (VNĐ)')).toBeHidden();
    await form.getByRole('button', { name: 'Lưu' }).click();
    await expect(form.getByText('Giá phải là số nguyên không âm (VNĐ)')).toBeVisible();
    await expect(form.getByLabel('Giá bán (VNĐ)')).toBeFocused();
    await form.getByLabel('Giá bán (VNĐ)').fill('250.000');
    await form.getByText('Nguồn gốc và chứng nhận').click();
    await form.getByLabel('Chứng nhận').fill('VietGAP');
  });
  await expect(page.getByText(productName)).toBeVisible();

  // The poster leaves once its picture is uploaded, pointing at the uploaded picture.
  const posterImages = async () => {
    const posters = await request.get(`/api/poster/get-poster-by-group-member-id/${brandId}`);
    return ((await posters.json()) as { images: string[] }[]).map((p) => p.images);
  };
  // A retry finds the first attempt's poster (a poster has no name of its own to tell them).
  const postersBefore = (await posterImages()).length;
  await page
    .getByRole('navigation', { name: 'Loại nội dung' })
    .getByRole('link', { name: 'Poster' })
    .click();
  await addItem(page, 'Thêm Poster', async (form) => {
    await form.getByLabel('Ngày bắt đầu').fill(day(-1));
    await form.getByLabel('Ngày kết thúc').fill(day(7));
    // A picture picked from the device (decision 0672), uploaded before the poster is sent.
    await form.getByLabel('Hình ảnh').setInputFiles({
      name: 'poster.png',
      mimeType: 'image/png',
      buffer: await sharp({
        create: { width: 600, height: 800, channels: 3, background: '#7a4a2a' },
      })
        .png()
        .toBuffer(),
    });
    await expect(form.getByRole('img', { name: 'Ảnh 1' })).toBeVisible();
    await form.getByLabel('Bật poster').check();
  });
  await expect(page.getByText('Đang bật')).toHaveCount(postersBefore + 1);

  // Published: a visitor sees them on the read API and the brand page.
  const blogUrl = `/api/brandBlog/getByBrandId/${brandId}`;
  const productsUrl = `/api/productMember/getProductByBranch/${brandId}`;
  await expect.poll(() => titlesOf(request, blogUrl), { timeout: 30_000 }).toContain(postTitle);
  expect(await titlesOf(request, productsUrl)).toContain(productName);
  await expect
    .poll(async () => (await posterImages()).length, { timeout: 30_000 })
    .toBe(postersBefore + 1);
  await expect
    .poll(posterImages, { timeout: 30_000 })
    .toContainEqual([expect.stringMatching(/^\/img\/[0-9a-f-]{36}\/1024\.webp$/)]);
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  // The anonymous server-rendered pages (through the page cache of decision 0402).
  // A request context of its own: no login cookies, as a visitor.
  const anonymous = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
  });
  const html = async (path: string) => (await anonymous.get(path)).text();
  await expect.poll(() => html('/mbg/demo-brand/posts'), { timeout: 30_000 }).toContain(postTitle);
  expect(await html('/mbg/demo-brand/products')).toContain(productName);
  // The running poster is on the brand's page (decision 0673).
  await expect.poll(() => html('/mbg/demo-brand'), { timeout: 30_000 }).toContain('card-posters');
  await visitorPage.goto('/mbg/demo-brand');
  await expect(
    visitorPage.getByRole('heading', { level: 1, name: 'Cà Phê Sương Mai' }),
  ).toBeVisible();

  // Friend-only post, private product.
  await page
    .getByRole('navigation', { name: 'Loại nội dung' })
    .getByRole('link', { name: 'Bài viết' })
    .click();
  await page.getByRole('button', { name: `Sửa ${postTitle}` }).click();
  const editPost = page.getByRole('form', { name: 'Sửa Bài viết' });
  await editPost.getByText('Hiển thị', { exact: true }).click();
  await editPost.getByLabel('Ai được xem').selectOption('friend');
  await editPost.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Đã lưu Bài viết trên máy này, đang gửi')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Loại nội dung' })
    .getByRole('link', { name: 'Sản phẩm' })
    .click();
  // On a phone the row is far down the page: the opened form starts in view, its title focused.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: `Sửa ${productName}` }).click();
  const editProduct = page.getByRole('form', { name: 'Sửa Sản phẩm' });
  const editTitle = editProduct.getByRole('heading', { name: 'Sửa Sản phẩm' });
  await expect(editTitle).toBeFocused();
  await expect(editTitle).toBeInViewport();
  await editProduct.getByText('Hiển thị', { exact: true }).click();
  await editProduct.getByLabel('Ai được xem').selectOption('private');
  await editProduct.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Đã lưu Sản phẩm trên máy này, đang gửi')).toBeVisible();

  await expect.poll(() => titlesOf(request, blogUrl), { timeout: 30_000 }).not.toContain(postTitle);
  expect(await titlesOf(request, blogUrl, member)).not.toContain(postTitle);
  expect(await titlesOf(request, blogUrl, seller)).toContain(postTitle);
  await expect
    .poll(() => titlesOf(request, productsUrl), { timeout: 30_000 })
    .not.toContain(productName);
  expect(await titlesOf(request, productsUrl, member)).not.toContain(productName);
  expect(await titlesOf(request, productsUrl, admin)).toContain(productName);
  // A new visitor.
  await visitor.close();
  const laterVisitor = await browser.newContext();
  const laterPage = await laterVisitor.newPage();
  await expect
    .poll(() => html('/mbg/demo-brand/posts'), { timeout: 20_000 })
    .not.toContain(postTitle);
  expect(await html('/mbg/demo-brand/products')).not.toContain(productName);
  await laterPage.goto('/mbg/demo-brand/posts');
  await expect(laterPage.getByText('Cà Phê Sương Mai').first()).toBeVisible();
  await expect(laterPage.getByText(postTitle)).toHaveCount(0);
  await laterPage.goto('/mbg/demo-brand/products');
  await expect(laterPage.getByText('Arabica Cầu Đất rang mộc 500g').first()).toBeVisible();
  await expect(laterPage.getByText(productName)).toHaveCount(0);
  await laterVisitor.close();

  // Another member cannot edit or delete any of it: 403, rows unchanged.
  const adminPosts = (await (
    await request.get(blogUrl, { headers: { authorization: `Bearer ${admin.token}` } })
  ).json()) as { id: string; title: string }[];
  const postId = adminPosts.find((p) => p.title === postTitle)?.id ?? '';
  const auth = { authorization: `Bearer ${member.token}` };
  const edit = await request.put(`/api/brandBlog/updateById/${postId}`, {
    headers: auth,
    data: { type: 'news', title: 'Bị sửa', content: 'x', startDate: day(0) },
  });
  expect(edit.status()).toBe(403);
  expect(
    (await request.put(`/api/brandBlog/deleteById/${postId}`, { headers: auth })).status(),
  ).toBe(403);
  const postAfter = await request.get(`/api/members/blog/${postId}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(((await postAfter.json()) as { title: string }).title).toBe(postTitle);
  const adminPosters = (await (
    await request.get(`/api/poster/get-poster-by-group-member-id/${brandId}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    })
  ).json()) as { id: string; endDate: string }[];
  const posterEdit = await request.post('/api/poster/save-poster', {
    headers: auth,
    data: {
      id: adminPosters[0]?.id,
      viewType: 'other',
      startDate: day(0),
      endDate: day(1),
      images: ['/x.png'],
    },
  });
  expect(posterEdit.status()).toBe(403);
  expect(
    (
      (await (
        await request.get(`/api/poster/get-poster-by-group-member-id/${brandId}`, {
          headers: { authorization: `Bearer ${admin.token}` },
        })
      ).json()) as { endDate: string }[]
    )[0]?.endDate,
  ).toBe(adminPosters[0]?.endDate);
});

test('offline: a relic written with no network survives a reload and arrives once', async ({
  context,
  page,
  request,
}) => {
  // A name of this attempt only: a retry finds the first attempt's relic on the same server.
  const title = `Kỷ niệm ngoại tuyến (${Date.now().toString(36).slice(-4)})`;
  const server = await apiLogin(request);
  await logIn(page);
  await waitForOfflineShell(page, '/action/content/relic');
  await expect(page.getByRole('heading', { level: 1, name: 'Kỷ vật' })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await addItem(page, 'Thêm Kỷ vật', async (form) => {
    await form.getByLabel('Tiêu đề').fill(title);
    await form.getByLabel('Nội dung').fill('Viết khi không có mạng');
  });
  await page.reload();
  await expect(page.getByText(title)).toBeVisible();
  const relicsUrl = `/api/relics/getRelicsByMemberId/${server.memberId}`;
  expect(await titlesOf(request, relicsUrl, server)).not.toContain(title);

  await goOnline(context, page);
  await expect
    .poll(
      async () => (await titlesOf(request, relicsUrl, server)).filter((t) => t === title).length,
      { timeout: 30_000 },
    )
    .toBe(1);
  await page.reload();
  await expect(page.getByText(title)).toBeVisible();
  expect((await titlesOf(request, relicsUrl, server)).filter((t) => t === title)).toHaveLength(1);
});
