// Phonebook export formats, shared by the offline client (download from Dexie) and the
// server's export calls: vCard 3.0 (RFC 2426) and CSV (UTF-8 with a BOM, for Excel).

export interface ExportableContact {
  id: string;
  name: string;
  phone?: string | null;
  email?: string | null;
  company?: string | null;
  jobTitle?: string | null;
  address?: string | null;
  note?: string | null;
  /** Public card address of a saved card, when there is one. */
  cardUrl?: string | null;
}

/** Escapes a vCard 3.0 text value. */
export function escapeVCardText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;');
}

/** Folds a content line at 75 octets of UTF-8, never inside a character (RFC 2425 §5.8.1). */
export function foldVCardLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let currentBytes = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (currentBytes + size > limit) {
      parts.push(current);
      current = '';
      currentBytes = 0;
    }
    current += char;
    currentBytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** Vietnamese names put the family name first: "Nguyễn Thị Minh Anh" → family "Nguyễn". */
function structuredName(full: string): string {
  const words = full.trim().split(/\s+/);
  if (words.length < 2) return `;${escapeVCardText(full.trim())};;;`;
  const family = words[0] ?? '';
  const given = words.slice(1).join(' ');
  return `${escapeVCardText(family)};${escapeVCardText(given)};;;`;
}

export function contactToVCard(contact: ExportableContact): string {
  const lines = ['BEGIN:VCARD', 'VERSION:3.0'];
  lines.push(`N:${structuredName(contact.name)}`);
  lines.push(`FN:${escapeVCardText(contact.name)}`);
  if (contact.company) lines.push(`ORG:${escapeVCardText(contact.company)}`);
  if (contact.jobTitle) lines.push(`TITLE:${escapeVCardText(contact.jobTitle)}`);
  if (contact.phone) lines.push(`TEL;TYPE=CELL:${escapeVCardText(contact.phone)}`);
  if (contact.email) lines.push(`EMAIL;TYPE=INTERNET:${escapeVCardText(contact.email)}`);
  if (contact.address) lines.push(`ADR;TYPE=WORK:;;${escapeVCardText(contact.address)};;;;`);
  if (contact.cardUrl) lines.push(`URL:${escapeVCardText(contact.cardUrl)}`);
  if (contact.note) lines.push(`NOTE:${escapeVCardText(contact.note)}`);
  lines.push(`UID:urn:uuid:${contact.id}`);
  lines.push('END:VCARD');
  return lines.map(foldVCardLine).join('\r\n') + '\r\n';
}

export function contactsToVCard(contacts: readonly ExportableContact[]): string {
  return contacts.map(contactToVCard).join('');
}

export const csvColumns = [
  'name',
  'phone',
  'email',
  'company',
  'jobTitle',
  'address',
  'note',
  'cardUrl',
] as const;
export type CsvColumn = (typeof csvColumns)[number];

const phoneLike = /^\+?[0-9 ().-]+$/;

/**
 * One CSV cell: quoted when needed; a text a spreadsheet would run as a formula is prefixed
 * with an apostrophe (a phone number such as +84… is left alone).
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !phoneLike.test(text))) {
    text = `'${text}`;
  }
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvBom = '\uFEFF';

/** CSV text with a BOM and CRLF line ends; `headers` are the column titles in the UI language. */
export function contactsToCsv(
  contacts: readonly ExportableContact[],
  headers: Record<CsvColumn, string>,
): string {
  const rows = [csvColumns.map((column) => csvCell(headers[column]))];
  for (const contact of contacts) {
    rows.push(
      csvColumns.map((column) => csvCell(column === 'name' ? contact.name : contact[column])),
    );
  }
  return csvBom + rows.map((row) => row.join(',')).join('\r\n') + '\r\n';
}

export const csvHeadersVi: Record<CsvColumn, string> = {
  name: 'Họ tên',
  phone: 'Điện thoại',
  email: 'Email',
  company: 'Công ty',
  jobTitle: 'Chức danh',
  address: 'Địa chỉ',
  note: 'Ghi chú',
  cardUrl: 'Danh thiếp',
};

export const csvHeadersEn: Record<CsvColumn, string> = {
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  company: 'Company',
  jobTitle: 'Job title',
  address: 'Address',
  note: 'Note',
  cardUrl: 'Card',
};
