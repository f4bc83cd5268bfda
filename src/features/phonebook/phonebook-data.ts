// Phonebook data access: reads the local mirror, writes through the outbox.
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type AppDb, type ConflictRow, type ContactRow } from '../../db/app-db';
import { queueMutation } from '../../sync/mutate';
import { fieldEdit, resolveConflict, type ShapeRow } from '../../sync/field-edit';
import type { ConflictChoice } from '../../../contract/field-merge';
import {
  contactMergedFields,
  contactSearchKey,
  type ContactMergedField,
  type ContactFields,
  type ContactUpsertInput,
} from '../../../contract/contact';
import type { ExportableContact } from '../../../contract/phonebook-export';
import { memberCardPath } from '../../../contract/card-prefixes';
import { sortContacts } from './contact-search';
import { downloadBlob } from '../../ui/download-file';
import { apiCall } from '../../api/http-client';
import { contactsImport } from '../../../contract/rest-routes';
import type { ContactsImportAnswer } from '../../../contract/rest-answers';
import { outboxChanged } from '../../sync/flush-signal';

/** The member's contacts on this device, deleted ones left out, in name order. */
export async function listContacts(db: AppDb, ownerId: string): Promise<ContactRow[]> {
  const rows = await db.contacts.toArray();
  return sortContacts(rows.filter((r) => r.deletedAt === null && r.ownerMemberId === ownerId));
}

/** The member's live contacts in name order; undefined while the first read runs. */
export function useContacts(ownerId: string | undefined): ContactRow[] | undefined {
  return useLiveQuery(() => (ownerId ? listContacts(appDb, ownerId) : []), [ownerId]);
}

export function useContact(id: string | undefined): ContactRow | null | undefined {
  return useLiveQuery(async () => (id ? ((await appDb.contacts.get(id)) ?? null) : null), [id]);
}

const blank = (value: string | undefined) => (value ? value : null);

/**
 * Creates or edits a contact. An edit sends only the fields the member changed, with the values
 * the form started from as their base, so edits of other fields on other devices survive and a
 * same-field clash is kept for the member to choose (decision 1062). Offline: saved on this
 * device at once and sent to the server when the network is back.
 */
export async function saveContact(
  ownerId: string,
  fields: ContactFields,
  existing?: ContactRow,
): Promise<string> {
  if (existing) {
    await editContact(existing, fields);
    return existing.id;
  }
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const payload: ContactUpsertInput = { id, ...fields, cardMemberId: null };
  const row: ContactRow = {
    id,
    ownerMemberId: ownerId,
    cardMemberId: null,
    name: fields.name,
    phone: blank(fields.phone),
    email: blank(fields.email),
    company: blank(fields.company),
    jobTitle: blank(fields.jobTitle),
    address: blank(fields.address),
    note: blank(fields.note),
    cardSnapshot: null,
    searchKey: '',
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  row.searchKey = contactSearchKey(row);
  await queueMutation({
    name: 'contact.upsert',
    payload,
    table: 'contacts',
    rowId: id,
    apply: (db) => db.contacts.put(row),
  });
  return id;
}

/** The edited fields against the row the form was opened on; nothing queued when none changed. */
async function editContact(existing: ContactRow, fields: ContactFields): Promise<void> {
  // The form is the whole contact: a field it leaves out is a blank one.
  const next = Object.fromEntries(contactMergedFields.map((field) => [field, fields[field] ?? '']));
  const edit = fieldEdit(existing, next, contactMergedFields);
  const changed = Object.keys(edit.changed) as ContactMergedField[];
  if (changed.length === 0) return;
  const texts: Partial<Record<ContactMergedField, string>> = {};
  for (const field of changed) {
    const value = edit.changed[field];
    texts[field] = typeof value === 'string' ? value : '';
  }
  const payload: ContactUpsertInput = {
    id: existing.id,
    ...texts,
    base: edit.base as NonNullable<ContactUpsertInput['base']>,
  };
  await queueMutation({
    name: 'contact.upsert',
    payload,
    table: 'contacts',
    rowId: existing.id,
    apply: async (db) => {
      // Only the changed fields: others keep what this device holds now (a pull meanwhile).
      const current = (await db.contacts.get(existing.id)) ?? existing;
      const row: ContactRow = { ...current, updatedAt: new Date().toISOString() };
      for (const field of changed) {
        const value = edit.changed[field];
        if (field === 'name') row.name = typeof value === 'string' ? value : row.name;
        else row[field] = typeof value === 'string' ? value : null;
      }
      row.searchKey = contactSearchKey(row);
      await db.contacts.put(row);
    },
  });
}

/** A contact as a resolved conflict leaves it: kept values in, made again if it was removed. */
function contactAfterConflict(ownerId: string): ShapeRow {
  return (kept, conflict) => {
    const now = new Date().toISOString();
    const base: Record<string, unknown> = kept ?? {
      id: conflict.rowId,
      ownerMemberId: ownerId,
      cardMemberId: null,
      name: conflict.label,
      phone: null,
      email: null,
      company: null,
      jobTitle: null,
      address: null,
      note: null,
      cardSnapshot: null,
      createdAt: now,
      deletedAt: null,
      ...conflict.lost,
    };
    const row = { ...base, updatedAt: now } as unknown as ContactRow;
    row.searchKey = contactSearchKey(row);
    return row;
  };
}

/**
 * The member's choice on a contact's conflict: keep one of two values, or restore a contact
 * deleted elsewhere with the edit's values, or let the edit go. Offline: shown at once, sent
 * when the network is back.
 */
export async function chooseOnContactConflict(
  ownerId: string,
  conflict: ConflictRow,
  choice: ConflictChoice,
): Promise<void> {
  await resolveConflict(conflict, choice, contactAfterConflict(ownerId));
}

/** Soft delete. Offline: hidden on this device at once, deleted on the server later. */
export async function deleteContact(contact: ContactRow): Promise<void> {
  const now = new Date().toISOString();
  await queueMutation({
    name: 'contact.delete',
    payload: { id: contact.id },
    table: 'contacts',
    rowId: contact.id,
    apply: (db) => db.contacts.update(contact.id, { deletedAt: now, updatedAt: now }),
  });
}

function exportable(contacts: readonly ContactRow[]): ExportableContact[] {
  const origin = globalThis.location?.origin ?? '';
  return contacts.map((c) => ({
    ...c,
    cardUrl: c.cardSnapshot?.urlMinify
      ? `${origin}${memberCardPath(c.cardSnapshot.urlMinify)}`
      : null,
  }));
}

function download(text: string, fileName: string, type: string): void {
  downloadBlob(new Blob([text], { type }), fileName);
}

// The export formats (and csv-stringify) load on the first export, not with the screen.
const exportFormats = () => import('../../../contract/phonebook-export');

/** Downloads the phonebook as one .vcf, built on the device (works offline). */
export async function downloadVCard(contacts: readonly ContactRow[]): Promise<void> {
  const { contactsToVCard } = await exportFormats();
  download(contactsToVCard(exportable(contacts)), 'danh-ba.vcf', 'text/vcard;charset=utf-8');
}

/** Downloads the phonebook as CSV (UTF-8 with BOM), column titles in the UI language. */
export async function downloadCsv(contacts: readonly ContactRow[], lang: string): Promise<void> {
  const { contactsToCsv, csvHeadersEn, csvHeadersVi } = await exportFormats();
  const headers = lang === 'en' ? csvHeadersEn : csvHeadersVi;
  download(contactsToCsv(exportable(contacts), headers), 'danh-ba.csv', 'text/csv;charset=utf-8');
}

/**
 * Imports a CSV or vCard file (decision 1102): the server matches each row by id, phone or
 * e-mail and updates instead of duplicating; the device then pulls the result. Online only:
 * offline the request fails and nothing changes.
 */
export async function importContactsFile(
  ownerId: string,
  file: File,
): Promise<ContactsImportAnswer> {
  const answer = await apiCall(contactsImport, {
    params: { ownerId },
    bytes: { data: file, type: file.type || 'text/plain' },
  });
  // A flush pulls after it pushes: the imported contacts reach this device's phonebook.
  outboxChanged();
  return answer;
}
