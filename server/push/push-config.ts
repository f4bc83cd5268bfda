// Push settings from the environment (README, configuration): standard Web Push with VAPID
// keys, and Firebase Cloud Messaging when its credentials are set (decision 0661).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type WebPush from 'web-push';

// Loaded when first needed, not at start (~20 ms with its crypto dependencies).
let webPushModule: typeof WebPush | undefined;
function webPush(): typeof WebPush {
  webPushModule ??= createRequire(import.meta.url)('web-push') as typeof WebPush;
  return webPushModule;
}

export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
  /** The web push certificate of the Firebase project (getToken's vapidKey). */
  vapidKey: string;
}

export interface PushConfig {
  /** Standard Web Push (self-hosted, no Google): the VAPID key pair and contact. */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** The Firebase web app the client starts; undefined keeps the client on Web Push. */
  firebaseWeb: FirebaseWebConfig | undefined;
  /** Service account JSON of firebase-admin; undefined sends FCM tokens nowhere. */
  firebaseServiceAccount: Record<string, unknown> | undefined;
}

/** VAPID keys kept in the data folder, so that the embedded setup pushes with no settings. */
function localVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webPush().generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

function serviceAccount(value: string | undefined): Record<string, unknown> | undefined {
  if (!value) return undefined;
  const text = value.trim().startsWith('{') ? value : readFileSync(value, 'utf8');
  return JSON.parse(text) as Record<string, unknown>;
}

export function loadPushConfig(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  databaseUrl: string | undefined,
): PushConfig {
  const subject = env.VAPID_SUBJECT || 'mailto:no-reply@mecards.vn';
  let vapid: PushConfig['vapid'];
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    vapid = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  } else if (!databaseUrl && env.PUSH_DISABLED !== 'true') {
    // Several processes on PostgreSQL must share one key pair: there it has to be configured.
    vapid = { ...localVapidKeys(dataDir), subject };
  }
  const firebaseWeb =
    env.FIREBASE_API_KEY &&
    env.FIREBASE_PROJECT_ID &&
    env.FIREBASE_MESSAGING_SENDER_ID &&
    env.FIREBASE_APP_ID &&
    env.FIREBASE_VAPID_KEY
      ? {
          apiKey: env.FIREBASE_API_KEY,
          projectId: env.FIREBASE_PROJECT_ID,
          messagingSenderId: env.FIREBASE_MESSAGING_SENDER_ID,
          appId: env.FIREBASE_APP_ID,
          vapidKey: env.FIREBASE_VAPID_KEY,
        }
      : undefined;
  return {
    vapid,
    firebaseWeb,
    firebaseServiceAccount: serviceAccount(env.FIREBASE_SERVICE_ACCOUNT),
  };
}

/** What the client needs to subscribe (public values only). */
export interface PushClientConfig {
  webPushPublicKey: string | null;
  firebase: FirebaseWebConfig | null;
}

export function pushClientConfig(config: PushConfig | undefined): PushClientConfig {
  return {
    webPushPublicKey: config?.vapid?.publicKey ?? null,
    firebase: config?.firebaseWeb ?? null,
  };
}
