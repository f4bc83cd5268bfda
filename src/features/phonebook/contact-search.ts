// Search over the phonebook as you type. Every row carries a pre-folded `searchKey`
// (contract/contact.ts contactSearchKey), accents and đ folded away; a token matches anywhere in
// it (a middle part of a phone number too). The index below answers a keystroke over 100,000
// contacts within a frame (issue 25).
import { foldForSearch } from '../../../contract/contact';
import { looksLikePhone, phoneDigits } from '../../../contract/phone';

export interface SearchableContact {
  id: string;
  name: string;
  searchKey: string;
}

export interface PreparedQuery {
  /** The folded query, for narrowing from one keystroke to the next. */
  text: string;
  /** A phone-like query is matched by its digits. */
  phone: boolean;
  /** Every token must occur in the key. */
  tokens: string[];
}

/** Folds the query; a query that looks like a phone number becomes its digits. */
export function prepareQuery(query: string): PreparedQuery {
  const text = foldForSearch(query);
  if (!text) return { text, phone: false, tokens: [] };
  if (looksLikePhone(text)) {
    return { text, phone: true, tokens: [phoneDigits(text)] };
  }
  return { text, phone: false, tokens: text.split(' ').filter(Boolean) };
}

export function matchesQuery(searchKey: string, query: PreparedQuery): boolean {
  for (const token of query.tokens) {
    if (!searchKey.includes(token)) return false;
  }
  return true;
}

/** The rows whose key holds every token, in the given order; an empty query keeps all. */
export function searchContacts<T extends SearchableContact>(
  rows: readonly T[],
  query: string,
): T[] {
  const prepared = prepareQuery(query);
  if (prepared.tokens.length === 0) return rows.slice();
  return rows.filter((row) => matchesQuery(row.searchKey, prepared));
}

/**
 * True when every row matching `next` also matches `previous` (the member typed more), so
 * `next` may filter the previous results instead of every row.
 */
export function narrows(previous: PreparedQuery, next: PreparedQuery): boolean {
  if (previous.tokens.length === 0 || previous.phone !== next.phone) return false;
  if (previous.phone) return next.tokens[0]?.startsWith(previous.tokens[0] ?? '') ?? false;
  return next.text.startsWith(previous.text);
}

/**
 * The bit (0–63) a character sets in a key's character mask: a–z and 0–9 have a bit of their
 * own, so a one-letter token is answered by the mask alone; anything else shares bits 36–63.
 */
function charBit(code: number): number {
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 48 && code <= 57) return code - 48 + 26;
  return 36 + (code % 28);
}

/** A one-character token whose bit is its own: the mask decides without scanning text. */
function maskIsExact(token: string): boolean {
  return token.length === 1 && charBit(token.charCodeAt(0)) < 36;
}

function addBit(mask: [number, number], bit: number): void {
  if (bit < 32) mask[0] |= 1 << bit;
  else mask[1] |= 1 << (bit - 32);
}

/** Between two keys in the index's text: never in a folded key, so no match spans two rows. */
const rowSeparator = '\u0002';

/**
 * A searchable snapshot of an ordered list of rows (rebuilt when the rows change). Each key has
 * a 64-bit mask of the characters it holds: a row missing one of a token's characters is passed
 * over with two integer tests. A token over many rows is found by one `indexOf` walk through all
 * keys joined into one text, jumping to the next row after each match, instead of an `includes`
 * per row (a two-letter token over 100,000 contacts: 29 ms before, a few now). Typing more
 * narrows the previous hits (row positions in a typed array), so a keystroke stays within a
 * frame while memory is 12 bytes a row plus the keys themselves.
 */
export class ContactSearchIndex<T extends SearchableContact> {
  private readonly keys: string[];
  private readonly lows: Int32Array;
  private readonly highs: Int32Array;
  /** Every key, in row order, each followed by the separator. */
  private readonly text: string;
  /** Where each row's key starts in `text`; one more entry: the text's length. */
  private readonly starts: Int32Array;
  private last: { query: PreparedQuery; hits: Int32Array } | undefined;

  constructor(readonly rows: readonly T[]) {
    const count = rows.length;
    this.keys = new Array<string>(count);
    this.lows = new Int32Array(count);
    this.highs = new Int32Array(count);
    this.starts = new Int32Array(count + 1);
    let offset = 0;
    for (let index = 0; index < count; index++) {
      const key = rows[index]?.searchKey ?? '';
      this.keys[index] = key;
      this.starts[index] = offset;
      offset += key.length + 1;
      let low = 0;
      let high = 0;
      for (let i = 0; i < key.length; i++) {
        const bit = charBit(key.charCodeAt(i));
        if (bit < 32) low |= 1 << bit;
        else high |= 1 << (bit - 32);
      }
      this.lows[index] = low;
      this.highs[index] = high;
    }
    this.starts[count] = offset;
    this.text = count === 0 ? '' : this.keys.join(rowSeparator) + rowSeparator;
  }

  /** Rows whose key holds `token`, ascending: one walk through the joined keys. */
  private rowsHolding(token: string): Int32Array {
    const { text, starts } = this;
    const rowCount = this.keys.length;
    const hits = new Int32Array(rowCount);
    let found = 0;
    // `starts` ends with the text's length, so `starts[row + 1]` is always a number here.
    let next = rowCount > 0 ? starts[1]! : 0;
    let row = 0;
    let at = text.indexOf(token);
    while (at !== -1) {
      while (next <= at) next = starts[++row + 1]!;
      hits[found++] = row;
      // The rest of this row cannot add a hit: go on from the next row's key.
      at = text.indexOf(token, next);
    }
    return hits.subarray(0, found);
  }

  /** Positions among `from` (all rows when undefined) whose key holds every token. */
  private hitsOf(tokens: readonly string[], from: Int32Array | undefined): Int32Array {
    const mask: [number, number] = [0, 0];
    for (const token of tokens) {
      for (let i = 0; i < token.length; i++) addBit(mask, charBit(token.charCodeAt(i)));
    }
    const [low, high] = mask;
    // Tokens the mask does not settle, longest (most selective) first.
    let scanned = tokens.filter((token) => !maskIsExact(token)).sort((a, b) => b.length - a.length);
    const { keys, lows, highs } = this;
    let candidates = from;
    // Over most rows one walk through the joined keys (8 MB for 100,000 contacts) beats a test
    // per row; previous hits under half the rows are quicker to test one by one ("nguyen va"
    // after "nguyen v", 16,250 hits: 8 ms walking, 3.6 ms one by one).
    if (scanned.length > 0 && (!from || from.length * 2 > keys.length)) {
      const holding = this.rowsHolding(scanned[0]!);
      candidates = from ? intersect(from, holding) : holding;
      scanned = scanned.slice(1);
    }
    const total = candidates ? candidates.length : keys.length;
    const hits = new Int32Array(total);
    let found = 0;
    for (let n = 0; n < total; n++) {
      const index = candidates ? (candidates[n] ?? 0) : n;
      if (((lows[index] ?? 0) & low) !== low || ((highs[index] ?? 0) & high) !== high) continue;
      if (scanned.length > 0) {
        const key = keys[index] ?? '';
        let all = true;
        for (const token of scanned) {
          if (!key.includes(token)) {
            all = false;
            break;
          }
        }
        if (!all) continue;
      }
      hits[found++] = index;
    }
    return hits.subarray(0, found);
  }

  search(query: string): T[] {
    const prepared = prepareQuery(query);
    if (prepared.tokens.length === 0) {
      this.last = undefined;
      return this.rows.slice();
    }
    const previous = this.last && narrows(this.last.query, prepared) ? this.last.hits : undefined;
    const hits = this.hitsOf(prepared.tokens, previous);
    this.last = { query: prepared, hits };
    const results = new Array<T>(hits.length);
    for (let n = 0; n < hits.length; n++) results[n] = this.rows[hits[n] ?? 0] as T;
    return results;
  }
}

/** The positions in both ascending lists. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const both = new Int32Array(Math.min(a.length, b.length));
  let found = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] ?? 0;
    const y = b[j] ?? 0;
    if (x === y) {
      both[found++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return both.subarray(0, found);
}

/** Name order the Vietnamese way, diacritics ignored ("Đặng" among the d's), then id. */
export function sortContacts<T extends SearchableContact>(rows: readonly T[]): T[] {
  const keyed = rows.map((row) => ({ row, key: foldForSearch(row.name) }));
  keyed.sort((a, b) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0,
  );
  return keyed.map((k) => k.row);
}
