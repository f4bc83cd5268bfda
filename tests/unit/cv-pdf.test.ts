// The CV's PDF (decision 0711): built by the same code the browser runs, read back with pdf.js —
// the Vietnamese text comes out exactly as it went in (every diacritic, selectable text), the
// pages are A4, the avatar is drawn, and a long CV flows onto more pages.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { a4, buildCvPdf, cvPdfLabels } from '../../src/features/cv/cv-pdf';
import type { CvDocument } from '../../contract/cv';

const fontDir = path.resolve(
  import.meta.dirname,
  '../../node_modules/@expo-google-fonts/be-vietnam-pro',
);
const fonts = {
  regular: await readFile(path.join(fontDir, '400Regular/BeVietnamPro_400Regular.ttf')),
  bold: await readFile(path.join(fontDir, '700Bold/BeVietnamPro_700Bold.ttf')),
};

const giangCv: CvDocument = {
  memberId: '00000000-0000-4000-8000-000000000001',
  name: 'Nguyễn Thị Hương Giang',
  jobTitle: 'Kỹ sư phần mềm',
  avatarUrl: null,
  email: 'giang@example.vn',
  phone: '0901 234 567',
  gender: 'female',
  dateOfBirth: '1994-08-15',
  address: '12 Lê Lợi, phường Bến Nghé, TP. Hồ Chí Minh',
  aboutMe: 'Tôi yêu thích xây dựng sản phẩm tiếng Việt dễ dùng, chạy tốt cả khi mất mạng.',
  skills: ['TypeScript', 'Thiết kế cơ sở dữ liệu', 'Quản lý dự án'],
  hobbies: ['Đọc sách', 'Chạy bộ'],
  experience: [
    { title: 'Công ty Cổ phần Sương Mai — Trưởng nhóm', details: 'Dẫn dắt đội 6 người.' },
  ],
  education: [{ title: 'Đại học Bách khoa Hà Nội', details: 'Kỹ sư Công nghệ thông tin, 2016' }],
};

interface PdfText {
  pages: number;
  sizes: { width: number; height: number }[];
  lines: string[];
  images: number;
}

async function readPdf(bytes: Uint8Array): Promise<PdfText> {
  const doc = await getDocument({ data: bytes.slice(), useSystemFonts: false }).promise;
  const lines: string[] = [];
  const sizes: { width: number; height: number }[] = [];
  let images = 0;
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const [, , width, height] = page.view as [number, number, number, number];
    sizes.push({ width, height });
    const content = await page.getTextContent();
    let line = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      line += item.str;
      if (item.hasEOL) {
        lines.push(line);
        line = '';
      }
    }
    if (line) lines.push(line);
    const ops = await page.getOperatorList();
    const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    images += ops.fnArray.filter((fn) => fn === OPS.paintImageXObject).length;
  }
  await doc.destroy();
  return { pages: doc.numPages, sizes, lines: lines.map((l) => l.trim()).filter(Boolean), images };
}

describe('CV PDF', () => {
  it('keeps every Vietnamese diacritic, on A4, with the avatar', async () => {
    const avatar = await sharp({
      create: { width: 120, height: 120, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .png()
      .toBuffer();
    const bytes = await buildCvPdf(giangCv, fonts, cvPdfLabels.vi, { bytes: avatar, type: 'png' });
    const pdf = await readPdf(bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.sizes[0]!.width).toBeCloseTo(a4.width, 1);
    expect(pdf.sizes[0]!.height).toBeCloseTo(a4.height, 1);
    expect(pdf.images).toBe(1);
    expect(pdf.lines).toContain('Nguyễn Thị Hương Giang');
    expect(pdf.lines).toContain('Kỹ sư phần mềm');
    expect(`${pdf.lines[0]}, ${pdf.lines[1]}`).toBe('Nguyễn Thị Hương Giang, Kỹ sư phần mềm');
    expect(pdf.lines).toContain('Địa chỉ: 12 Lê Lợi, phường Bến Nghé, TP. Hồ Chí Minh');
    expect(pdf.lines).toContain('Ngày sinh: 15/08/1994');
    expect(pdf.lines).toContain('Giới tính: Nữ');
    expect(pdf.lines).toContain(
      'Tôi yêu thích xây dựng sản phẩm tiếng Việt dễ dùng, chạy tốt cả khi mất mạng.',
    );
    expect(pdf.lines).toContain('Kỹ năng');
    expect(pdf.lines).toContain('TypeScript, Thiết kế cơ sở dữ liệu, Quản lý dự án');
    expect(pdf.lines).toContain('Đại học Bách khoa Hà Nội');
    // Text stays text: nothing comes back decomposed or replaced.
    for (const line of pdf.lines) expect(line).toBe(line.normalize('NFC'));
  });

  it('wraps long text and adds pages as the content needs', async () => {
    const sentence = 'Phát triển ứng dụng thẻ danh thiếp số cho doanh nghiệp Việt Nam. ';
    const long: CvDocument = {
      ...giangCv,
      aboutMe: sentence.repeat(40).trim(),
      experience: Array.from({ length: 30 }, (_, i) => ({
        title: `Dự án số ${i + 1}: Hệ thống quản lý khách hàng`,
        details: sentence.repeat(3).trim(),
      })),
    };
    const pdf = await readPdf(await buildCvPdf(long, fonts, cvPdfLabels.en, null));
    expect(pdf.pages).toBeGreaterThan(2);
    for (const size of pdf.sizes) expect(size.height).toBeCloseTo(a4.height, 1);
    expect(pdf.images).toBe(0);
    expect(pdf.lines).toContain('Experience');
    expect(pdf.lines).toContain('Dự án số 30: Hệ thống quản lý khách hàng');
    // The wrapped paragraph, joined again, is the paragraph.
    const start = pdf.lines.indexOf('About me') + 1;
    const end = pdf.lines.indexOf('Experience');
    expect(pdf.lines.slice(start, end).join(' ')).toBe(long.aboutMe);
  });
});
