// The one way every CSV export is written (server: phonebook, points ledger, order groups,
// check-ins; app: the offline phonebook), always through csv-stringify with these options.
// Spreadsheets run a cell that starts with =, +, -, @, tab or CR as a formula
// (=HYPERLINK(…), =cmd|…): such user text is prefixed with an apostrophe so it stays text.

/** A number or phone number (+84 90…, -1.234) is left alone: it cannot hold a formula. */
const numberLike = /^[+-]?[0-9 ().-]+$/;

/** A cell a spreadsheet would run as a formula, made inert with a leading apostrophe. */
export function formulaSafeCell(value: string): string {
  if (/^[=@\t\r]/.test(value)) return `'${value}`;
  if (/^[+-]/.test(value) && !numberLike.test(value)) return `'${value}`;
  return value;
}

/**
 * csv-stringify options of every export: UTF-8 with a byte-order mark (Excel shows Vietnamese),
 * CRLF rows, semicolons and line breaks quoted (Excel in Vietnamese reads ; as a separator),
 * every text cell formula-safe.
 */
export const csvStringifyOptions = {
  bom: true,
  record_delimiter: '\r\n',
  quoted_match: /[;\r\n]/,
  cast: { string: formulaSafeCell },
};
