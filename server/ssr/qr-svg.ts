// A QR code as an SVG path, made on the server so that a public page shows it in its first
// paint with no encoder in the browser (the wedding page's gift accounts, decision 0931).
// Same settings as the app's painter (src/ui/qr-paint.ts): level H, UTF-8, 4-module quiet zone.
import { createRequire } from 'node:module';
import type * as Zxing from '@zxing/library';
import type { QrSvg } from '../../contract/qr-svg';

// Loaded at the first QR drawn, not at start: the encoder's library takes ~65 ms to load.
let zxing: typeof Zxing | undefined;
function encoderLibrary(): typeof Zxing {
  zxing ??= createRequire(import.meta.url)('@zxing/library') as typeof Zxing;
  return zxing;
}

const quietModules = 4;

export function qrSvg(text: string): QrSvg {
  const { EncodeHintType, QRCodeDecoderErrorCorrectionLevel, QRCodeEncoder } = encoderLibrary();
  const hints = new Map([[EncodeHintType.CHARACTER_SET, 'UTF-8']]);
  const matrix = QRCodeEncoder.encode(text, QRCodeDecoderErrorCorrectionLevel.H, hints).getMatrix();
  const size = matrix.getWidth();
  let path = '';
  for (let y = 0; y < size; y++) {
    // One rectangle per run of dark modules in a row.
    for (let x = 0; x < size;) {
      if (matrix.get(x, y) !== 1) {
        x++;
        continue;
      }
      let run = 1;
      while (x + run < size && matrix.get(x + run, y) === 1) run++;
      path += `M${x + quietModules} ${y + quietModules}h${run}v1h-${run}z`;
      x += run;
    }
  }
  return { side: size + quietModules * 2, path };
}
