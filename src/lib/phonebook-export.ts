// Phonebook export formats, shared by the offline client (download from Dexie) and the
// server's export calls: vCard 3.0 (RFC 2426) and CSV (UTF-8 with a BOM, for Excel).
import { buildVCard } from './vcard';

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

export function contactToVCard(contact: ExportableContact): string {
  return buildVCard({
    name: contact.name,
    organization: contact.company ?? null,
    title: contact.jobTitle ?? null,
    phones: contact.phone ? [{ number: contact.phone, type: 'cell' }] : [],
    email: contact.email ?? null,
    address: contact.address ?? null,
    note: contact.note ?? null,
    cardUrl: contact.cardUrl ?? null,
  });
}

/** One .vcf holding every contact, in the given order. */
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
