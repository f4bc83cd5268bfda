// Notifications read from the device store; opening one is an outbox write (works offline).
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type NotificationRow } from '../../db/app-db';
import { queueMutation } from '../../sync/mutate';
import {
  pushSettingsWithDefaults,
  type PushSettings,
  type PushTopic,
} from '../../../contract/notification';
import { openNotificationWrite, pushSettingsWrite } from './notification-writes';

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

/** Which events push, from the mirrored own profile (defaults until it is mirrored). */
export function usePushSettings(memberId: string | undefined): PushSettings | undefined {
  return useLiveQuery(
    async () =>
      pushSettingsWithDefaults(memberId ? (await appDb.profile.get(memberId))?.pushSettings : {}),
    [memberId],
  );
}

/** Changes one topic; works offline and reaches the server once (profile.setPushSettings). */
export async function savePushSetting(
  memberId: string,
  topic: PushTopic,
  on: boolean,
): Promise<void> {
  await queueMutation(pushSettingsWrite(memberId, { [topic]: on }));
}
