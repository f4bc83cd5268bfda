// The CV's PDF (issue 15): `cv-pdf-ms` is the median time to build the PDF of a full CV — every
// section filled, 12 experience and 4 education entries, an avatar, the Be Vietnam Pro font
// embedded — with the same layout code the browser runs (src/features/cv/cv-pdf.ts), in Node.
// Budget ≤ 1,000 ms. The first build (module and font parsing warm-up) is not counted.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { buildCvPdf, cvPdfLabels } from '../src/features/cv/cv-pdf';
import type { CvDocument } from '../contract/cv';
import { repoRoot } from './browser-harness';
import type { Figure } from './run';

const runs = 9;

const sentence =
  'Xây dựng và vận hành hệ thống thẻ danh thiếp số cho doanh nghiệp Việt Nam, chạy tốt cả khi mất mạng. ';

export const fullCv: CvDocument = {
  memberId: '00000000-0000-4000-8000-000000000001',
  name: 'Nguyễn Thị Hương Giang',
  jobTitle: 'Kỹ sư phần mềm',
  avatarUrl: null,
  email: 'giang@example.vn',
  phone: '0901 234 567',
  gender: 'female',
  dateOfBirth: '1994-08-15',
  address: '12 Lê Lợi, phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
  aboutMe: sentence.repeat(12).trim(),
  skills: Array.from({ length: 20 }, (_, i) => `Kỹ năng chuyên môn số ${i + 1}`),
  hobbies: ['Đọc sách', 'Chạy bộ', 'Nhiếp ảnh', 'Du lịch bụi', 'Nấu ăn'],
  experience: Array.from({ length: 12 }, (_, i) => ({
    title: `Công ty Cổ phần Công nghệ Sương Mai — Trưởng nhóm phát triển (${2012 + i}–${2013 + i})`,
    details: sentence.repeat(3).trim(),
  })),
  education: Array.from({ length: 4 }, (_, i) => ({
    title: `Đại học Bách khoa Hà Nội — khoá ${i + 1}`,
    details: 'Kỹ sư Công nghệ thông tin, tốt nghiệp loại giỏi',
  })),
};

export async function run(): Promise<Figure[]> {
  const fontDir = path.join(repoRoot, 'node_modules/@expo-google-fonts/be-vietnam-pro');
  const fonts = {
    regular: await readFile(path.join(fontDir, '400Regular/BeVietnamPro_400Regular.ttf')),
    bold: await readFile(path.join(fontDir, '700Bold/BeVietnamPro_700Bold.ttf')),
  };
  const avatar = await sharp({
    create: { width: 400, height: 400, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  const build = () => buildCvPdf(fullCv, fonts, cvPdfLabels.vi, { bytes: avatar, type: 'jpg' });
  await build();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await build();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  return [{ name: 'cv-pdf-ms', value: Math.round(median), unit: 'ms' }];
}
