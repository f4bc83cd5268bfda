// Files of the member's QR: SVG (vector, for print shops) and a printable A6 PDF (pdf-lib,
// loaded only when asked), plus writing the card link to an NFC tag where Web NFC exists.
import { downloadBlob } from '../../ui/download-file';
import { qrSvg } from '../../ui/qr-paint';

export function downloadQrSvg(
  text: string,
  options: { dark: string; logoHref: string | null },
  fileName: string,
): void {
  downloadBlob(new Blob([qrSvg(text, options)], { type: 'image/svg+xml' }), fileName);
}

/** An A6 page with the code (the canvas as drawn, logo included) and the link under it. */
export async function downloadQrPdf(
  canvas: HTMLCanvasElement,
  link: string,
  fileName: string,
): Promise<void> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!png) return;
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([297.64, 419.53]); // A6 in points
  const image = await pdf.embedPng(await png.arrayBuffer());
  const size = 240;
  const x = (page.getWidth() - size) / 2;
  page.drawImage(image, { x, y: 140, width: size, height: size });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const fontSize = 9;
  const width = font.widthOfTextAtSize(link, fontSize);
  page.drawText(link, {
    x: Math.max(12, (page.getWidth() - width) / 2),
    y: 120,
    size: fontSize,
    font,
    color: rgb(0.2, 0.2, 0.2),
  });
  const bytes = await pdf.save();
  downloadBlob(new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), fileName);
}

interface NdefWriter {
  write(message: { records: { recordType: string; data: string }[] }): Promise<void>;
}

/** Whether this browser can write NFC tags (Chrome on Android). */
export function nfcWritable(): boolean {
  return typeof globalThis === 'object' && 'NDEFReader' in globalThis;
}

/** Writes the link as a URL record; the phone asks the member to hold a tag near it. */
export async function writeNfcLink(link: string): Promise<void> {
  const Reader = (globalThis as unknown as { NDEFReader: new () => NdefWriter }).NDEFReader;
  await new Reader().write({ records: [{ recordType: 'url', data: link }] });
}
