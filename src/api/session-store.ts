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
}

const store = createStore('mecards-session', 'session');
const key = 'current';
let cached: StoredSession | null | undefined;

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
}

export async function clearSession(): Promise<void> {
  cached = null;
  await del(key, store);
}
