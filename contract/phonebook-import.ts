// Phonebook import of the export's own files (decision 1102): CSV with the export's columns (vi
// or en titles, or the column keys) and vCard. A contact is recognised by its id (CSV `id`,
// vCard `UID`), else by its phone through the one normaliser, else by its e-mail: importing
// an export again, or a CRM's file made from it, updates contacts instead of adding copies.
import { parse } from 'csv-parse/sync';
import { parseVCard, type ContactDraft } from './share-target';
import { csvColumns, csvHeadersEn, csvHeadersVi, type CsvColumn } from './phonebook-export';
import { normalizePhone, phoneDigits } from './phone';

/** The fields of "add contact" (as a share fills them), with the row's place and id. */
export interface ImportedContact extends ContactDraft {
  /** Where it starts in the file (1-based line), to name it in a refusal. */
  line: number;
  id: string | null;
}

const fieldColumns = ['name', 'phone', 'email', 'company', 'jobTitle', 'address', 'note'] as const;
type FieldColumn = (typeof fieldColumns)[number];

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (value: string): string | null => {
  const id = value
    .trim()
    .replace(/^urn:uuid:/i, '')
    .toLowerCase();
  return uuidPattern.test(id) ? id : null;
};

/** The export made formula-looking text inert with an apostrophe (contract/csv.ts): undo it. */
const unguarded = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

const headerKey = (title: string) => title.trim().toLowerCase();
const columnByTitle = new Map<string, CsvColumn>(
  csvColumns.flatMap((column) => [
    [headerKey(column), column],
    [headerKey(csvHeadersVi[column]), column],
    [headerKey(csvHeadersEn[column]), column],
  ]),
);

export class ImportFormatError extends Error {
  constructor(readonly code: 'import_empty' | 'import_no_name_column' | 'import_unreadable') {
    super(code);
  }
}

export function parseContactsCsv(text: string): ImportedContact[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // Excel in Vietnamese saves with semicolons; the export writes commas.
      delimiter: [',', ';'],
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw new ImportFormatError('import_unreadable');
  }
  const [head, ...rows] = records;
  if (!head) throw new ImportFormatError('import_empty');
  const columns = head.record.map((title) => columnByTitle.get(headerKey(title)));
  if (!columns.includes('name')) throw new ImportFormatError('import_no_name_column');
  return rows.map(({ record, info }) => {
    const contact: ImportedContact = { line: info.lines, id: null, ...emptyFields() };
    record.forEach((raw, index) => {
      const column = columns[index];
      const cell = unguarded(raw).trim();
      if (column === 'id') contact.id = idOf(cell);
      else if (column && (fieldColumns as readonly string[]).includes(column)) {
        contact[column as FieldColumn] = cell;
      }
    });
    return contact;
  });
}

function emptyFields(): Record<FieldColumn, string> {
  return { name: '', phone: '', email: '', company: '', jobTitle: '', address: '', note: '' };
}

export function parseContactsVCard(text: string): ImportedContact[] {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n|\r/g, '\n');
  const contacts: ImportedContact[] = [];
  const pattern = /BEGIN:VCARD[\s\S]*?END:VCARD/gi;
  for (const match of source.matchAll(pattern)) {
    const block = match[0];
    const line = source.slice(0, match.index).split('\n').length;
    const unfolded = block.replace(/\n[ \t]/g, '');
    // The export's URL lines are the card link, not a note to carry back in.
    const withoutLinks = unfolded
      .split('\n')
      .filter((l) => !/^(?:[\w-]+\.)?URL[;:]/i.test(l))
      .join('\n');
    const draft = parseVCard(withoutLinks);
    if (!draft) continue;
    const uid = /^(?:[\w-]+\.)?UID[^:]*:(.*)$/im.exec(unfolded)?.[1] ?? '';
    contacts.push({ line, id: idOf(uid), ...draft });
  }
  if (contacts.length === 0) throw new ImportFormatError('import_empty');
  return contacts;
}

/** A vCard file or a CSV file, told apart by their content. */
export function parseContactsFile(text: string): ImportedContact[] {
  if (text.trim() === '') throw new ImportFormatError('import_empty');
  return /^\s*BEGIN:VCARD/i.test(text.replace(/^\uFEFF/, ''))
    ? parseContactsVCard(text)
    : parseContactsCsv(text);
}

export interface MatchableContact {
  id: string;
  phone: string | null;
  email: string | null;
}

/** The key two phones share when they are the same number, by the one normaliser. */
export function phoneKey(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const national = normalizePhone(phone) ?? phoneDigits(phone);
  return national.length >= 6 ? national : null;
}

const emailKey = (email: string | null | undefined) => email?.trim().toLowerCase() || null;

export interface ImportTarget {
  /** The contact the row writes: an existing one's id, or a new id. */
  id: string;
  existing: boolean;
}

/**
 * Which contact each imported row is: the one with its id, else the one with its phone, else
 * the one with its e-mail, else a new one (under `newId()`). Rows of the same file that are the
 * same person land on the same target, so a file with a person twice adds them once.
 */
export function matchImported(
  existing: readonly MatchableContact[],
  rows: readonly ImportedContact[],
  newId: () => string,
): ImportTarget[] {
  const byId = new Map<string, ImportTarget>();
  const byPhone = new Map<string, ImportTarget>();
  const byEmail = new Map<string, ImportTarget>();
  const remember = (target: ImportTarget, phone: string | null, email: string | null) => {
    byId.set(target.id, target);
    const p = phoneKey(phone);
    if (p && !byPhone.has(p)) byPhone.set(p, target);
    const e = emailKey(email);
    if (e && !byEmail.has(e)) byEmail.set(e, target);
  };
  for (const contact of existing) {
    remember({ id: contact.id, existing: true }, contact.phone, contact.email);
  }
  return rows.map((row) => {
    const p = phoneKey(row.phone);
    const e = emailKey(row.email);
    const target = (row.id ? byId.get(row.id) : undefined) ??
      (p ? byPhone.get(p) : undefined) ??
      (e ? byEmail.get(e) : undefined) ?? { id: newId(), existing: false };
    remember(target, row.phone, row.email);
    return target;
  });
}
