// Draws a QR code on a canvas. Loaded on demand (it carries the zxing encoder) so a card's
// first load does not pay for it; deep imports keep the chunk to the encoder alone.
import Encoder from '@zxing/library/esm/core/qrcode/encoder/Encoder';
import ErrorCorrectionLevel from '@zxing/library/esm/core/qrcode/decoder/ErrorCorrectionLevel';

/** Paints `text` as black modules on white with a four-module quiet zone. */
export function drawQr(canvas: HTMLCanvasElement, text: string): void {
  const matrix = Encoder.encode(text, ErrorCorrectionLevel.M).getMatrix();
  const modules = matrix.getWidth();
  const quiet = 4;
  const scale = Math.max(1, Math.floor(canvas.width / (modules + quiet * 2)));
  const offset = Math.floor((canvas.width - scale * modules) / 2);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  for (let y = 0; y < modules; y++) {
    for (let x = 0; x < modules; x++) {
      if (matrix.get(x, y) === 1)
        ctx.fillRect(offset + x * scale, offset + y * scale, scale, scale);
    }
  }
}
