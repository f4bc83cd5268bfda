// Notifications read from the device store; opening one is an outbox write (works offline).
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type NotificationRow } from '../../db/app-db';
import { queueMutation } from '../../sync/mutate';
import { apiFetch } from '../../api/http-client';
import type { PushSettings } from '../../../contract/notification';
import { openNotificationWrite } from './notification-writes';

/** Newest first. */
export function useNotifications(): NotificationRow[] | undefined {
  return useLiveQuery(async () =>
    (await appDb.notifications.orderBy('createdAt').reverse().toArray()).filter(
      (n) => n.deletedAt === null,
    ),
  );
}

export async function openNotification(row: NotificationRow): Promise<void> {
  if (row.openedAt === null) await queueMutation(openNotificationWrite(row));
}

/** Which events push (stored on the server with the member; online only). */
export function loadPushSettings(): Promise<PushSettings> {
  return apiFetch<PushSettings>('/notifications/settings');
}

export function savePushSettings(settings: Partial<PushSettings>): Promise<PushSettings> {
  return apiFetch<PushSettings>('/notifications/settings', { method: 'PUT', json: settings });
}
