// Search over the phonebook as you type. Every row carries a pre-folded `searchKey`
// (contract/contact.ts contactSearchKey); an index joins the keys into one text, so the first
// token is found with a few native `indexOf` scans, and typing more only narrows the last
// results — well under a frame for 10,000 contacts.
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

/** A searchable snapshot of an ordered list of rows (rebuilt when the rows change). */
export class ContactSearchIndex<T extends SearchableContact> {
  /** Every key, one per line ('\n' never occurs in a folded key or token). */
  private readonly text: string;
  /** Offset of each row's key in `text`. */
  private readonly starts: Int32Array;
  private last: { query: PreparedQuery; results: T[] } | undefined;

  constructor(readonly rows: readonly T[]) {
    this.starts = new Int32Array(rows.length);
    let offset = 0;
    rows.forEach((row, index) => {
      this.starts[index] = offset;
      offset += row.searchKey.length + 1;
    });
    this.text = rows.map((row) => row.searchKey).join('\n');
  }

  private rowAt(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** Indexes of the rows whose key holds `token`, in order. */
  private rowsWith(token: string): number[] {
    const found: number[] = [];
    let from = 0;
    for (;;) {
      const at = this.text.indexOf(token, from);
      if (at < 0) return found;
      const row = this.rowAt(at);
      found.push(row);
      from =
        row + 1 < this.starts.length
          ? (this.starts[row + 1] ?? this.text.length)
          : this.text.length;
    }
  }

  search(query: string): T[] {
    const prepared = prepareQuery(query);
    let results: T[];
    if (prepared.tokens.length === 0) {
      results = this.rows.slice();
    } else if (this.last && narrows(this.last.query, prepared)) {
      results = this.last.results.filter((row) => matchesQuery(row.searchKey, prepared));
    } else {
      // The longest token is the most selective: scan for it, then check the others.
      const [first, ...others] = [...prepared.tokens].sort((a, b) => b.length - a.length);
      results = [];
      for (const index of this.rowsWith(first ?? '')) {
        const row = this.rows[index];
        if (row && others.every((token) => row.searchKey.includes(token))) results.push(row);
      }
    }
    this.last = { query: prepared, results };
    return results;
  }
}

/** Name order the Vietnamese way, diacritics ignored ("Đặng" among the d's), then id. */
export function sortContacts<T extends SearchableContact>(rows: readonly T[]): T[] {
  const keyed = rows.map((row) => ({ row, key: foldForSearch(row.name) }));
  keyed.sort((a, b) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0,
  );
  return keyed.map((k) => k.row);
}
