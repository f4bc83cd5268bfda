// Paints a card QR code on a canvas, the one painter of the card page and the member's QR
// screen. Page only (canvas, images), so it lives in src/ui; the encoding is src/lib/qr-code.ts.
import { encodeQr } from '../lib/qr-code';
import { logoBox, qrLayout, quietModules, type QrLevel } from '../lib/qr-matrix';
import { downloadBlob } from './download-file';

export interface PaintQrOptions {
  /** A picture drawn over a white square in the middle. */
  logoUrl?: string | null;
  /** Shrinks the canvas to the code and its quiet zone (a picture to download). */
  fitCanvas?: boolean;
  /** Colour of the dark modules (on white); pick it with `readableQrColor`. */
  dark?: string;
  level?: QrLevel;
}

/** Draws the code of `text` centred on the canvas, as large as whole pixels per module allow. */
export async function paintQr(
  canvas: HTMLCanvasElement,
  text: string,
  { logoUrl = null, fitCanvas = false, dark = '#000000', level = 'H' }: PaintQrOptions = {},
): Promise<void> {
  const qr = encodeQr(text, level);
  if (fitCanvas) {
    const { scale } = qrLayout(qr, canvas.width);
    canvas.width = (qr.size + quietModules * 2) * scale;
  }
  canvas.height = canvas.width;
  const side = canvas.width;
  const { scale, offset } = qrLayout(qr, side);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, side, side);
  ctx.fillStyle = dark;
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (qr.modules[y * qr.size + x] === 1)
        ctx.fillRect(offset + x * scale, offset + y * scale, scale, scale);
    }
  }
  if (!logoUrl) return;
  const logo = await loadImage(logoUrl);
  if (!logo) return;
  const box = logoBox(side);
  const pad = Math.round(box.size * 0.08);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(box.x, box.y, box.size, box.size);
  ctx.drawImage(logo, box.x + pad, box.y + pad, box.size - pad * 2, box.size - pad * 2);
}

function loadImage(url: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => resolve(null);
    img.src = url;
  });
}

/** Saves the canvas as a PNG file through a temporary link. */
export function downloadCanvasPng(canvas: HTMLCanvasElement, fileName: string): Promise<void> {
  return new Promise((resolve) => {
    canvas.toBlob((blob) => {
      if (blob) downloadBlob(blob, fileName);
      resolve();
    }, 'image/png');
  });
}

function channel(hex: string, at: number): number {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG contrast of a #rrggbb colour against white. */
export function contrastOnWhite(hex: string): number {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return 1;
  const l = 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
  return 1.05 / (l + 0.05);
}

/**
 * The theme's colour for the dark modules when it stands out enough on white for scanners
 * (contrast 4.5 or more), black otherwise.
 */
export function readableQrColor(themeColor: string | null | undefined): string {
  return themeColor && contrastOnWhite(themeColor) >= 4.5 ? themeColor : '#000000';
}

/** The code as an SVG document (dark modules as one path), with an optional centre logo. */
export function qrSvg(
  text: string,
  { dark = '#000000', logoHref = null }: { dark?: string; logoHref?: string | null } = {},
): string {
  const qr = encodeQr(text);
  const side = qr.size + quietModules * 2;
  let path = '';
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (qr.modules[y * qr.size + x] === 1)
        path += `M${x + quietModules} ${y + quietModules}h1v1h-1z`;
    }
  }
  const box = logoBox(side);
  const logo = logoHref
    ? `<rect x="${box.x}" y="${box.y}" width="${box.size}" height="${box.size}" fill="#fff"/>` +
      `<image href="${logoHref.replace(/[&"<]/g, '')}" x="${box.x + 0.5}" y="${box.y + 0.5}" width="${box.size - 1}" height="${box.size - 1}"/>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="${dark}" d="${path}"/>${logo}</svg>`
  );
}
