// The CV as a PDF, built on the device (works offline): A4 pages, the Be Vietnam Pro font
// embedded (every Vietnamese diacritic, selectable text), the avatar, lines wrapped and pages
// added as the content needs. Pure apart from pdf-lib: fonts and picture come in as bytes, so
// the same code runs in the browser, in a Node test and in the benchmark.
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { cvDate, cvGenderLabels, type CvDocument, type CvEntry } from '../../../contract/cv';

export interface CvPdfFonts {
  regular: Uint8Array | ArrayBuffer;
  bold: Uint8Array | ArrayBuffer;
}

/** The avatar as PNG or JPEG bytes (the browser converts other formats first). */
export interface CvPdfPicture {
  bytes: Uint8Array | ArrayBuffer;
  type: 'png' | 'jpg';
}

export interface CvPdfLabels {
  lang: 'vi' | 'en';
  email: string;
  phone: string;
  gender: string;
  dateOfBirth: string;
  address: string;
  aboutMe: string;
  experience: string;
  education: string;
  skills: string;
  hobbies: string;
}

export const cvPdfLabels: Record<'vi' | 'en', CvPdfLabels> = {
  vi: {
    lang: 'vi',
    email: 'Email',
    phone: 'Điện thoại',
    gender: 'Giới tính',
    dateOfBirth: 'Ngày sinh',
    address: 'Địa chỉ',
    aboutMe: 'Giới thiệu bản thân',
    experience: 'Kinh nghiệm làm việc',
    education: 'Học vấn',
    skills: 'Kỹ năng',
    hobbies: 'Sở thích',
  },
  en: {
    lang: 'en',
    email: 'Email',
    phone: 'Phone',
    gender: 'Gender',
    dateOfBirth: 'Date of birth',
    address: 'Address',
    aboutMe: 'About me',
    experience: 'Experience',
    education: 'Education',
    skills: 'Skills',
    hobbies: 'Hobbies',
  },
};

/** A4 in PDF points. */
export const a4 = { width: 595.28, height: 841.89 } as const;
const margin = 50;
const ink = rgb(0.13, 0.15, 0.2);
const muted = rgb(0.38, 0.42, 0.5);
const accent = rgb(0.05, 0.38, 0.62);

/** Text widths of one font at one size, remembered: measuring with fontkit is the slow part. */
function measurer(font: PDFFont, size: number): (text: string) => number {
  const widths = new Map<string, number>();
  return (text) => {
    let width = widths.get(text);
    if (width === undefined) {
      width = font.widthOfTextAtSize(text, size);
      widths.set(text, width);
    }
    return width;
  };
}

const measurers = new WeakMap<PDFFont, Map<number, (text: string) => number>>();

function measure(font: PDFFont, size: number): (text: string) => number {
  let bySize = measurers.get(font);
  if (!bySize) {
    bySize = new Map();
    measurers.set(font, bySize);
  }
  let m = bySize.get(size);
  if (!m) {
    m = measurer(font, size);
    bySize.set(size, m);
  }
  return m;
}

/**
 * Splits text into lines no wider than `width`: paragraphs kept, words wrapped, a word longer
 * than a line cut where it must be. A line's width is the sum of its words and spaces (kerning
 * between words is left out; a hair of room is kept for it).
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const widthOf = measure(font, size);
  const room = width - size * 0.25;
  const space = widthOf(' ');
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = '';
    let lineWidth = 0;
    for (let word of words) {
      const wordWidth = widthOf(word);
      if (line && lineWidth + space + wordWidth <= room) {
        line = `${line} ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      // A word wider than the line: cut it into pieces that fit.
      while (widthOf(word) > room && word.length > 1) {
        let cut = word.length - 1;
        while (cut > 1 && widthOf(word.slice(0, cut)) > room) cut -= 1;
        lines.push(word.slice(0, cut));
        word = word.slice(cut);
      }
      line = word;
      lineWidth = widthOf(word);
    }
    if (line) lines.push(line);
  }
  return lines;
}

/** Writes lines top-down, starting a new A4 page whenever the current one is full. */
class Writer {
  page: PDFPage;
  y: number;
  constructor(private readonly pdf: PDFDocument) {
    this.page = pdf.addPage([a4.width, a4.height]);
    this.y = a4.height - margin;
  }

  get width(): number {
    return a4.width - 2 * margin;
  }

  /** Makes room for `height` points, on a new page when this one has not enough. */
  ensure(height: number): void {
    if (this.y - height >= margin) return;
    this.page = this.pdf.addPage([a4.width, a4.height]);
    this.y = a4.height - margin;
  }

  text(
    text: string,
    font: PDFFont,
    size: number,
    options: { color?: ReturnType<typeof rgb>; indent?: number; gapAfter?: number } = {},
  ): void {
    const indent = options.indent ?? 0;
    const lineHeight = size * 1.4;
    for (const line of wrapText(text, font, size, this.width - indent)) {
      this.ensure(lineHeight);
      this.y -= size;
      if (line) {
        this.page.drawText(line, {
          x: margin + indent,
          y: this.y,
          size,
          font,
          color: options.color ?? ink,
        });
      }
      this.y -= lineHeight - size;
    }
    this.y -= options.gapAfter ?? 0;
  }
}

/** Builds the PDF of a CV; answers its bytes. */
export async function buildCvPdf(
  cv: CvDocument,
  fonts: CvPdfFonts,
  labels: CvPdfLabels,
  picture?: CvPdfPicture | null,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`CV — ${cv.name}`);
  pdf.setAuthor(cv.name);
  pdf.setLanguage(labels.lang === 'en' ? 'en' : 'vi');
  pdf.setCreator('m.e Cards');
  const regular = await pdf.embedFont(fonts.regular, { subset: true });
  const bold = await pdf.embedFont(fonts.bold, { subset: true });
  let image: PDFImage | undefined;
  if (picture) {
    try {
      image =
        picture.type === 'png'
          ? await pdf.embedPng(picture.bytes)
          : await pdf.embedJpg(picture.bytes);
    } catch {
      // A picture that cannot be read leaves the CV without it rather than without a PDF.
      image = undefined;
    }
  }

  const w = new Writer(pdf);
  // Header: the avatar on the left, name and job title beside it.
  const avatarSize = 84;
  const headerTop = w.y;
  let textIndent = 0;
  if (image) {
    const scale = Math.max(avatarSize / image.width, avatarSize / image.height);
    const drawn = { width: image.width * scale, height: image.height * scale };
    w.page.drawImage(image, {
      x: margin + (avatarSize - drawn.width) / 2,
      y: headerTop - avatarSize + (avatarSize - drawn.height) / 2,
      width: drawn.width,
      height: drawn.height,
    });
    textIndent = avatarSize + 18;
  }
  w.y = headerTop - 6;
  w.text(cv.name, bold, 22, { indent: textIndent, gapAfter: 4 });
  if (cv.jobTitle) w.text(cv.jobTitle, regular, 13, { indent: textIndent, color: accent });
  if (image) w.y = Math.min(w.y, headerTop - avatarSize);
  w.y -= 14;
  w.page.drawLine({
    start: { x: margin, y: w.y },
    end: { x: a4.width - margin, y: w.y },
    thickness: 1,
    color: accent,
  });
  w.y -= 12;

  const fact = (label: string, value: string) => {
    if (!value) return;
    w.text(`${label}: ${value}`, regular, 11);
  };
  fact(labels.email, cv.email);
  fact(labels.phone, cv.phone);
  fact(labels.gender, cvGenderLabels[labels.lang][cv.gender]);
  fact(labels.dateOfBirth, cvDate(cv.dateOfBirth));
  fact(labels.address, cv.address);

  const heading = (title: string) => {
    w.y -= 10;
    // A heading is never left alone at the bottom of a page.
    w.ensure(14 * 1.4 + 11 * 1.4 * 2);
    w.text(title, bold, 14, { color: accent, gapAfter: 2 });
  };
  const entries = (title: string, items: CvEntry[]) => {
    if (items.length === 0) return;
    heading(title);
    for (const item of items) {
      w.text(item.title, bold, 11.5);
      if (item.details) w.text(item.details, regular, 11, { indent: 12, color: muted });
      w.y -= 4;
    }
  };
  const list = (title: string, items: string[]) => {
    if (items.length === 0) return;
    heading(title);
    w.text(items.join(', '), regular, 11);
  };

  heading(labels.aboutMe);
  w.text(cv.aboutMe, regular, 11);
  entries(labels.experience, cv.experience);
  entries(labels.education, cv.education);
  list(labels.skills, cv.skills);
  list(labels.hobbies, cv.hobbies);

  return pdf.save();
}
