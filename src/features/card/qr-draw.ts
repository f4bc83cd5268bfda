// Draws a card's QR code on a canvas. Loaded when the QR block scrolls into view. It takes
// zxing's encoder by deep import (≈17 KB gzip) rather than through src/lib/qr.ts, whose
// import of the package index pulls the whole library (≈108 KB gzip) onto a visitor's phone;
// the code itself is the same: error correction H, UTF-8, four-module quiet zone (0301).
import Encoder from '@zxing/library/esm/core/qrcode/encoder/Encoder';
import ErrorCorrectionLevel from '@zxing/library/esm/core/qrcode/decoder/ErrorCorrectionLevel';
import EncodeHintType from '@zxing/library/esm/core/EncodeHintType';

const quietModules = 4;

export function drawQr(canvas: HTMLCanvasElement, text: string): void {
  const hints = new Map([[EncodeHintType.CHARACTER_SET, 'UTF-8']]);
  const matrix = Encoder.encode(text, ErrorCorrectionLevel.H, hints).getMatrix();
  const modules = matrix.getWidth();
  const scale = Math.max(1, Math.floor(canvas.width / (modules + quietModules * 2)));
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
