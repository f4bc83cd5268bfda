// Paints a card QR code on a canvas (and its logo), the picture the member shows and downloads.
import { downloadBlob } from '../../ui/download-file';
import { encodeQr, logoBox, quietModules } from '../../lib/qr';

/** Draws the code of `text` filling the canvas; with a logo, over a white square in the middle. */
export async function paintQr(
  canvas: HTMLCanvasElement,
  text: string,
  logoUrl: string | null,
): Promise<void> {
  const qr = encodeQr(text);
  const scale = Math.max(1, Math.floor(canvas.width / (qr.size + quietModules * 2)));
  const side = (qr.size + quietModules * 2) * scale;
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, side, side);
  ctx.fillStyle = '#000000';
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (qr.modules[y * qr.size + x] === 1) {
        ctx.fillRect((x + quietModules) * scale, (y + quietModules) * scale, scale, scale);
      }
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
