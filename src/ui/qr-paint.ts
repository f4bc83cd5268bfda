// Paints a card QR code on a canvas, the one painter of the card page and the member's QR
// screen. Page only (canvas, images), so it lives in src/ui; the encoding is src/lib/qr-code.ts.
import { encodeQr } from '../lib/qr-code';
import { logoBox, qrLayout, quietModules } from '../lib/qr-matrix';
import { downloadBlob } from './download-file';

export interface PaintQrOptions {
  /** A picture drawn over a white square in the middle. */
  logoUrl?: string | null;
  /** Shrinks the canvas to the code and its quiet zone (a picture to download). */
  fitCanvas?: boolean;
}

/** Draws the code of `text` centred on the canvas, as large as whole pixels per module allow. */
export async function paintQr(
  canvas: HTMLCanvasElement,
  text: string,
  { logoUrl = null, fitCanvas = false }: PaintQrOptions = {},
): Promise<void> {
  const qr = encodeQr(text);
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
  ctx.fillStyle = '#000000';
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
