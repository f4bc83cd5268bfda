// The server's SVG QR code (decision 0931): the same modules as the app's painter draws, and a
// QR reader reads the VietQR payload back from it.
import { describe, expect, it } from 'vitest';
import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { encodeQr } from '../../src/lib/qr-code';
import { quietModules, rasterizeQr } from '../../src/lib/qr-matrix';
import { qrSvg } from '../../server/ssr/qr-svg';
import { vietQrPayload } from '../../contract/vietqr';

/** The path's rectangles back into a grid of dark modules (quiet zone included). */
function modulesOf(side: number, path: string): Uint8Array {
  const grid = new Uint8Array(side * side);
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(run); i++) grid[Number(y) * side + Number(x) + i] = 1;
  }
  return grid;
}

describe('qrSvg', () => {
  const payload = vietQrPayload({ bin: '970436', accountNumber: '0071000123456' });

  it('draws the very modules of the app’s encoder, inside a 4-module quiet zone', () => {
    const svg = qrSvg(payload);
    const app = encodeQr(payload);
    expect(svg.side).toBe(app.size + quietModules * 2);
    const grid = modulesOf(svg.side, svg.path);
    for (let y = 0; y < svg.side; y++) {
      for (let x = 0; x < svg.side; x++) {
        const inside =
          x >= quietModules &&
          y >= quietModules &&
          x < quietModules + app.size &&
          y < quietModules + app.size;
        const expected = inside
          ? (app.modules[(y - quietModules) * app.size + (x - quietModules)] ?? 0)
          : 0;
        expect(grid[y * svg.side + x]).toBe(expected);
      }
    }
  });

  it('reads back as the VietQR payload', () => {
    const svg = qrSvg(payload);
    const size = svg.side - quietModules * 2;
    const modules = modulesOf(svg.side, svg.path);
    const inner = new Uint8Array(size * size);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        inner[y * size + x] = modules[(y + quietModules) * svg.side + x + quietModules] ?? 0;
      }
    }
    const { side, pixels } = rasterizeQr({ size, modules: inner }, 4);
    const source = new RGBLuminanceSource(new Uint8ClampedArray(pixels), side, side);
    const text = new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
    expect(text).toBe(payload);
  });
});
