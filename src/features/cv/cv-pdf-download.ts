// The browser side of the CV's PDF: the Be Vietnam Pro font files (loaded only by this screen,
// precached by the service worker so it works offline) and the avatar made into a JPEG that
// pdf-lib can embed. The layout itself is cv-pdf.ts.
import regularFontUrl from '@expo-google-fonts/be-vietnam-pro/400Regular/BeVietnamPro_400Regular.ttf?url';
import boldFontUrl from '@expo-google-fonts/be-vietnam-pro/700Bold/BeVietnamPro_700Bold.ttf?url';
import type { CvDocument } from '../../../contract/cv';
import { buildCvPdf, cvPdfLabels, type CvPdfFonts, type CvPdfPicture } from './cv-pdf';

let fonts: Promise<CvPdfFonts> | undefined;

async function fetchBytes(url: string): Promise<ArrayBuffer> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`font ${res.status}`);
  return res.arrayBuffer();
}

function loadFonts(): Promise<CvPdfFonts> {
  fonts ??= Promise.all([fetchBytes(regularFontUrl), fetchBytes(boldFontUrl)]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  fonts.catch(() => {
    fonts = undefined;
  });
  return fonts;
}

/** The picture at `src` as a square JPEG; null when it cannot be had (offline, not cached). */
async function pictureAsJpeg(src: string | null): Promise<CvPdfPicture | null> {
  if (!src) return null;
  try {
    const res = await fetch(src);
    if (!res.ok) return null;
    const bitmap = await createImageBitmap(await res.blob());
    const side = Math.min(bitmap.width, bitmap.height);
    const size = Math.min(side, 400);
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(
      bitmap,
      (bitmap.width - side) / 2,
      (bitmap.height - side) / 2,
      side,
      side,
      0,
      0,
      size,
      size,
    );
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.9),
    );
    return blob ? { bytes: await blob.arrayBuffer(), type: 'jpg' } : null;
  } catch {
    return null;
  }
}

/** The CV's PDF as a Blob; `avatarSrc` is the picture's displayable address. */
export async function cvPdfBlob(
  cv: CvDocument,
  lang: 'vi' | 'en',
  avatarSrc: string | null,
): Promise<Blob> {
  const [loaded, picture] = await Promise.all([loadFonts(), pictureAsJpeg(avatarSrc)]);
  const bytes = await buildCvPdf(cv, loaded, cvPdfLabels[lang], picture);
  return new Blob([bytes.slice().buffer], { type: 'application/pdf' });
}

/** A file name from the member's name: "CV-Nguyen-Thi-Huong-Giang.pdf". */
export function cvFileName(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, (c) => (c === 'đ' ? 'd' : 'D'))
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `CV-${ascii || 'me'}.pdf`;
}
