// The contact-us inbox: read from the local mirror (pulled, live), flags written through the
// outbox (contactUs.update), and the sender saved to the phonebook with contact.upsert.
import { useLiveQuery } from 'dexie-react-hooks';
import {
  appDb,
  type AppDb,
  type ContactRow,
  type ContactUsRow,
  type OutboxEntry,
} from '../../db/app-db';
import { queueMutationIn, type QueueMutationInput } from '../../sync/mutate';
import { outboxChanged } from '../../sync/flush-signal';
import { contactSearchKey, foldForSearch } from '../../../contract/contact';
import type { MutationName } from '../../../contract/mutations';

async function queue<N extends MutationName>(
  db: AppDb,
  memberId: string,
  input: QueueMutationInput<N>,
) {
  const entry = await queueMutationIn(db, input, memberId);
  outboxChanged();
  return entry;
}

export type InboxFilter = 'all' | 'unread' | 'read' | 'contacted';

/** The inbox, newest first, filtered by status and by text (name, phone, e-mail, message). */
export function useInbox(
  memberId: string | undefined,
  filter: InboxFilter,
  search: string,
): ContactUsRow[] | undefined {
  return useLiveQuery(async () => {
    if (!memberId) return [];
    const folded = foldForSearch(search);
    const rows = await appDb.contactUs.where('memberId').equals(memberId).toArray();
    return rows
      .filter((row) => row.deletedAt === null)
      .filter((row) =>
        filter === 'unread'
          ? row.readAt === null
          : filter === 'read'
            ? row.readAt !== null
            : filter === 'contacted'
              ? row.contactedAt !== null
              : true,
      )
      .filter(
        (row) =>
          !folded ||
          foldForSearch(
            `${row.name} ${row.phone ?? ''} ${row.email ?? ''} ${row.message}`,
          ).includes(folded),
      )
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  }, [memberId, filter, search]);
}

export function useInboxMessage(id: string | undefined): ContactUsRow | null | undefined {
  return useLiveQuery(async () => (id ? ((await appDb.contactUs.get(id)) ?? null) : null), [id]);
}

/**
 * Marks a message read or unread, contacted or not. Offline: at once on this device, on the
 * server when the network is back.
 */
export async function updateInboxMessage(
  db: AppDb,
  memberId: string,
  row: ContactUsRow,
  change: { read?: boolean; contacted?: boolean },
): Promise<OutboxEntry> {
  const now = new Date().toISOString();
  const stamp = (wanted: boolean | undefined, current: string | null) =>
    wanted === undefined ? current : wanted ? (current ?? now) : null;
  const next: ContactUsRow = {
    ...row,
    readAt: stamp(change.read, row.readAt),
    contactedAt: stamp(change.contacted, row.contactedAt),
    updatedAt: now,
  };
  return queue(db, memberId, {
    name: 'contactUs.update',
    payload: { id: row.id, ...change },
    table: 'contactUs',
    rowId: row.id,
    apply: (tx) => tx.contactUs.put(next),
  });
}

/**
 * One tap: the sender becomes a phonebook contact (offline like every phonebook write). The
 * server already filed the message as a lead under the message's id (decision 1100): the same
 * id updates that contact instead of adding a second one.
 */
export async function saveSenderToPhonebook(
  db: AppDb,
  ownerId: string,
  row: ContactUsRow,
): Promise<string> {
  const id = row.id;
  const lead = await db.contacts.get(id);
  const now = new Date().toISOString();
  const name = row.name.slice(0, 120);
  const note = row.message.slice(0, 2000);
  const contact: ContactRow = {
    id,
    ownerMemberId: ownerId,
    cardMemberId: null,
    name,
    phone: row.phone,
    email: row.email,
    company: row.company ?? null,
    jobTitle: null,
    address: null,
    note,
    cardSnapshot: null,
    leadSource: lead?.leadSource ?? null,
    searchKey: '',
    createdAt: lead?.createdAt ?? now,
    updatedAt: now,
    deletedAt: null,
  };
  contact.searchKey = contactSearchKey(contact);
  await queue(db, ownerId, {
    name: 'contact.upsert',
    payload: {
      id,
      name,
      phone: row.phone ?? '',
      email: row.email ?? '',
      company: row.company ?? '',
      note,
      cardMemberId: null,
    },
    table: 'contacts',
    rowId: id,
    apply: (tx) => tx.contacts.put(contact),
  });
  return id;
}
