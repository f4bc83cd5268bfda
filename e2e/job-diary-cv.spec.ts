// Job diary and CV (issue 15): a member writes diary entries with no network, reloads, comes
// back online → each entry is on the server exactly once; a member fills in the CV and downloads
// its PDF → the text pdf.js reads from the file is the Vietnamese that was typed.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect, test } from './support/axe';
import {
  apiLogin,
  goOnline,
  logInThroughForm as logIn,
  waitForOfflineShell,
  type ApiSession,
  registerMemberByApi,
} from './support/session';
import type { JobDiaryEntry } from '../contract/job-diary';

// Each journey opens several screens (each checked with axe) on a shared, busy machine.
test.describe.configure({ timeout: 180_000 });

async function diaryTitles(request: APIRequestContext, session: ApiSession): Promise<string[]> {
  const res = await request.get(`/api/members/getJobDiaryByMemberId/${session.memberId}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { items: JobDiaryEntry[] }).items.map((entry) => entry.title);
}

async function writeEntry(page: Page, date: string, title: string, content: string) {
  await page.getByRole('button', { name: 'Viết nhật ký' }).click();
  const form = page.getByRole('form', { name: 'Viết nhật ký' });
  await form.getByLabel('Ngày').fill(date);
  await form.getByLabel('Tiêu đề').fill(title);
  await form.getByLabel('Nội dung').fill(content);
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toBeHidden();
}

test('offline: diary entries written with no network survive a reload and arrive once', async ({
  context,
  page,
  request,
}) => {
  const server = await apiLogin(request);
  await logIn(page);
  await waitForOfflineShell(page, '/action/jobDiary');
  await expect(page.getByRole('heading', { level: 1, name: 'Nhật ký công việc' })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  const first = `Gặp khách hàng Đà Nẵng ${Date.now()}`;
  const second = `Viết báo cáo quý ${Date.now()}`;
  await writeEntry(page, '2026-03-02', first, 'Báo giá phần mềm thẻ danh thiếp');
  await writeEntry(page, '2026-03-03', second, 'Tổng hợp số liệu');
  await page.reload();
  const entry = (title: string) => page.getByRole('heading', { level: 3, name: title });
  await expect(entry(first)).toBeVisible();
  await expect(entry(second)).toBeVisible();
  // Grouped by day, newest day first.
  const days = page.getByRole('region').filter({ has: page.getByTestId('job-diary-entry') });
  await expect(days.first()).toContainText(second);
  // Search ignores diacritics.
  await page.getByLabel('Tìm trong nhật ký').fill('da nang');
  await expect(entry(first)).toBeVisible();
  await expect(entry(second)).toBeHidden();
  await page.getByLabel('Tìm trong nhật ký').fill('');
  expect(await diaryTitles(request, server)).not.toContain(first);

  await goOnline(context, page);
  await expect
    .poll(
      async () => {
        const titles = await diaryTitles(request, server);
        return [
          titles.filter((t) => t === first).length,
          titles.filter((t) => t === second).length,
        ];
      },
      { timeout: 30_000 },
    )
    .toEqual([1, 1]);
  await page.reload();
  await expect(entry(first)).toBeVisible();

  // Put the demo member's diary back as it was.
  const res = await request.get(`/api/members/getJobDiaryByMemberId/${server.memberId}`, {
    headers: { authorization: `Bearer ${server.token}` },
  });
  for (const entry of ((await res.json()) as { items: JobDiaryEntry[] }).items) {
    if (entry.title !== first && entry.title !== second) continue;
    const del = await request.put(`/api/members/deleteJobDiaryById/${entry.id}`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    expect(del.ok()).toBe(true);
  }
});

/** Every line of text pdf.js reads from the file, in order, and the page count. */
async function pdfText(bytes: Uint8Array): Promise<{ pages: number; lines: string[] }> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    let line = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      line += item.str;
      if (item.hasEOL) {
        lines.push(line.trim());
        line = '';
      }
    }
    if (line.trim()) lines.push(line.trim());
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, lines: lines.filter(Boolean) };
}

test('a member fills in the CV and downloads a PDF whose text is the Vietnamese typed', async ({
  page,
  request,
}) => {
  const account = await registerMemberByApi(request, { name: 'Nguyễn Thị Hương Giang' });
  const session = await apiLogin(request, account);
  const profile = await request.put(`/api/members/updateMemberById/${session.memberId}`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: { jobTitle: 'Kỹ sư phần mềm' },
  });
  expect(profile.ok()).toBe(true);
  await logIn(page, account);

  await page.goto('/action/createCv');
  await expect(page.getByRole('heading', { level: 1, name: 'CV của tôi' })).toBeVisible();
  const form = page.getByRole('form', { name: 'CV của tôi' });
  // The form starts from the card once the profile reaches this new device.
  await expect(form.getByLabel('Email')).toHaveValue(account.email);
  // Nothing filled in: each required field names its problem.
  await form.getByLabel('Email').fill('');
  await form.getByRole('button', { name: 'Lưu CV' }).click();
  await expect(form.getByText('Bạn phải nhập địa chỉ email')).toBeVisible();
  await expect(form.getByText('Vui lòng chọn giới tính')).toBeVisible();
  await expect(form.getByText('Vui lòng nhập ngày sinh')).toBeVisible();

  await form.getByLabel('Email').fill('giang@example.vn');
  await form.getByLabel('Điện thoại').fill('0901 234 567');
  await form.getByLabel('Giới tính').selectOption({ label: 'Nữ' });
  await form.getByLabel('Ngày sinh').fill('1994-08-15');
  await form.getByLabel('Địa chỉ').fill('12 Lê Lợi, phường Bến Nghé, TP. Hồ Chí Minh');
  await form
    .getByLabel('Giới thiệu bản thân')
    .fill('Tôi yêu thích xây dựng sản phẩm tiếng Việt dễ dùng.');
  await form.getByLabel('Kỹ năng').fill('TypeScript, Thiết kế cơ sở dữ liệu');
  await form.getByLabel('Sở thích').fill('Đọc sách, Chạy bộ');
  await form.getByRole('button', { name: 'Lưu CV' }).click();
  await expect(page.getByText(/^Đã lưu trên máy này/).last()).toBeVisible();

  // On the server once the outbox is sent: the public CV and its page answer.
  await expect
    .poll(async () => (await request.get(`/api/cv/getCvByMemberId/${session.memberId}`)).status(), {
      timeout: 30_000,
    })
    .toBe(200);
  expect((await request.get(`/cv/${session.memberId}`)).status()).toBe(200);
  expect((await request.get(`/cv/${randomUUID()}`)).status()).toBe(404);

  await page.getByRole('link', { name: 'Tải CV (PDF)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tải CV' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Tải về PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('CV-Nguyen-Thi-Huong-Giang.pdf');
  const file = await download.path();
  const bytes = new Uint8Array(await readFile(file));
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const { pages, lines } = await pdfText(bytes);
  expect(pages).toBe(1);
  expect(`${lines[0]}, ${lines[1]}`).toBe('Nguyễn Thị Hương Giang, Kỹ sư phần mềm');
  expect(lines).toContain('Địa chỉ: 12 Lê Lợi, phường Bến Nghé, TP. Hồ Chí Minh');
  expect(lines).toContain('Tôi yêu thích xây dựng sản phẩm tiếng Việt dễ dùng.');
  expect(lines).toContain('TypeScript, Thiết kế cơ sở dữ liệu');
  expect(lines).toContain('Đọc sách, Chạy bộ');

  // The public page shows it to a visitor.
  await page.goto(`/cv/${session.memberId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Nguyễn Thị Hương Giang' }),
  ).toBeVisible();
  await expect(page.getByText('Kỹ sư phần mềm')).toBeVisible();
});

test('a new CV starts from the card and the activities, and is shared by the short link', async ({
  page,
  request,
}) => {
  const account = await registerMemberByApi(request, { name: 'Phan Văn Hồ Sơ' });
  const session = await apiLogin(request, account);
  const headers = { authorization: `Bearer ${session.token}` };
  const card = await request.put(`/api/members/updateMemberById/${session.memberId}`, {
    headers,
    data: { phone: '0912 345 678', address: '5 Trần Phú, Đà Lạt', aboutMe: 'Kỹ sư cầu đường.' },
  });
  expect(card.ok()).toBe(true);
  for (const activity of [
    { type: 'experiences', displayName: 'Kỹ sư, Công ty Cầu Đường Lâm Đồng', ordinal: 1 },
    { type: 'education', displayName: 'Đại học Giao thông Vận tải', ordinal: 2 },
  ]) {
    const res = await request.post(`/api/brandActivity/insertBrandActivity/${session.memberId}`, {
      headers,
      data: activity,
    });
    expect(res.ok()).toBe(true);
  }

  // A device that has never had this CV: the form starts from what the member already has.
  await logIn(page, account);
  await page.goto('/action/createCv');
  const form = page.getByRole('form', { name: 'CV của tôi' });
  await expect(form.getByLabel('Email')).toHaveValue(account.email);
  await expect(form.getByLabel('Điện thoại')).toHaveValue(/^0912\s?345\s?678$/);
  await expect(form.getByLabel('Địa chỉ')).toHaveValue('5 Trần Phú, Đà Lạt');
  await expect(form.getByLabel('Giới thiệu bản thân')).toHaveValue('Kỹ sư cầu đường.');
  await expect(form.getByText('Kỹ sư, Công ty Cầu Đường Lâm Đồng')).toBeVisible();
  await expect(form.getByText('Đại học Giao thông Vận tải')).toBeVisible();

  await form.getByLabel('Giới tính').selectOption({ label: 'Nam' });
  await form.getByLabel('Ngày sinh').fill('1990-03-02');
  await form.getByRole('button', { name: 'Lưu CV' }).click();

  // The address the member shares is the short link; the id keeps working.
  const link = decodeURIComponent(
    (await page.context().cookies()).find((c) => c.name === 'urlMinify')?.value ?? '',
  );
  expect(link).not.toBe('');
  await expect
    .poll(async () => (await request.get(`/api/cv/getCvByMemberId/${link}`)).status(), {
      timeout: 30_000,
    })
    .toBe(200);
  expect((await request.get(`/cv/${link}`)).status()).toBe(200);
  expect((await request.get(`/cv/${session.memberId}`)).status()).toBe(200);
  expect((await request.get(`/cv/${link}-khong-co`)).status()).toBe(404);
  await expect(page.getByRole('link', { name: 'Xem trang CV' })).toHaveAttribute(
    'href',
    `/cv/${link}`,
  );

  const visitor = await page.context().browser()!.newContext();
  const visit = await visitor.newPage();
  await visit.goto(`/cv/${link}`);
  await expect(visit.getByRole('heading', { level: 1, name: 'Phan Văn Hồ Sơ' })).toBeVisible();
  await expect(visit.getByText('Đại học Giao thông Vận tải')).toBeVisible();
  await visitor.close();
});
