import { describe, expect, it } from 'vitest';
import { cutDescription, profileShareTitle } from '../../contract/share-text';
import { formatDate, formatMonth, formatVnd } from '../../contract/format';

describe('cutDescription (spec §9: 120 characters)', () => {
  it('keeps a short text whole', () => {
    expect(cutDescription('Cà phê đặc sản Đà Lạt')).toBe('Cà phê đặc sản Đà Lạt');
  });

  it('keeps exactly 120 characters without an ellipsis', () => {
    const text = 'ă'.repeat(120);
    expect(cutDescription(text)).toBe(text);
  });

  it('cuts at 120 characters and adds …', () => {
    const text = 'Đ'.repeat(119) + 'ươi';
    const cut = cutDescription(text);
    expect(cut).toBe(`${'Đ'.repeat(119)}ư…`);
    expect(Array.from(cut)).toHaveLength(121);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const cut = cutDescription('😀'.repeat(130));
    expect(cut).toBe(`${'😀'.repeat(120)}…`);
  });

  it('collapses white space and handles empty values', () => {
    expect(cutDescription('  a \n\n b  ')).toBe('a b');
    expect(cutDescription(null)).toBe('');
  });

  it('titles: Vietnamese twin by default, English for EN cards', () => {
    expect(profileShareTitle('Minh Anh', 'VN')).toBe('Xem hồ sơ Minh Anh - m.e Cards');
    expect(profileShareTitle('Minh Anh', 'EN')).toBe('View profile Minh Anh - m.e Cards');
  });

  it('formats prices and dates the Vietnamese way', () => {
    expect(formatVnd(280000)).toBe('280.000 ₫');
    expect(formatVnd(5000000)).toBe('5.000.000 ₫');
    expect(formatVnd(0)).toBe('0 ₫');
    expect(formatDate('2026-10-01')).toBe('01/10/2026');
  });
});

describe('dates the Vietnamese way (spec §9)', () => {
  it('DD/MM/YYYY and MM/YYYY, the written day kept whatever the clock zone', () => {
    expect(formatDate('2026-01-09T23:30:00Z')).toBe('09/01/2026');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatMonth('2026-03-31')).toBe('03/2026');
    expect(formatMonth('2026-11')).toBe('11/2026');
    expect(formatMonth('')).toBe('');
  });
});
