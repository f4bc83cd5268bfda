import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { stringify } from 'csv-stringify/sync';
import { csvStringifyOptions } from '../../contract/csv';
import { phoneDigits } from '../../contract/phone';
import {
  contactsToCsv,
  contactsToVCard,
  csvHeadersVi,
  phoneAsSpreadsheetText,
  type ExportableContact,
} from '../../contract/phonebook-export';

/** One cell as every export writes it (without the BOM and the row's CRLF). */
const csvCell = (value: string) => stringify([[value]], csvStringifyOptions).slice(1, -2);

const contacts: ExportableContact[] = [
  {
    id: '6f1c7a52-9d1b-4c53-8f43-0c3f1b2a9e01',
    name: 'Nguyễn Thị Minh Anh',
    phone: '0901 234 567',
    email: 'minhanh@suongmai.vn',
    company: 'Cà Phê Sương Mai, chi nhánh Đà Lạt',
    jobTitle: 'Giám đốc Kinh doanh',
    address: '12 Trần Hưng Đạo; Đà Lạt',
    note: 'Gặp ở hội chợ\nhẹn cà phê',
    cardUrl: 'https://mecards.vn/me/demo',
  },
  { id: '6f1c7a52-9d1b-4c53-8f43-0c3f1b2a9e02', name: 'Bùi Đức Thắng' },
];

describe('vCard 3.0 export', () => {
  it('one card per contact, CRLF lines, read back by a vCard parser', () => {
    const text = contactsToVCard(contacts);
    expect(text.match(/BEGIN:VCARD\r\nVERSION:3\.0\r\n/g)).toHaveLength(2);
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const parsed = ICAL.parse(text) as unknown[];
    const cards = (Array.isArray(parsed[0]) ? parsed : [parsed]).map(
      (jcal) => new ICAL.Component(jcal as unknown[]),
    );
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(first.getFirstPropertyValue('fn')).toBe('Nguyễn Thị Minh Anh');
    expect(first.getFirstPropertyValue('tel')).toBe('0901234567');
    expect(first.getFirstPropertyValue('email')).toBe('minhanh@suongmai.vn');
    expect(first.getFirstPropertyValue('note')).toBe('Gặp ở hội chợ\nhẹn cà phê');
    expect(first.getFirstPropertyValue('n')).toEqual(['Nguyễn', 'Thị Minh Anh', '', '', '']);
    expect(cards[1]!.getFirstPropertyValue('fn')).toBe('Bùi Đức Thắng');
  });

  it('folds long lines at 75 octets without cutting a character', () => {
    const long = contactsToVCard([{ id: 'x', name: 'Đặng '.repeat(40).trim() }]);
    for (const line of long.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(long).not.toContain('\uFFFD');
  });
});

describe('CSV export', () => {
  it('starts with a UTF-8 BOM, has a header row and CRLF rows', () => {
    const csv = contactsToCsv(contacts, csvHeadersVi);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'id,Họ tên,Điện thoại,Email,Công ty,Chức danh,Địa chỉ,Ghi chú,Danh thiếp,Nguồn,Ngày đến,Đồng ý lúc',
    );
    expect(lines[1]).toContain('"Cà Phê Sương Mai, chi nhánh Đà Lạt"');
    expect(lines[1]).toContain('"12 Trần Hưng Đạo; Đà Lạt"');
    expect(csv).toContain('"Gặp ở hội chợ\nhẹn cà phê"');
    expect(lines.at(-1)).toBe('');
  });

  it('quotes quotes and defuses formulas but leaves phone numbers alone', () => {
    expect(csvCell('Nói "xin chào"')).toBe('"Nói ""xin chào"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('-0901')).toBe('-0901');
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('+84 901 234 567')).toBe('+84 901 234 567');
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe('"\'\rcmd"');
    expect(contactsToCsv([contacts[1]!], csvHeadersVi).split('\r\n')[1]).toBe(
      '6f1c7a52-9d1b-4c53-8f43-0c3f1b2a9e02,Bùi Đức Thắng,,,,,,,,,,',
    );
  });

  it('writes phones so that spreadsheets keep the leading 0 and the +, and importers read them', () => {
    expect(phoneAsSpreadsheetText('0901234567')).toBe('0901 234 567');
    expect(phoneAsSpreadsheetText('02838123456')).toBe('0283 812 3456');
    expect(phoneAsSpreadsheetText('+84901234567')).toBe('+84 901 234 567');
    expect(phoneAsSpreadsheetText('0901 234 567')).toBe('0901 234 567');
    expect(phoneAsSpreadsheetText('0901.234.567')).toBe('0901.234.567');
    expect(phoneAsSpreadsheetText('1900')).toBe('1900');
    const row = contactsToCsv(
      [{ id: 'x', name: 'Lê Số Không', phone: '0912888777' }],
      csvHeadersVi,
    ).split('\r\n')[1]!;
    // Not a cell a spreadsheet can read as a number: the digits are grouped by spaces.
    expect(row.split(',')[2]).toBe('0912 888 777');
    expect(Number.isNaN(Number(row.split(',')[2]))).toBe(true);
    expect(phoneDigits(row.split(',')[2])).toBe('0912888777');
  });

  it('a name, company or note written as a formula stays inert text in the file', () => {
    const csv = contactsToCsv(
      [
        {
          id: 'x',
          name: "=cmd|' /C calc'!A0",
          company: '+SUM(1,2)',
          note: '=HYPERLINK("http://evil.example","click")',
        },
      ],
      csvHeadersVi,
    );
    const row = csv.split('\r\n')[1]!;
    expect(row.startsWith("x,'=cmd|' /C calc'!A0,")).toBe(true);
    expect(row).toContain(`"'+SUM(1,2)"`);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });
});
