/// <reference lib="webworker" />
// Push (decision 0661): a push carries a notification (standard Web Push directly, FCM inside
// `data.payload`). The worker writes it into Dexie, so the list is right before the app opens,
// shows it (a tag collapses repeats about one subject), and on click focuses an open window of
// the app on the right screen or opens one.
import { appDb } from '../src/db/app-db';
import { showOnAppBadge, unreadTotal } from '../src/sync/app-badge';
import type { PushPayload } from '../contract/notification';

declare const self: ServiceWorkerGlobalScope;

function payloadOf(event: PushEvent): PushPayload | undefined {
  try {
    const raw = event.data?.json() as
      (Partial<PushPayload> & { data?: { payload?: string } }) | undefined;
    if (!raw) return undefined;
    if (typeof raw.data?.payload === 'string') return JSON.parse(raw.data.payload) as PushPayload;
    return typeof raw.title === 'string' ? (raw as PushPayload) : undefined;
  } catch {
    return undefined;
  }
}

async function receive(payload: PushPayload): Promise<void> {
  const row = payload.notification;
  if (row?.id) {
    // A newer version pulled meanwhile (opened elsewhere) is kept.
    await appDb.transaction('rw', appDb.notifications, async () => {
      const current = await appDb.notifications.get(row.id);
      if (!current || (current.changeSeq ?? 0) <= (row.changeSeq ?? 0)) {
        await appDb.notifications.put(row);
      }
    });
  }
  // The icon's count includes what just arrived (the app, once open, keeps it current).
  await unreadTotal(appDb)
    .then((count) => showOnAppBadge(count, self.navigator))
    .catch(() => undefined);
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    icon: payload.icon,
    badge: payload.icon,
    tag: payload.tag,
    data: { link: payload.link },
  });
}

self.addEventListener('push', (event: PushEvent) => {
  const payload = payloadOf(event);
  if (payload) event.waitUntil(receive(payload));
});

async function openLink(link: string): Promise<void> {
  const target = new URL(link, self.location.origin);
  if (target.origin !== self.location.origin) return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === target.origin);
  if (open) {
    // Focus may be refused (no user activation); the window still moves to the screen.
    await open.focus().catch(() => undefined);
    if (open.url !== target.href) await open.navigate(target.href).catch(() => undefined);
    return;
  }
  await self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const link = (event.notification.data as { link?: string } | null)?.link ?? '/notifications';
  event.waitUntil(openLink(link));
});
