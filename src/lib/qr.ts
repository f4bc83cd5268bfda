// QR codes of card links, made with @zxing/library's encoder at the highest error correction
// (H, 30 %) so that a logo over the middle still scans. Pure: usable in the browser (canvas)
// and in Node (test fixtures render the same matrix to video frames).
import { EncodeHintType, QRCodeDecoderErrorCorrectionLevel, QRCodeEncoder } from '@zxing/library';

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** Row-major, 1 = dark. */
  modules: Uint8Array;
}

export function encodeQr(text: string): QrMatrix {
  const hints = new Map([[EncodeHintType.CHARACTER_SET, 'UTF-8']]);
  const matrix = QRCodeEncoder.encode(text, QRCodeDecoderErrorCorrectionLevel.H, hints).getMatrix();
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

/** The card link a member's QR code carries: their id, so it opens offline at a booth too. */
export function cardLinkOf(origin: string, memberId: string): string {
  return `${origin.replace(/\/$/, '')}/me/${memberId}`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isMemberUuid(value: string): boolean {
  return uuidPattern.test(value);
}

export type ScannedCode =
  /** A member's card: their id or short link, and the path of the card page. */
  | { kind: 'card'; key: string; path: string }
  /** Some other link. */
  | { kind: 'link'; href: string }
  | { kind: 'text'; text: string };

/**
 * What a scanned text names: a member card link (/me/{id}, /new-me/{id}, /smc/{short link}
 * on any host: cards printed from older links too), a bare member id, another link, or text.
 */
export function readScannedCode(text: string): ScannedCode {
  const trimmed = text.trim();
  if (isMemberUuid(trimmed)) {
    return { kind: 'card', key: trimmed.toLowerCase(), path: `/me/${trimmed.toLowerCase()}` };
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { kind: 'text', text: trimmed };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'text', text: trimmed };
  const match = /^\/(me|new-me|smc)\/([^/?#]+)\/?$/.exec(url.pathname);
  if (match?.[2]) {
    const key = decodeURIComponent(match[2]);
    return { kind: 'card', key: isMemberUuid(key) ? key.toLowerCase() : key, path: url.pathname };
  }
  return { kind: 'link', href: url.href };
}
