// Search over the phonebook as you type. Every row carries a pre-folded `searchKey`
// (contract/contact.ts contactSearchKey), so a keystroke only folds the query once and runs
// plain substring tests — well under a frame for 10,000 contacts.
import { foldForSearch, phoneDigits } from '../../../contract/contact';

export interface SearchableContact {
  id: string;
  name: string;
  searchKey: string;
}

export interface PreparedQuery {
  /** Every token must occur in the key. */
  tokens: string[];
}

const phoneQuery = /^[+\d\s().-]+$/;

/** Folds the query; a query that looks like a phone number becomes its digits. */
export function prepareQuery(query: string): PreparedQuery {
  const folded = foldForSearch(query);
  if (!folded) return { tokens: [] };
  if (phoneQuery.test(folded) && phoneDigits(folded).length > 0) {
    return { tokens: [phoneDigits(folded)] };
  }
  return { tokens: folded.split(' ').filter(Boolean) };
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

/** Name order the Vietnamese way, diacritics ignored ("Đặng" among the d's), then id. */
export function sortContacts<T extends SearchableContact>(rows: readonly T[]): T[] {
  const keyed = rows.map((row) => ({ row, key: foldForSearch(row.name) }));
  keyed.sort((a, b) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0,
  );
  return keyed.map((k) => k.row);
}
