// Card QR codes encoded in the app: the card page, the member's own QR screen. The encoder
// alone by deep import (≈17 KB gzip): the package index would pull the whole library
// (≈108 KB gzip) onto a card visitor's phone. The routine itself: src/lib/qr-matrix.ts.
import Encoder from '@zxing/library/esm/core/qrcode/encoder/Encoder';
import ErrorCorrectionLevel from '@zxing/library/esm/core/qrcode/decoder/ErrorCorrectionLevel';
import EncodeHintType from '@zxing/library/esm/core/EncodeHintType';
import { encodeQrWith, type QrLevel, type QrMatrix } from './qr-matrix';

export function encodeQr(text: string, level: QrLevel = 'H'): QrMatrix {
  return encodeQrWith({ Encoder, ErrorCorrectionLevel, EncodeHintType }, text, level);
}
