// Phonebook export formats, shared by the offline client (download from Dexie) and the
// server's export calls: vCard 3.0 (RFC 2426) and CSV (UTF-8 with a BOM, for Excel).
// The app's build maps csv-stringify/sync to the package's browser build (vite.config.ts).
import { stringify } from 'csv-stringify/sync';
import { csvStringifyOptions } from './csv';
import { buildVCard } from './vcard';
import type { LeadSource } from './contact';

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
  /** Where a lead came from (decision 1100), for the CSV's lead columns. */
  leadSource?: LeadSource | null;
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
    uid: contact.id,
  });
}

/** One .vcf holding every contact, in the given order. */
export function contactsToVCard(contacts: readonly ExportableContact[]): string {
  return contacts.map(contactToVCard).join('');
}

/** The columns of decision 1102: `id` first, so a CRM import can map it as the external id. */
export const csvColumns = [
  'id',
  'name',
  'phone',
  'email',
  'company',
  'jobTitle',
  'address',
  'note',
  'cardUrl',
  'leadSource',
  'leadAt',
  'consentAt',
] as const;
export type CsvColumn = (typeof csvColumns)[number];

/** CSV text with a BOM and CRLF line ends; `headers` are the column titles in the UI language. */
export function contactsToCsv(
  contacts: readonly ExportableContact[],
  headers: Record<CsvColumn, string>,
): string {
  return contactsCsvHead(headers) + contactsCsvRows(contacts);
}

/** The first piece of a CSV written in pieces: the BOM and the title row. */
export function contactsCsvHead(headers: Record<CsvColumn, string>): string {
  return stringify([csvColumns.map((column) => headers[column])], csvStringifyOptions);
}

/** Rows of contacts, without BOM or titles: the next piece of a CSV written in pieces. */
export function contactsCsvRows(contacts: readonly ExportableContact[]): string {
  if (contacts.length === 0) return '';
  const rows = contacts.map((contact) => csvColumns.map((column) => csvValue(contact, column)));
  return stringify(rows, { ...csvStringifyOptions, bom: false });
}

function csvValue(contact: ExportableContact, column: CsvColumn): string {
  const lead = contact.leadSource;
  switch (column) {
    case 'leadSource':
      return lead?.kind ?? '';
    case 'leadAt':
      return lead?.at ?? '';
    case 'consentAt':
      return lead?.consentAt ?? '';
    case 'id':
    case 'name':
      return contact[column];
    case 'phone':
      return phoneAsSpreadsheetText(contact.phone ?? '');
    default:
      return contact[column] ?? '';
  }
}

/**
 * A phone a spreadsheet keeps as written. Digits alone ("0901234567", "+84901234567") are read
 * as a number by Excel and Sheets, which drops the leading 0 or the +; grouped with spaces
 * ("0901 234 567", "+84 901 234 567") they stay text, and every importer — ours too, through the
 * one normaliser — reads them as the same number. Anything else is written as it is.
 */
export function phoneAsSpreadsheetText(phone: string): string {
  const written = /^(\+?)(\d{7,15})$/.exec(phone.trim());
  if (!written) return phone;
  const [, plus, digits] = written as unknown as [string, string, string];
  const headLength = plus ? (digits.startsWith('84') ? 2 : 3) : 4;
  const rest = digits.slice(headLength).match(/\d{1,3}/g) ?? [];
  // A last group of one digit joins the one before it ("234 3456", not "234 345 6").
  if (rest.length > 1 && rest.at(-1)!.length === 1) rest.splice(-2, 2, rest.at(-2)! + rest.at(-1)!);
  return [`${plus}${digits.slice(0, headLength)}`, ...rest].join(' ');
}

export const csvHeadersVi: Record<CsvColumn, string> = {
  id: 'id',
  name: 'Họ tên',
  phone: 'Điện thoại',
  email: 'Email',
  company: 'Công ty',
  jobTitle: 'Chức danh',
  address: 'Địa chỉ',
  note: 'Ghi chú',
  cardUrl: 'Danh thiếp',
  leadSource: 'Nguồn',
  leadAt: 'Ngày đến',
  consentAt: 'Đồng ý lúc',
};

export const csvHeadersEn: Record<CsvColumn, string> = {
  id: 'id',
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  company: 'Company',
  jobTitle: 'Job title',
  address: 'Address',
  note: 'Note',
  cardUrl: 'Card',
  leadSource: 'Source',
  leadAt: 'Arrived at',
  consentAt: 'Consent at',
};
