// cv-js-gz: the JavaScript (gzip) a visitor's first visit to a public CV /cv/{link} downloads
// (service worker kept out so its background precache is not counted), measured as
// wedding-js-gz. The demo member saves a public CV through the API first, so the bench runs on a
// fresh data folder.
import type { Browser } from '@playwright/test';
import { kilobytes, launchBrowser, loadAndMeasure, startAppServer } from './browser-harness';
import type { Figure } from './run';

async function writeDemoCv(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@mecards.vn', password: 'demo12345' }),
  });
  if (!login.ok) throw new Error(`demo login answered ${login.status}`);
  const { accessToken, memberId } = (await login.json()) as {
    accessToken: string;
    memberId: string;
  };
  const res = await fetch(`${origin}/api/cv/updateCvByMemberId/${memberId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      email: 'demo@mecards.vn',
      phone: '0901 234 567',
      gender: 'female',
      dateOfBirth: '1994-08-15',
      address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
      aboutMe: 'Chuyên viên kinh doanh cà phê đặc sản.',
      skills: ['Bán hàng', 'Rang xay'],
      hobbies: ['Đọc sách'],
    }),
  });
  if (!res.ok) throw new Error(`saving the demo CV answered ${res.status}`);
  return `/cv/${memberId}`;
}

export async function run(): Promise<Figure[]> {
  const server = await startAppServer();
  let browser: Browser | undefined;
  try {
    const cvUrl = `${server.url}${await writeDemoCv(server.url)}`;
    browser = await launchBrowser();
    const load = await loadAndMeasure(browser, cvUrl);
    return [
      { name: 'cv-js-gz', value: kilobytes(load.jsGzipBytes), unit: 'KB' },
      { name: 'cv-js-files', value: load.scripts.length, unit: 'files' },
    ];
  } finally {
    await browser?.close();
    await server.stop();
  }
}
