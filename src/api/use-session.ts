// Who is logged in, for every screen (spec §4 login states: not logged in, logging in, logged
// in; a failed login keeps its error). Facts come from the readable session cookies at once
// and from the shared session store when it changes (this tab, other tabs, the worker).
import { useSyncExternalStore } from 'react';
import type { SessionBrandGroup } from '../../contract/auth';
import { cookieNames } from '../../contract/cookie-names';
import { hasLoginCookie, readCookie } from '../lib/cookies';
import { subscribeSession, type StoredSession } from './session-store';

export type LoginStatus = 'loggedOut' | 'loggingIn' | 'loggedIn';

export interface SessionState {
  status: LoginStatus;
  memberId: string | null;
  userName: string | null;
  name: string | null;
  urlMinify: string | null;
  brandGroup: SessionBrandGroup | null;
  agency: string | null;
  /** The last login failure, kept until the next attempt (spec §4). */
  error: Error | null;
}

function parseBrandGroup(text: string | undefined): SessionBrandGroup | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as SessionBrandGroup) : null;
  } catch {
    return null;
  }
}

function fromCookies(status: LoginStatus, error: Error | null): SessionState {
  const loggedIn = status === 'loggedIn';
  const read = (name: (typeof cookieNames)[keyof typeof cookieNames]) =>
    loggedIn ? (readCookie(name) ?? null) : null;
  return {
    status,
    memberId: read(cookieNames.memberId),
    userName: read(cookieNames.userName),
    name: read(cookieNames.name),
    urlMinify: read(cookieNames.urlMinify),
    brandGroup: loggedIn ? parseBrandGroup(readCookie(cookieNames.brandGroup)) : null,
    agency: read(cookieNames.agency) || null,
    error,
  };
}

function fromStored(session: StoredSession): SessionState {
  return {
    status: 'loggedIn',
    memberId: session.memberId,
    userName: session.userName,
    name: session.name ?? readCookie(cookieNames.name) ?? null,
    urlMinify: session.urlMinify,
    brandGroup: (session.brandGroup as SessionBrandGroup | null) ?? null,
    agency: typeof session.agency === 'string' && session.agency ? session.agency : null,
    error: null,
  };
}

const initialStatus = (): LoginStatus => (hasLoginCookie() ? 'loggedIn' : 'loggedOut');

let state: SessionState = fromCookies(initialStatus(), null);
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

subscribeSession((session) => {
  if (session) setState(fromStored(session));
  else if (state.status !== 'loggingIn') setState({ ...fromCookies('loggedOut', state.error) });
});

/** A login request is under way. */
export function markLoggingIn(): void {
  setState({ ...fromCookies('loggedOut', null), status: 'loggingIn' });
}

/** The login succeeded (the session store's write fills in the facts). */
export function markLoggedIn(session: StoredSession): void {
  setState(fromStored(session));
}

/** Logged out, after a failed login (with its error) or a logout. */
export function markLoggedOut(error: Error | null = null): void {
  setState(fromCookies('loggedOut', error));
}

export function currentSession(): SessionState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session as it is now; re-renders on login, logout, refresh and other tabs' changes. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, currentSession, currentSession);
}
