import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { encodeQr } from '../../src/lib/qr-code';
import { rasterizeQr } from '../../src/lib/qr-matrix';
import { prepareQrReaderWith, readQrText } from '../../src/ui/qr-read';

beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  const bytes = await readFile(wasm);
  prepareQrReaderWith(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
});

/** The code as a camera frame would hand it over: RGBA pixels, a logo hole in the middle. */
function frameOf(text: string, scale: number): ImageData {
  const { side, pixels } = rasterizeQr(encodeQr(text), scale, { clearCentre: true });
  const data = new Uint8ClampedArray(side * side * 4);
  pixels.forEach((grey, at) => data.set([grey, grey, grey, 255], at * 4));
  return { data, width: side, height: side, colorSpace: 'srgb' };
}

function zxingJsReads(text: string, scale: number): boolean {
  const { side, pixels } = rasterizeQr(encodeQr(text), scale, { clearCentre: true });
  const source = new RGBLuminanceSource(new Uint8ClampedArray(pixels), side, side);
  try {
    return (
      new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source))).getText() === text
    );
  } catch {
    return false;
  }
}

// Card links whose code has a corner look-alike in its data (decision 0920).
const lookAlikes = [
  'https://mecards.vn/me/bb1a870b-2fd0-4043-8e95-c036bd38f2d1',
  'https://mecards.vn/me/63120848-c79e-48c6-9fec-afe95ed8e82a',
  'https://mecards.vn/me/83ec5b37-403f-4148-82ed-459601669844',
];

/** Card links from a fixed seed (splitmix32): the same ones on every run. */
function seededLinks(count: number): string[] {
  let state = 0x9e3779b9;
  const word = () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0).toString(16).padStart(8, '0');
  };
  return Array.from({ length: count }, () => {
    const hex = word() + word() + word() + word();
    return `https://mecards.vn/me/${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
  });
}

describe('the booth scanner reads every card code', () => {
  it.each(lookAlikes)('reads %s, which zxing-js misses at every size', async (link) => {
    for (const scale of [4, 6, 8]) {
      expect(zxingJsReads(link, scale)).toBe(false);
      expect(await readQrText(frameOf(link, scale))).toBe(link);
    }
  });

  it('reads 300 card links drawn small with a logo in the middle', async () => {
    const unread: string[] = [];
    for (const link of seededLinks(300)) {
      if ((await readQrText(frameOf(link, 4))) !== link) unread.push(link);
    }
    expect(unread).toEqual([]);
  });

  it('reads a PNG picture file, and answers null for a picture with no code', async () => {
    const link = lookAlikes[0]!;
    const frame = frameOf(link, 6);
    const png = await sharp(Buffer.from(frame.data), {
      raw: { width: frame.width, height: frame.height, channels: 4 },
    })
      .png()
      .toBuffer();
    expect(await readQrText(new Blob([new Uint8Array(png)], { type: 'image/png' }))).toBe(link);
    const blank = await sharp({
      create: { width: 120, height: 120, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    expect(await readQrText(new Blob([new Uint8Array(blank)], { type: 'image/png' }))).toBeNull();
  });
});
