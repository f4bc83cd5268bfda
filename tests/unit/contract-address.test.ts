import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import {
  districtsQuerySchema,
  foldVietnamese,
  provincesQuerySchema,
  wardsQuerySchema,
} from '../../contract/address';

const vietnameseLetters = [
  ...'aàáảãạăằắẳẵặâầấẩẫậbcdđeèéẻẽẹêềếểễệghiìíỉĩịklmnoòóỏõọôồốổỗộơờớởỡợpqrstuùúủũụưừứửữựvxyỳýỷỹỵ',
];

describe('foldVietnamese', () => {
  it('drops diacritics and case', () => {
    expect(foldVietnamese('Thành phố Hồ Chí Minh')).toBe('thanh pho ho chi minh');
    expect(foldVietnamese('  ĐẮK   LẮK ')).toBe('dak lak');
    expect(foldVietnamese('Phường Ngọc Hà')).toBe('phuong ngoc ha');
  });

  it('turns any Vietnamese text into plain a–z, and is idempotent', () => {
    const word = fc
      .array(
        fc.constantFrom(...vietnameseLetters, ...vietnameseLetters.map((l) => l.toUpperCase())),
        {
          minLength: 1,
          maxLength: 12,
        },
      )
      .map((letters) => letters.join(''));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
        const folded = foldVietnamese(words.join(' '));
        expect(folded).toMatch(/^[a-z]+( [a-z]+)*$/);
        expect(foldVietnamese(folded)).toBe(folded);
      }),
    );
  });
});

describe('address query schemas', () => {
  it('pads one-digit province ids and requires one', () => {
    expect(v.parse(districtsQuerySchema, { idProvincial: '1' })).toEqual({ idProvincial: '01' });
    expect(v.safeParse(districtsQuerySchema, {}).issues?.[0]?.message).toBe(
      'address_province_required',
    );
    expect(v.parse(wardsQuerySchema, { idDistrict: '79', filter: ' con dao ' })).toEqual({
      idDistrict: '79',
      filter: 'con dao',
    });
    expect(v.safeParse(wardsQuerySchema, { filter: 'x' }).issues?.[0]?.message).toBe(
      'address_province_required',
    );
    expect(v.safeParse(provincesQuerySchema, { filter: 'x'.repeat(101) }).success).toBe(false);
  });
});
