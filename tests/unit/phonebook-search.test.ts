import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contactSearchKey, foldForSearch, foldForSearchWhole } from '../../contract/contact';
import { phoneDigits } from '../../contract/phone';
import {
  ContactSearchIndex,
  matchesQuery,
  prepareQuery,
  searchContacts,
  sortContacts,
} from '../../src/features/phonebook/contact-search';

const contact = (id: string, fields: Parameters<typeof contactSearchKey>[0]) => ({
  id,
  name: fields.name,
  searchKey: contactSearchKey(fields),
});

const book = [
  contact('1', { name: 'Nguyễn Thị Minh Anh', phone: '0901 234 567', company: 'Cà Phê Sương Mai' }),
  contact('2', { name: 'Đặng Ngọc Lan', phone: '+84 912 000 111', company: 'Tiệm Hoa Lan' }),
  contact('3', { name: 'Bùi Đức Thắng', company: 'Vận tải Cao Nguyên', jobTitle: 'Giám đốc' }),
  contact('4', { name: 'Anh Tuấn', email: 'tuan@example.vn' }),
];

describe('search normalisation', () => {
  it('folds a character at a time exactly as the whole text would be folded', () => {
    const vietnamese = [
      ...'aăâbcdđeêghiklmnoôơpqrstuưvxyàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ',
    ];
    const letters = [...vietnamese, ...vietnamese.map((c) => c.toUpperCase())];
    const pieces = fc.oneof(
      fc.constantFrom(
        ...letters,
        ' ',
        '  ',
        '\t',
        '\n',
        '\u00a0',
        '\u0301',
        '\u0323',
        '0',
        '9',
        '-',
        '@',
        '.',
      ),
      fc.string({ unit: 'grapheme', maxLength: 3 }),
      fc.string({ unit: 'binary', maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 24 }), (parts) => {
        const text = parts.join('');
        expect(foldForSearch(text)).toBe(foldForSearchWhole(text));
      }),
      { numRuns: 3000 },
    );
    // Every character of the table, alone and between letters.
    for (const [from, to] of [
      [0, 0x250],
      [0x300, 0x370],
      [0x1e00, 0x1f00],
    ] as const) {
      for (let code = from; code < to; code++) {
        for (const text of [String.fromCharCode(code), `Ab${String.fromCharCode(code)}c d`]) {
          expect(foldForSearch(text)).toBe(foldForSearchWhole(text));
        }
      }
    }
    // Decomposed input, spaces of other kinds, and text outside the Latin ranges.
    for (const text of [
      'Nguye\u0302\u0303n  \u00a0Đu\u031bc',
      ' ΟΔΟΣ Σ ',
      'İstanbul',
      'Ǆ ǅ',
      '\u2003a\u3000b ',
    ]) {
      expect(foldForSearch(text)).toBe(foldForSearchWhole(text));
    }
  });

  it('folds Vietnamese diacritics, đ and case', () => {
    expect(foldForSearch('Nguyễn Đức  THẮNG')).toBe('nguyen duc thang');
    expect(foldForSearch('Phở Hà Nội')).toBe('pho ha noi');
    expect(foldForSearch(null)).toBe('');
    // Precomposed and decomposed input fold alike.
    expect(foldForSearch('Nguye\u0302\u0303n')).toBe('nguyen');
  });

  it('keeps the digits of a phone, in national form (contract/phone.ts)', () => {
    expect(phoneDigits('+84 (90) 123-45.67')).toBe('0901234567');
  });

  it('turns a phone-like query into its digits, other queries into tokens', () => {
    expect(prepareQuery('0901 234')).toMatchObject({ phone: true, tokens: ['0901234'] });
    expect(prepareQuery('  Sương   Mai ')).toMatchObject({
      phone: false,
      tokens: ['suong', 'mai'],
    });
    expect(prepareQuery('   ')).toMatchObject({ tokens: [] });
  });
});

describe('searchContacts', () => {
  it('finds by name, company, job title, email or phone, diacritics ignored', () => {
    const ids = (q: string) => searchContacts(book, q).map((c) => c.id);
    expect(ids('minh anh')).toEqual(['1']);
    expect(ids('dang')).toEqual(['2']);
    expect(ids('hoa lan')).toEqual(['2']);
    expect(ids('suong mai')).toEqual(['1']);
    expect(ids('giam doc')).toEqual(['3']);
    expect(ids('0901 234')).toEqual(['1']);
    expect(ids('912000')).toEqual(['2']);
    expect(ids('tuan@example')).toEqual(['4']);
    expect(ids('anh')).toEqual(['1', '4']);
    expect(ids('')).toEqual(['1', '2', '3', '4']);
    expect(ids('không có')).toEqual([]);
  });

  it('every result holds every token, and nothing holding them is left out', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), (query) => {
        const prepared = prepareQuery(query);
        const found = new Set(searchContacts(book, query).map((c) => c.id));
        for (const c of book) {
          expect(found.has(c.id)).toBe(matchesQuery(c.searchKey, prepared));
        }
      }),
    );
  });

  it('sorts by name the Vietnamese way, diacritics ignored', () => {
    expect(sortContacts(book).map((c) => c.name)).toEqual([
      'Anh Tuấn',
      'Bùi Đức Thắng',
      'Đặng Ngọc Lan',
      'Nguyễn Thị Minh Anh',
    ]);
  });
});

describe('ContactSearchIndex', () => {
  const many = Array.from({ length: 300 }, (_, i) =>
    contact(String(i), {
      name: `${['Nguyễn', 'Trần', 'Đặng', 'Lê'][i % 4]} ${['Văn', 'Thị'][i % 2]} ${i}`,
      phone: `09${String(i * 7919).padStart(8, '0')}`,
      company: ['Sương Mai', 'Hoa Lan', 'Cao Nguyên'][i % 3],
    }),
  );

  it('answers exactly as the plain filter, while typing, deleting and jumping around', () => {
    const alphabet = fc.constantFrom(
      'n',
      'g',
      'u',
      'y',
      'ê',
      'a',
      ' ',
      '0',
      '9',
      '1',
      'đ',
      'l',
      'T',
      '-',
    );
    fc.assert(
      fc.property(fc.array(fc.array(alphabet, { maxLength: 8 }), { maxLength: 12 }), (typed) => {
        const index = new ContactSearchIndex(many);
        for (const chars of typed) {
          // Type the query one character at a time, as a person does.
          for (let i = 0; i <= chars.length; i++) {
            const query = chars.slice(0, i).join('');
            expect(index.search(query).map((c) => c.id)).toEqual(
              searchContacts(many, query).map((c) => c.id),
            );
          }
        }
      }),
    );
  });

  it('finds a token at either end of a key, never across two rows, and in any script', () => {
    const rows = [
      contact('a', { name: 'An', phone: '0911' }),
      contact('b', { name: '' }),
      contact('c', { name: 'Nam', company: '王小明' }),
      contact('d', { name: 'Bình', phone: '0922' }),
    ].map((row, i) => (i === 1 ? { ...row, searchKey: '' } : row));
    const index = new ContactSearchIndex(rows);
    for (const query of ['an', '0911', '11', 'nam', '王小', 'binh', '0922', '22', 'mb', '1n']) {
      expect(
        index.search(query).map((c) => c.id),
        query,
      ).toEqual(searchContacts(rows, query).map((c) => c.id));
    }
    expect(new ContactSearchIndex([]).search('an')).toEqual([]);
  });

  it('narrows from the previous results only when the new query cannot match more', () => {
    const index = new ContactSearchIndex(many);
    expect(index.search('090 1').length).toBe(searchContacts(many, '090 1').length);
    // Same text, different mode: "0901" as digits, then "090 1a" as two words.
    expect(index.search('090 1a')).toEqual(searchContacts(many, '090 1a'));
  });
});
