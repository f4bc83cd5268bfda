// The access token and session facts, shared by every tab and the service worker through
// IndexedDB (the refresh token itself is an HttpOnly cookie the script never sees).
import { createStore, del, get, set } from 'idb-keyval';

export interface StoredSession {
  accessToken: string;
  memberId: string;
  userName: string;
  urlMinify: string | null;
  brandGroup: unknown;
  agency: unknown;
  /** The member's own name (readable `name` cookie); absent in sessions stored before it. */
  name?: string;
}

const store = createStore('mecards-session', 'session');
const key = 'current';
let cached: StoredSession | null | undefined;

type Listener = (session: StoredSession | null) => void;
const listeners = new Set<Listener>();
/** Other tabs and the service worker hear about writes and clears through this channel. */
const channel: BroadcastChannel | null =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('mecards-session');

function notify(session: StoredSession | null): void {
  for (const listener of listeners) listener(session);
}

// Under Node (tests) an open channel would keep the process alive.
(channel as { unref?: () => void } | null)?.unref?.();

channel?.addEventListener('message', (event: MessageEvent<{ session: StoredSession | null }>) => {
  cached = event.data.session;
  notify(cached);
});

/** Called with the new session (or null) whenever this or another context changes it. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function readSession(): Promise<StoredSession | null> {
  if (cached !== undefined) return cached;
  cached = (await get<StoredSession>(key, store)) ?? null;
  return cached;
}

/** Reads the store again, skipping this context's copy (another tab may have refreshed). */
export async function reloadSession(): Promise<StoredSession | null> {
  cached = undefined;
  return readSession();
}

export async function writeSession(session: StoredSession): Promise<void> {
  cached = session;
  await set(key, session, store);
  notify(session);
  channel?.postMessage({ session });
}

export async function clearSession(): Promise<void> {
  cached = null;
  await del(key, store);
  notify(null);
  channel?.postMessage({ session: null });
}
