// This device's push address (decision 0661): with the Firebase web app configured, an FCM
// token (the `firebase` client, on our own service worker); otherwise a standard Web Push
// subscription with the server's VAPID key. Sent to the server after login, deleted at logout.
// Never in the Zalo in-app browser (spec §1), and only once notifications are allowed.
import { apiCall } from './http-client';
import * as routes from '../../contract/rest-routes';
import type { PushClientConfig } from '../../contract/rest-answers';
import { isZaloInAppBrowser } from '../lib/in-app-browser';

const storedTokenKey = 'mecards-push-token';
const deniedKey = 'mecards-push-denied';

// This module runs in pages only, but src/api is also type-checked for the service worker:
// page globals are reached through globalThis.
interface PageStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
const page = globalThis as unknown as { localStorage?: PageStorage } & Record<string, unknown>;
const storage = (): PageStorage | undefined => page.localStorage;

export function pushSupported(): boolean {
  return (
    'document' in page &&
    'Notification' in page &&
    'serviceWorker' in navigator &&
    'PushManager' in page &&
    !isZaloInAppBrowser(navigator.userAgent)
  );
}

export type PushPermission = 'granted' | 'denied' | 'default' | 'unsupported';

export function pushPermission(): PushPermission {
  if (!pushSupported()) return 'unsupported';
  return Notification.permission;
}

/** The member said no here before (the browser's answer, or our own "not now"): never nag. */
export function pushDeclined(): boolean {
  return pushPermission() === 'denied' || storage()?.getItem(deniedKey) === '1';
}

export function rememberPushDeclined(): void {
  storage()?.setItem(deniedKey, '1');
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded + '='.repeat((4 - (padded.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function tokenFor(config: PushClientConfig): Promise<string | undefined> {
  const registration = await navigator.serviceWorker.ready;
  if (config.firebase) {
    const [{ initializeApp, getApps }, { getMessaging, getToken }] = await Promise.all([
      import('firebase/app'),
      import('firebase/messaging'),
    ]);
    const { vapidKey, ...app } = config.firebase;
    const firebase = getApps()[0] ?? initializeApp(app);
    return getToken(getMessaging(firebase), { vapidKey, serviceWorkerRegistration: registration });
  }
  if (!config.webPushPublicKey) return undefined;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(config.webPushPublicKey),
    }));
  return JSON.stringify(subscription.toJSON());
}

/**
 * Registers this device for the logged-in member when notifications are allowed (call it after
 * the permission was granted on a gesture, and at app start). Resolves whether it did.
 */
export async function registerPushAddress(memberId: string): Promise<boolean> {
  if (pushPermission() !== 'granted') return false;
  const config = await apiCall(routes.pushConfig);
  const token = await tokenFor(config);
  if (!token) return false;
  await apiCall(routes.pushTokenSave, { json: { memberId, token } });
  storage()?.setItem(storedTokenKey, token);
  return true;
}

/** At logout: this device stops receiving the member's pushes. */
export async function forgetPushAddress(): Promise<void> {
  const token = storage()?.getItem(storedTokenKey) ?? null;
  if (!token) return;
  await apiCall(routes.pushTokenDelete, { json: { token } });
  storage()?.removeItem(storedTokenKey);
}
