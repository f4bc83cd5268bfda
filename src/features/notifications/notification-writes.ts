// notification.open as the list queues it (tests run the same write on their own database).
import type { AppDb, NotificationRow } from '../../db/app-db';
import type { QueueMutationInput } from '../../sync/mutate';
import { pushSettingsWithDefaults, type PushSettingsPatch } from '../../../contract/notification';

/** notification.open — offline: marked opened at once, sent on reconnect. */
export function openNotificationWrite(
  row: NotificationRow,
): QueueMutationInput<'notification.open'> {
  return {
    name: 'notification.open',
    payload: { id: row.id },
    table: 'notifications',
    rowId: row.id,
    apply: (db: AppDb) => db.notifications.put({ ...row, openedAt: new Date().toISOString() }),
  };
}

/**
 * profile.setPushSettings — offline like every profile edit: the mirrored profile row shows
 * the choice at once, the server has it once on reconnect (decision 0662).
 */
export function pushSettingsWrite(
  memberId: string,
  patch: PushSettingsPatch,
): QueueMutationInput<'profile.setPushSettings'> {
  return {
    name: 'profile.setPushSettings',
    payload: patch,
    table: 'profile',
    rowId: memberId,
    apply: async (db: AppDb) => {
      const row = await db.profile.get(memberId);
      if (!row) return;
      await db.profile.update(memberId, {
        pushSettings: { ...pushSettingsWithDefaults(row.pushSettings), ...patch },
      });
    },
  };
}
