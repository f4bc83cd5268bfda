// QR code geometry and the one encoding routine, free of any import of zxing itself so that
// both the app (src/lib/qr-code.ts, the encoder by deep import) and Node test fixtures (which
// cannot load that deep ES module import) run the very same code: error correction H (30 %)
// so that a logo over the middle still scans, UTF-8, a four-module quiet zone (decision 0301).
import type Encoder from '@zxing/library/esm/core/qrcode/encoder/Encoder';
import type ErrorCorrectionLevel from '@zxing/library/esm/core/qrcode/decoder/ErrorCorrectionLevel';
import type EncodeHintType from '@zxing/library/esm/core/EncodeHintType';

/** zxing's encoder classes, from wherever the caller can load them. */
export interface QrEncoderParts {
  Encoder: typeof Encoder;
  ErrorCorrectionLevel: typeof ErrorCorrectionLevel;
  EncodeHintType: typeof EncodeHintType;
}

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** Row-major, 1 = dark. */
  modules: Uint8Array;
}

/** Error correction: H under a logo; M for a long text with nothing over it (a vCard). */
export type QrLevel = 'H' | 'M';

export function encodeQrWith(zxing: QrEncoderParts, text: string, level: QrLevel = 'H'): QrMatrix {
  const hints = new Map([[zxing.EncodeHintType.CHARACTER_SET, 'UTF-8']]);
  const correction = level === 'M' ? zxing.ErrorCorrectionLevel.M : zxing.ErrorCorrectionLevel.H;
  const matrix = zxing.Encoder.encode(text, correction, hints).getMatrix();
  const size = matrix.getWidth();
  const modules = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) modules[y * size + x] = matrix.get(x, y) === 1 ? 1 : 0;
  }
  return { size, modules };
}

/** Quiet zone around the code, in modules (the standard asks for 4). */
export const quietModules = 4;

/**
 * Share of the side a centre logo may cover. A fifth of the side hides 4 % of the modules,
 * far inside what level H restores.
 */
export const logoSideFraction = 0.2;

/** The square in pixels a centre logo takes on an image of `side` pixels. */
export function logoBox(side: number): { x: number; y: number; size: number } {
  const size = Math.round(side * logoSideFraction);
  const x = Math.round((side - size) / 2);
  return { x, y: x, size };
}

/** Pixels per module and the code's top-left offset when it is centred on `side` pixels. */
export function qrLayout(qr: QrMatrix, side: number): { scale: number; offset: number } {
  const scale = Math.max(1, Math.floor(side / (qr.size + quietModules * 2)));
  return { scale, offset: Math.floor((side - scale * qr.size) / 2) };
}

/**
 * Grey pixels (0 black, 255 white) of the code at `scale` pixels per module with its quiet
 * zone, optionally with a white square where a logo goes.
 */
export function rasterizeQr(
  qr: QrMatrix,
  scale: number,
  options: { clearCentre?: boolean } = {},
): { side: number; pixels: Uint8Array } {
  const side = (qr.size + quietModules * 2) * scale;
  const pixels = new Uint8Array(side * side).fill(255);
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (qr.modules[y * qr.size + x] !== 1) continue;
      const px = (x + quietModules) * scale;
      const py = (y + quietModules) * scale;
      for (let dy = 0; dy < scale; dy++)
        pixels.fill(0, (py + dy) * side + px, (py + dy) * side + px + scale);
    }
  }
  if (options.clearCentre) {
    const box = logoBox(side);
    for (let y = box.y; y < box.y + box.size; y++)
      pixels.fill(255, y * side + box.x, y * side + box.x + box.size);
  }
  return { side, pixels };
}
