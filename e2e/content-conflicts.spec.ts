// Per-field merge of a post (decision 1062), two devices of one member: device A edits the post
// with the network really off while device B edits it online. Different fields both survive;
// the same field goes to the later write (A's, sent on reconnect) and B, whose title it
// replaced, is shown both values on the posts screen and keeps its own with one tap, which ends
// on the server.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/axe';
import {
  apiLogin,
  goOnline,
  logInThroughForm,
  waitForOutboxEmpty,
  registerMemberByApi,
  type ApiSession,
} from './support/session';

interface ServerPost {
  title: string;
  content: string;
  startDate: string | null;
}

async function serverPost(request: APIRequestContext, session: ApiSession, id: string) {
  const res = await request.get(`/api/members/blog/${id}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as ServerPost;
}

async function openPost(page: Page, id: string) {
  await page.goto(`/action/content/post?item=${id}`);
  await expect(page.getByRole('form', { name: 'Sửa Bài viết' }).getByLabel('Tiêu đề')).toHaveValue(
    'Khai trương',
  );
}

async function editPost(page: Page, fields: Record<string, string>) {
  const form = page.getByRole('form', { name: 'Sửa Bài viết' });
  for (const [label, value] of Object.entries(fields)) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toBeHidden();
}

test('two devices edit a post: both fields survive, a same-field clash offers both values', async ({
  browser,
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await registerMemberByApi(request, { name: 'Trần Thị Hai Máy' });
  const session = await apiLogin(request, member);
  const id = crypto.randomUUID();
  const pushed = await request.post('/api/sync/push', {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      clientId: 'e2e-seed',
      mutations: [
        {
          id: crypto.randomUUID(),
          name: 'post.upsert',
          payload: {
            id,
            type: 'news',
            title: 'Khai trương',
            content: 'Mời cả nhà ghé thăm.',
            startDate: '2026-11-20',
            policy: 'public',
          },
        },
      ],
    },
  });
  expect(pushed.ok()).toBe(true);

  const deviceB = await browser.newContext({ locale: 'vi-VN', serviceWorkers: 'block' });
  const pageB = await deviceB.newPage();
  try {
    await logInThroughForm(page, member);
    await openPost(page, id);
    await logInThroughForm(pageB, member);
    await openPost(pageB, id);

    // A, offline, changes the title and the content; B, online, the title and the date.
    await context.setOffline(true);
    await editPost(page, { 'Tiêu đề': 'Tiêu đề từ máy A', 'Nội dung': 'Nội dung từ máy A' });
    await editPost(pageB, { 'Tiêu đề': 'Tiêu đề từ máy B', Ngày: '2026-11-25' });
    await waitForOutboxEmpty(pageB);
    expect((await serverPost(request, session, id)).title).toBe('Tiêu đề từ máy B');

    // A comes back: its content and B's date both stay; the title is A's, the later write.
    await goOnline(context, page);
    await waitForOutboxEmpty(page);
    expect(await serverPost(request, session, id)).toMatchObject({
      title: 'Tiêu đề từ máy A',
      content: 'Nội dung từ máy A',
      startDate: '2026-11-25',
    });

    // B is shown the clash with both values and keeps its own; that ends on the server.
    await pageB.goto('/action/content/post');
    const banner = pageB.getByTestId('conflict-banner');
    await expect(banner).toContainText('đã được sửa trên thiết bị khác');
    await expect(banner).toContainText('Tiêu đề');
    await expect(banner).toContainText('Của tôi: Tiêu đề từ máy B');
    await expect(banner).toContainText('Bản kia: Tiêu đề từ máy A');
    await banner.getByRole('button', { name: 'Giữ bản của tôi' }).click();
    await expect(banner).toHaveCount(0);
    await waitForOutboxEmpty(pageB);
    await expect
      .poll(async () => (await serverPost(request, session, id)).title)
      .toBe('Tiêu đề từ máy B');
    expect(await serverPost(request, session, id)).toMatchObject({
      content: 'Nội dung từ máy A',
      startDate: '2026-11-25',
    });

    // A, on its next sync, no longer offers the settled clash.
    await page.goto('/action/content/post');
    await expect(page.getByRole('heading', { level: 1, name: 'Bài viết' })).toBeVisible();
    await expect(page.getByTestId('conflict-banner')).toHaveCount(0);
  } finally {
    await deviceB.close();
  }
});
