import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { buildVCard, escapeVCardText, foldVCardLine, vcardFileName } from '../../contract/vcard';
import { mailtoHref, telHref, zaloHref } from '../../contract/contact-links';

const card = {
  name: 'Nguyễn Thị Minh Anh',
  organization: 'Công ty TNHH Cà Phê Sương Mai',
  title: 'Giám đốc Kinh doanh',
  phones: [
    { number: '0901 234 567', type: 'cell' as const },
    { number: '0263-381-2345', type: 'work' as const },
  ],
  email: 'minhanh@suongmai.vn',
  website: 'https://suongmai.vn',
  address: '12 Trần Hưng Đạo, Phường Xuân Hương - Đà Lạt; Tỉnh Lâm Đồng',
  note: 'Kết nối để cùng phát triển — cà phê, du lịch và công nghệ.\nDòng hai; có dấu \\ gạch.',
  // A JPEG's first bytes, long enough to be folded.
  photoJpegBase64: Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7) % 256)).toString(
    'base64',
  ),
  cardUrl: 'https://cards.test/me/demo',
};

function parse(text: string) {
  return new ICAL.Component(ICAL.parse(text) as unknown[]);
}

describe('buildVCard', () => {
  const text = buildVCard(card);
  const vcard = parse(text);

  it('is a vCard 3.0 with CRLF line ends', () => {
    expect(vcard.name).toBe('vcard');
    expect(vcard.getFirstPropertyValue('version')).toBe('3.0');
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('round-trips every field with Vietnamese text intact', () => {
    expect(vcard.getFirstPropertyValue('fn')).toBe(card.name);
    expect(vcard.getFirstPropertyValue('n')).toEqual(['Nguyễn', 'Thị Minh Anh', '', '', '']);
    expect(vcard.getFirstPropertyValue('org')).toBe(card.organization);
    expect(vcard.getFirstPropertyValue('title')).toBe(card.title);
    expect(vcard.getAllProperties('tel').map((p) => p.getFirstValue())).toEqual([
      '0901234567',
      '02633812345',
    ]);
    expect(vcard.getFirstProperty('tel')?.getParameter('type')).toEqual(['CELL', 'VOICE']);
    expect(vcard.getFirstPropertyValue('email')).toBe(card.email);
    expect(vcard.getAllProperties('url').map((p) => p.getFirstValue())).toEqual([
      card.website,
      card.cardUrl,
    ]);
    const adr = vcard.getFirstPropertyValue('adr') as string[];
    expect(adr[2]).toBe(card.address);
    expect(vcard.getFirstPropertyValue('note')).toBe(card.note);
    const photo = vcard.getFirstProperty('photo');
    expect(photo?.getParameter('encoding')).toBe('b');
    expect(photo?.getParameter('type')).toBe('JPEG');
    expect(String(photo?.getFirstValue())).toBe(card.photoJpegBase64);
    expect(text).toContain('\r\nPHOTO;ENCODING=b;TYPE=JPEG:');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const long = buildVCard({ ...card, note: 'Đường phố Đà Lạt mù sương '.repeat(20) });
    for (const line of long.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    expect(parse(long).getFirstPropertyValue('note')).toBe(
      'Đường phố Đà Lạt mù sương '.repeat(20).trim(),
    );
  });

  it('leaves empty fields out', () => {
    const minimal = buildVCard({ name: 'Bình' });
    expect(minimal).toBe('BEGIN:VCARD\r\nVERSION:3.0\r\nN:;Bình;;;\r\nFN:Bình\r\nEND:VCARD\r\n');
  });

  it('escapes and folds helpers', () => {
    expect(escapeVCardText('a,b;c\\d\ne')).toBe('a\\,b;c\\\\d\\ne');
    expect(escapeVCardText('a;b', true)).toBe('a\\;b');
    expect(foldVCardLine('x'.repeat(80))).toBe(`${'x'.repeat(75)}\r\n ${'x'.repeat(5)}`);
    expect(vcardFileName('Nguyễn Thị Minh Anh')).toBe('Nguyen-Thi-Minh-Anh.vcf');
    expect(vcardFileName('Đặng')).toBe('Dang.vcf');
  });
});

describe('contact links, one rule', () => {
  it('dials digits with a leading +, chats on Zalo with digits, mails the trimmed address', () => {
    expect(telHref('+84 (90) 123-4567')).toBe('tel:+84901234567');
    expect(telHref('0901 234 567')).toBe('tel:0901234567');
    expect(zaloHref('+84 901.234.567')).toBe('https://zalo.me/84901234567');
    expect(mailtoHref(' an@mecards.vn ')).toBe('mailto:an@mecards.vn');
    expect(buildVCard({ name: 'An', phones: [{ number: '+84 90-123', type: 'cell' }] })).toContain(
      'TEL;TYPE=CELL,VOICE:+8490123\r\n',
    );
  });
});

describe('foldVCardLine', () => {
  /** The plain definition: encode each character and cut before 75 (then 74) octets. */
  function referenceFold(line: string): string {
    const encoder = new TextEncoder();
    const parts: string[] = [];
    let current = '';
    let bytes = 0;
    for (const char of line) {
      const width = encoder.encode(char).length;
      if (bytes + width > (parts.length === 0 ? 75 : 74)) {
        parts.push(current);
        current = '';
        bytes = 0;
      }
      current += char;
      bytes += width;
    }
    parts.push(current);
    return parts.join('\r\n ');
  }

  it('cuts at the same places as the definition, for ASCII, Vietnamese and emoji', () => {
    const alphabet = ['a', 'Z', '7', ' ', 'ệ', 'Đ', 'ư', '€', '😀', '👍🏽', '中'];
    let seed = 25;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 300; round += 1) {
      let line = 'NOTE:';
      const length = Math.floor(random() * 400);
      for (let i = 0; i < length; i += 1) line += alphabet[Math.floor(random() * alphabet.length)];
      const folded = foldVCardLine(line);
      expect(folded).toBe(referenceFold(line));
      for (const part of folded.split('\r\n')) {
        expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
      }
    }
  });
});

describe('buildVCard for an organisation', () => {
  it("makes no person's name from a brand's: N empty, ORG and FN the brand, KIND org", () => {
    const text = buildVCard({ kind: 'org', name: 'Cà Phê Sương Mai', organization: 'Khác' });
    const lines = text.split('\r\n');
    expect(lines).toContain('N:;;;;');
    expect(lines).toContain('ORG:Cà Phê Sương Mai');
    expect(lines).toContain('FN:Cà Phê Sương Mai');
    expect(lines).toContain('KIND:org');
    const vcard = parse(text);
    expect(vcard.getFirstPropertyValue('org')).toBe('Cà Phê Sương Mai');
    expect(vcard.getFirstPropertyValue('n')).toEqual(['', '', '', '', '']);
  });
});
