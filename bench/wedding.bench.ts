// wedding-js-gz: the JavaScript (gzip) a guest's first visit to a wedding invitation
// /wedding/{id} downloads (service worker kept out so its background precache is not counted).
// wedding-lcp: Largest Contentful Paint of that page on a phone-sized Chromium with 4× CPU
// slowdown and Lighthouse's "slow 4G" (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up),
// median of three cold loads. The invitation is written first by the demo member through the
// API, as in e2e/wedding-contact-us.spec.ts, so the bench runs on a fresh data folder.
import type { Browser } from '@playwright/test';
import {
  kilobytes,
  launchBrowser,
  loadAndMeasure,
  medianPhoneLcp,
  startAppServer,
} from './browser-harness';
import type { Figure } from './run';

const runs = 3;

async function writeDemoWedding(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@mecards.vn', password: 'demo12345' }),
  });
  if (!login.ok) throw new Error(`demo login answered ${login.status}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const id = crypto.randomUUID();
  const res = await fetch(`${origin}/api/wedding/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      id,
      groomsFamily: { name: 'Nguyễn Văn An', father: 'Nguyễn Văn Bình' },
      bridesFamily: { name: 'Trần Thị Hoa', mother: 'Lê Thị Lan' },
      groomsBank: { bankBin: '970436', ownerName: 'NGUYEN VAN AN', accountNumber: '0071000123456' },
      weddingDay: { h: '11H00', d: 7, m: 3, y: 2027 },
      weddingPartyDay: { h: '11H30', d: 7, m: 3, y: 2027 },
      venue: 'Nhà hàng Hoa Sen',
    }),
  });
  if (!res.ok) throw new Error(`writing the demo wedding answered ${res.status}`);
  return id;
}

export async function run(): Promise<Figure[]> {
  const server = await startAppServer();
  let browser: Browser | undefined;
  try {
    const weddingUrl = `${server.url}/wedding/${await writeDemoWedding(server.url)}`;
    browser = await launchBrowser();
    const load = await loadAndMeasure(browser, weddingUrl);
    if (load.scripts.length === 0) throw new Error('the wedding page loaded no JavaScript');

    const lcp = await medianPhoneLcp(browser, weddingUrl, runs);
    return [
      { name: 'wedding-lcp', value: Math.round(lcp), unit: 'ms' },
      { name: 'wedding-js-gz', value: kilobytes(load.jsGzipBytes), unit: 'KB' },
    ];
  } finally {
    await browser?.close();
    await server.stop();
  }
}
