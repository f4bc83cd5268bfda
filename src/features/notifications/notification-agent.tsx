// Mounted once for a logged-in member: a toast (2 s, top-right, spec §9) for each notification
// that arrives while the app is open, and this device's push address kept registered when
// notifications are already allowed (asking is left to a gesture on the notifications screen).
import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/app-db';
import { currentMemberId } from '../../api/current-member';
import { registerPushAddress } from '../../api/push-address';
import { toast } from '../../ui/toast';
import { notificationText } from '../../../contract/notification';

export function NotificationAgent() {
  const { i18n } = useLingui();
  const seen = useRef<Set<string> | null>(null);
  const latest = useLiveQuery(() =>
    appDb.notifications.orderBy('createdAt').reverse().limit(20).toArray(),
  );

  useEffect(() => {
    if (!latest) return;
    if (seen.current === null) {
      // What was there at start is not news.
      seen.current = new Set(latest.map((n) => n.id));
      return;
    }
    for (const row of latest) {
      if (seen.current.has(row.id)) continue;
      seen.current.add(row.id);
      if (row.openedAt !== null) continue;
      const text = notificationText(row, i18n.locale === 'en' ? 'en' : 'vi');
      toast.info(`${text.title}: ${text.body}`, { id: `notification-${row.id}` });
    }
  }, [latest, i18n.locale]);

  useEffect(() => {
    const me = currentMemberId();
    if (me) void registerPushAddress(me).catch(() => false);
  }, []);

  return null;
}
