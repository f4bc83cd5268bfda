// The one phone normaliser (contract/phone.ts): every way a Vietnamese number is written reads
// as its national form; parts of numbers stay parts; names are not phones.
import { describe, expect, it } from 'vitest';
import { looksLikePhone, normalizePhone, phoneDigits, phoneMatches } from '../../contract/phone';

describe('phone numbers', () => {
  it('reads spaces, dots, dashes, +84 and 84 as the same national number', () => {
    for (const written of [
      '0901234567',
      '0901 234 567',
      '0901.234.567',
      '0901-234-567',
      '+84 901 234 567',
      '+84901234567',
      '84901234567',
      ' (+84) 901.234.567 ',
    ]) {
      expect(normalizePhone(written), written).toBe('0901234567');
      expect(phoneDigits(written), written).toBe('0901234567');
    }
  });

  it('refuses what is not a whole Vietnamese number', () => {
    expect(normalizePhone('0901')).toBeNull();
    expect(normalizePhone('09012345a7')).toBeNull();
    expect(normalizePhone('minh anh')).toBeNull();
    expect(normalizePhone('+1 415 555 0100')).toBeNull();
  });

  it('matches a part of a number against a stored number written any way', () => {
    expect(phoneMatches('0912 888 777', '0912888')).toBe(true);
    expect(phoneMatches('+84 912 888 777', '0912 888')).toBe(true);
    expect(phoneMatches('0912.888.777', '888 777')).toBe(true);
    expect(phoneMatches('0912 888 777', '0913')).toBe(false);
    expect(phoneMatches('0912 888 777', '09')).toBe(false);
  });

  it('tells a phone typed in a search box from a name', () => {
    expect(looksLikePhone('0912 888')).toBe(true);
    expect(looksLikePhone('+84 912')).toBe(true);
    expect(looksLikePhone('Minh Anh 2')).toBe(false);
    expect(looksLikePhone('  ')).toBe(false);
  });
});
