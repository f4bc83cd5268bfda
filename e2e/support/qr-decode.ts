// QR codes read back in journeys with the app's own reader, zxing-cpp (decision 0920): zxing's
// JavaScript port misses about one card code in ten, and each run draws a new member id.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect, type Locator } from '@playwright/test';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

let prepared: Promise<void> | null = null;

function prepare(): Promise<void> {
  prepared ??= (async () => {
    const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const bytes = await readFile(wasm);
    prepareZXingModule({
      overrides: {
        wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      },
    });
  })();
  return prepared;
}

/** The text of the QR code in a PNG file; throws when the picture holds none. */
export async function decodeQrPng(png: Buffer): Promise<string> {
  await prepare();
  const [first] = await readBarcodes(new Blob([new Uint8Array(png)], { type: 'image/png' }), {
    formats: ['QRCode'],
    tryHarder: true,
    maxNumberOfSymbols: 1,
  });
  if (!first?.isValid) throw new Error('no readable QR code in the picture');
  return first.text;
}

/**
 * The text of the QR code drawn on a canvas, once the app marked it drawn, or of one the server
 * drew as an inline SVG (read from a screenshot of it).
 */
export async function decodeQrCanvas(canvas: Locator): Promise<string> {
  await canvas.scrollIntoViewIfNeeded();
  await expect(canvas).toHaveAttribute('data-drawn', 'true');
  if (await canvas.evaluate((el) => el.tagName.toLowerCase() === 'svg')) {
    return decodeQrPng(await canvas.screenshot());
  }
  // The picture as a PNG: a few KB to carry back instead of every pixel.
  const dataUrl = await canvas.evaluate((el: HTMLCanvasElement) => el.toDataURL('image/png'));
  return decodeQrPng(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
}
