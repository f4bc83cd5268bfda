// Phonebook data access: reads the local mirror, writes through the outbox.
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type ContactRow } from '../../db/app-db';
import { queueMutation } from '../../sync/mutate';
import {
  contactSearchKey,
  type ContactFields,
  type ContactUpsertInput,
} from '../../../contract/contact';
import type { ExportableContact } from '../../../contract/phonebook-export';
import { memberCardPath } from '../../../contract/card-prefixes';
import { sortContacts } from './contact-search';
import { downloadBlob } from '../../ui/download-file';
import { apiFetch } from '../../api/http-client';
import { outboxChanged } from '../../sync/flush-signal';

/** The member's live contacts in name order; undefined while the first read runs. */
export function useContacts(ownerId: string | undefined): ContactRow[] | undefined {
  return useLiveQuery(async () => {
    if (!ownerId) return [];
    const rows = await appDb.contacts.toArray();
    return sortContacts(rows.filter((r) => r.deletedAt === null && r.ownerMemberId === ownerId));
  }, [ownerId]);
}

export function useContact(id: string | undefined): ContactRow | null | undefined {
  return useLiveQuery(async () => (id ? ((await appDb.contacts.get(id)) ?? null) : null), [id]);
}

const blank = (value: string | undefined) => (value ? value : null);

/**
 * Creates or edits a contact. Offline: saved on this device at once and sent to the server
 * when the network is back (the server refuses an edit of a contact deleted elsewhere).
 */
export async function saveContact(
  ownerId: string,
  fields: ContactFields,
  existing?: ContactRow,
): Promise<string> {
  const id = existing?.id ?? crypto.randomUUID();
  const now = new Date().toISOString();
  const payload: ContactUpsertInput = {
    id,
    ...fields,
    cardMemberId: existing?.cardMemberId ?? null,
  };
  const row: ContactRow = {
    id,
    ownerMemberId: ownerId,
    cardMemberId: existing?.cardMemberId ?? null,
    name: fields.name,
    phone: blank(fields.phone),
    email: blank(fields.email),
    company: blank(fields.company),
    jobTitle: blank(fields.jobTitle),
    address: blank(fields.address),
    note: blank(fields.note),
    cardSnapshot: existing?.cardSnapshot ?? null,
    searchKey: '',
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
    deletedAt: null,
    ...(existing?.changeSeq !== undefined ? { changeSeq: existing.changeSeq } : {}),
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

export interface ImportAnswer {
  created: number;
  updated: number;
}

/**
 * Imports a CSV or vCard file (decision 1102): the server matches each row by id, phone or
 * e-mail and updates instead of duplicating; the device then pulls the result. Online only:
 * offline the request fails and nothing changes.
 */
export async function importContactsFile(ownerId: string, file: File): Promise<ImportAnswer> {
  const answer = await apiFetch<ImportAnswer>(`/contacts/importContacts/${ownerId}`, {
    method: 'POST',
    bytes: { data: file, type: file.type || 'text/plain' },
  });
  // A flush pulls after it pushes: the imported contacts reach this device's phonebook.
  outboxChanged();
  return answer;
}
