// The video-call background (decision 1100): `background-png-ms` is the median time to draw one
// 1920×1080 background (text and the card's QR) and encode it as PNG, in Chromium, with the
// very module the share screen runs (src/features/qr/virtual-background.ts, bundled here with
// esbuild). Each of the three layouts is drawn in turn; the first round is not counted.
import { build } from 'esbuild';
import type { Browser } from '@playwright/test';
import path from 'node:path';
import { launchBrowser, median, repoRoot } from './browser-harness';
import type { Figure } from './run';

const rounds = 5;

async function bundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `export { paintBackground, backgroundPng } from './src/features/qr/virtual-background';`,
      resolveDir: repoRoot,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'virtualBackground',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    absWorkingDir: path.resolve(repoRoot),
  });
  return result.outputFiles[0]!.text;
}

export async function run(): Promise<Figure[]> {
  const script = await bundle();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const page = await browser.newPage();
    await page.addScriptTag({ content: script });
    const times = await page.evaluate(async (rounds: number) => {
      type Module = {
        paintBackground(canvas: HTMLCanvasElement, input: unknown, layout: string): void;
        backgroundPng(canvas: HTMLCanvasElement): Promise<Blob>;
      };
      const module = (window as unknown as { virtualBackground: Module }).virtualBackground;
      const input = {
        name: 'Nguyễn Thị Hương Giang',
        jobTitle: 'Giám đốc Kinh doanh',
        company: 'Công ty TNHH Cà Phê Sương Mai',
        cardUrl: 'https://mecards.vn/me/huong-giang',
        colors: {
          menu: '#0b4a8b',
          menuText: '#ffffff',
          button: '#0b66c3',
          buttonText: '#ffffff',
          background: '#eef3f9',
          text: '#1b2430',
        },
        qrDark: '#0b4a8b',
      };
      const out: number[] = [];
      for (let round = 0; round <= rounds; round += 1) {
        for (const layout of ['side', 'banner', 'corner']) {
          const canvas = document.createElement('canvas');
          const started = performance.now();
          module.paintBackground(canvas, input, layout);
          const png = await module.backgroundPng(canvas);
          if (png.size < 1000) throw new Error('no background drawn');
          if (round > 0) out.push(performance.now() - started);
        }
      }
      return out;
    }, rounds);
    return [{ name: 'background-png-ms', value: Math.round(median(times)), unit: 'ms' }];
  } finally {
    await browser?.close();
  }
}
