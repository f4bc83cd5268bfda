// notification.open as the list queues it (tests run the same write on their own database).
import type { AppDb, NotificationRow } from '../../db/app-db';
import type { QueueMutationInput } from '../../sync/mutate';

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
