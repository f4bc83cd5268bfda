// Mounted once for a logged-in member: a toast (2 s, top-right, spec §9) for each notification
// that arrives while the app is open — not the history a new device's first pull brings — and this device's push address kept registered when
// notifications are already allowed (asking is left to a gesture on the notifications screen).
import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/app-db';
import { currentMemberId } from '../../api/current-member';
import { registerPushAddress } from '../../api/push-address';
import { toast } from '../../ui/toast';
import { notificationText } from '../../../contract/notification';
import { isNews } from './notification-news';

export function NotificationAgent() {
  const { i18n } = useLingui();
  const seen = useRef<{ ids: Set<string>; since: number } | null>(null);
  const latest = useLiveQuery(() =>
    appDb.notifications.orderBy('createdAt').reverse().limit(20).toArray(),
  );

  useEffect(() => {
    if (!latest) return;
    if (seen.current === null) {
      // What was there at start is not news.
      seen.current = { ids: new Set(latest.map((n) => n.id)), since: Date.now() };
      return;
    }
    for (const row of latest) {
      if (seen.current.ids.has(row.id)) continue;
      seen.current.ids.add(row.id);
      if (row.openedAt !== null || !isNews(row.createdAt, seen.current.since)) continue;
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
