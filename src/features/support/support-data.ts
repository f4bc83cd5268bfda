// Support requests: the member's own (mirrored, offline-first) and the staff inbox (online).
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type AppDb, type SupportRequestRow } from '../../db/app-db';
import { queueMutationIn } from '../../sync/mutate';
import { outboxChanged } from '../../sync/flush-signal';
import { apiCall } from '../../api/http-client';
import * as routes from '../../../contract/rest-routes';
import type { SupportInboxItem, SupportTopic } from '../../../contract/support';

/** The member's requests, newest first. */
export function useMySupportRequests(memberId: string | undefined) {
  return useLiveQuery(async () => {
    if (!memberId) return [];
    const rows = await appDb.supportRequests.where('memberId').equals(memberId).toArray();
    return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }, [memberId]);
}

/** Sends a request. Offline: kept on this device and sent once when the network is back. */
export async function sendSupportRequest(
  db: AppDb,
  memberId: string,
  fields: { topic: SupportTopic; message: string; contact?: string | undefined },
): Promise<string> {
  const now = new Date().toISOString();
  const row: SupportRequestRow = {
    id: crypto.randomUUID(),
    memberId,
    topic: fields.topic,
    message: fields.message.trim(),
    contact: fields.contact?.trim() || null,
    status: 'open',
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  await queueMutationIn(
    db,
    {
      name: 'supportRequest.create',
      payload: {
        id: row.id,
        topic: row.topic,
        message: row.message,
        contact: row.contact ?? '',
      },
      table: 'supportRequests',
      rowId: row.id,
      apply: (tx) => tx.supportRequests.put(row),
    },
    memberId,
  );
  outboxChanged();
  return row.id;
}

export function fetchSupportInbox(): Promise<SupportInboxItem[]> {
  return apiCall(routes.supportInbox);
}

export function setSupportRequestStatus(id: string, close: boolean) {
  return apiCall(close ? routes.supportClose : routes.supportReopen, { params: { id } });
}
