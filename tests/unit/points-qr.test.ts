import { describe, expect, it } from 'vitest';
import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { cardLinkOf, readScannedCode } from '../../src/lib/qr';
import { encodeQr } from '../../src/lib/qr-code';
import { rasterizeQr } from '../../src/lib/qr-matrix';

function decode(side: number, pixels: Uint8Array): string {
  const source = new RGBLuminanceSource(new Uint8ClampedArray(pixels), side, side);
  return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
}

describe('card QR codes', () => {
  const link = cardLinkOf('https://mecards.vn/', '3f2b8c1e-9d4a-4c1b-8e2f-0a1b2c3d4e5f');

  it('carries the card link by member id', () => {
    expect(link).toBe('https://mecards.vn/me/3f2b8c1e-9d4a-4c1b-8e2f-0a1b2c3d4e5f');
  });

  it('decodes back to the same link, also with the centre covered by a logo', () => {
    const qr = encodeQr(link);
    const plain = rasterizeQr(qr, 6);
    expect(decode(plain.side, plain.pixels)).toBe(link);
    const withLogo = rasterizeQr(qr, 6, { clearCentre: true });
    expect(withLogo.pixels).not.toEqual(plain.pixels);
    expect(decode(withLogo.side, withLogo.pixels)).toBe(link);
  });

  it('tells card links, other links and text apart', () => {
    expect(readScannedCode(link)).toEqual({
      kind: 'card',
      key: '3f2b8c1e-9d4a-4c1b-8e2f-0a1b2c3d4e5f',
      path: '/me/3f2b8c1e-9d4a-4c1b-8e2f-0a1b2c3d4e5f',
    });
    expect(readScannedCode('https://old.example/me/demo/')).toMatchObject({
      kind: 'card',
      key: 'demo',
    });
    expect(readScannedCode('https://mecards.vn/smc/abc')).toMatchObject({
      kind: 'card',
      key: 'abc',
    });
    expect(readScannedCode('https://shop.example/x')).toEqual({
      kind: 'link',
      href: 'https://shop.example/x',
    });
    expect(readScannedCode('javascript:alert(1)')).toMatchObject({ kind: 'text' });
    expect(readScannedCode('3F2B8C1E-9D4A-4C1B-8E2F-0A1B2C3D4E5F')).toMatchObject({
      kind: 'card',
      key: '3f2b8c1e-9d4a-4c1b-8e2f-0a1b2c3d4e5f',
    });
  });
});
