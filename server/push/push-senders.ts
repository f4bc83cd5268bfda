// Delivery of one push to one device address: a Web Push subscription (JSON text) goes
// through standard Web Push (RFC 8030 + RFC 8291 aes128gcm + VAPID, RFC 8292), any other
// token through Firebase Cloud Messaging when firebase-admin has credentials.
import { createRequire } from 'node:module';
import type WebPush from 'web-push';
import type { PushPayload } from '../../contract/notification';
import type { PushConfig } from './push-config';

// Loaded when first needed, not at start (~20 ms with its crypto dependencies).
let webPushModule: typeof WebPush | undefined;
function webPush(): typeof WebPush {
  webPushModule ??= createRequire(import.meta.url)('web-push') as typeof WebPush;
  return webPushModule;
}

export type SendOutcome =
  /** The push service took it. */
  | 'sent'
  /** The address is gone for good (404/410, unregistered): forget it. */
  | 'gone'
  /** Nothing here can send to this kind of address (no credentials). */
  | 'unsupported'
  /** Try again later. */
  | 'retry';

export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A token that is a Web Push subscription, or undefined (an FCM token). */
export function webPushSubscriptionOf(token: string): WebPushSubscription | undefined {
  if (!token.trim().startsWith('{')) return undefined;
  try {
    const value = JSON.parse(token) as Partial<WebPushSubscription>;
    if (
      typeof value.endpoint === 'string' &&
      /^https?:\/\//.test(value.endpoint) &&
      typeof value.keys?.p256dh === 'string' &&
      typeof value.keys.auth === 'string'
    ) {
      return { endpoint: value.endpoint, keys: value.keys };
    }
  } catch {
    // Not JSON: not a subscription.
  }
  return undefined;
}

/** A topic header collapses repeats at the push service (≤ 32 URL-safe characters). */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '').slice(-32) || 'mecards';
}

/** The encrypted request of a Web Push (exported for the test of our side of RFC 8291). */
export function webPushRequest(
  subscription: WebPushSubscription,
  payload: PushPayload,
  vapid: NonNullable<PushConfig['vapid']>,
): { endpoint: string; headers: Record<string, string>; body: Buffer } {
  const details = webPush().generateRequestDetails(subscription, JSON.stringify(payload), {
    vapidDetails: vapid,
    contentEncoding: 'aes128gcm',
    TTL: 24 * 3600,
    urgency: 'high',
    topic: topicOf(payload.tag),
  });
  const headers = Object.fromEntries(
    Object.entries(details.headers).map(([k, v]) => [k, String(v)]),
  );
  return { endpoint: details.endpoint, headers, body: details.body ?? Buffer.alloc(0) };
}

export async function sendWebPush(
  subscription: WebPushSubscription,
  payload: PushPayload,
  vapid: NonNullable<PushConfig['vapid']>,
): Promise<SendOutcome> {
  const request = webPushRequest(subscription, payload, vapid);
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers,
      body: new Uint8Array(request.body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return 'retry';
  }
  await response.arrayBuffer().catch(() => undefined);
  if (response.status === 404 || response.status === 410) return 'gone';
  if (response.ok) return 'sent';
  return response.status === 429 || response.status >= 500 ? 'retry' : 'gone';
}

type Messaging = { send(message: Record<string, unknown>): Promise<string> };
let messaging: Promise<Messaging> | undefined;

async function firebaseMessaging(account: Record<string, unknown>): Promise<Messaging> {
  messaging ??= (async () => {
    const { initializeApp, cert, getApps } = await import('firebase-admin/app');
    const { getMessaging } = await import('firebase-admin/messaging');
    const app = getApps()[0] ?? initializeApp({ credential: cert(account) });
    return getMessaging(app) as unknown as Messaging;
  })();
  return messaging;
}

export async function sendFcm(
  token: string,
  payload: PushPayload,
  account: Record<string, unknown>,
): Promise<SendOutcome> {
  try {
    const fcm = await firebaseMessaging(account);
    // Data only: the service worker shows it, writes the row and handles the click itself.
    await fcm.send({
      token,
      data: { payload: JSON.stringify(payload) },
      webpush: { headers: { Urgency: 'high', Topic: topicOf(payload.tag) } },
    });
    return 'sent';
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (
      code === 'messaging/registration-token-not-registered' ||
      code === 'messaging/invalid-registration-token' ||
      code === 'messaging/invalid-argument'
    ) {
      return 'gone';
    }
    return 'retry';
  }
}

export async function sendPush(
  token: string,
  payload: PushPayload,
  config: PushConfig | undefined,
): Promise<SendOutcome> {
  const subscription = webPushSubscriptionOf(token);
  if (subscription) {
    return config?.vapid ? sendWebPush(subscription, payload, config.vapid) : 'unsupported';
  }
  return config?.firebaseServiceAccount
    ? sendFcm(token, payload, config.firebaseServiceAccount)
    : 'unsupported';
}
