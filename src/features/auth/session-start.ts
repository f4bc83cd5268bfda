// Spec §4 app start: with a login cookie the profile is loaded, the session restored and the
// interface language set from the profile language (VN → Vietnamese, anything else English).
import { authProfile } from '../../../contract/rest-routes';
import type { ProfileAnswer } from '../../../contract/rest-answers';
import { activateMemberLocale } from '../../i18n/i18n';
import { clearSessionCookies, hasLoginCookie } from '../../lib/cookies';
import {
  apiCall,
  NetworkError,
  refreshSession,
  SessionExpiredError,
  sessionExpiredMessage,
} from '../../api/http-client';
import { clearSession, readSession, writeSession } from '../../api/session-store';
import { markLoggedIn, markLoggedOut } from '../../api/use-session';

/** The outcome, on <html data-session> (support and e2e checks wait for it). */
function mark(state: 'restored' | 'offline' | 'none' | 'failed'): void {
  document.documentElement.dataset.session = state;
}

/** Restores the session in the background; offline it keeps what is stored and moves on. */
export async function restoreSessionAtStart(): Promise<void> {
  listenForWorkerSessionEnd();
  if (!hasLoginCookie()) {
    // Cookies gone (expired, cleared elsewhere): the stored token goes with them.
    if (await readSession()) await clearSession();
    markLoggedOut();
    mark('none');
    return;
  }
  try {
    // No stored token yet (e.g. after a Facebook login): trade the refresh cookie for one.
    if (!(await readSession())) await refreshSession(undefined);
    const profile = await apiCall(authProfile);
    // Read again: loading the profile may have refreshed the token meanwhile.
    const session = await readSession();
    if (!session) throw new SessionExpiredError();
    const restored = {
      ...session,
      memberId: profile.memberId,
      userName: profile.userName,
      name: profile.name,
      urlMinify: profile.urlMinify,
      brandGroup: profile.brandGroup,
      agency: profile.agency,
    };
    await writeSession(restored);
    markLoggedIn(restored);
    await activateMemberLocale(await waitingLanguage(profile));
    mark('restored');
  } catch (error) {
    mark(error instanceof NetworkError ? 'offline' : 'failed');
    if (error instanceof NetworkError) return;
    throw error;
  }
}

/**
 * The profile's language, unless a language change made on this device still waits to be sent:
 * then that one (the server has not seen it yet).
 */
async function waitingLanguage(profile: ProfileAnswer): Promise<string> {
  try {
    const { appDb } = await import('../../db/app-db');
    const waiting = await appDb.outbox
      .where('[table+rowKey]')
      .equals(['profile', profile.memberId])
      .filter((e) => e.state === 'pending' && e.name === 'profile.update')
      .toArray();
    const latest = waiting
      .sort((a, b) => a.seq - b.seq)
      .map((e) => (e.payload as { language?: string }).language)
      .filter((language): language is string => language !== undefined)
      .at(-1);
    return latest ?? profile.language;
  } catch {
    return profile.language;
  }
}

let listening = false;

/** A refresh that failed inside the service worker ends the session in the pages too. */
function listenForWorkerSessionEnd(): void {
  if (listening || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  listening = true;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type !== sessionExpiredMessage) return;
    clearSessionCookies();
    location.reload();
  });
}
