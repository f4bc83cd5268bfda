// The session calls of spec §7 a visitor's first screen needs (log in, providers) and log
// out; the account calls (register, passwords, cards) are in account-api.ts, loaded with their
// screens. None of them is queued offline: they need the server's answer at once, so offline
// they fail with NetworkError and say so.
import type { AuthProviders, LoginAnswer } from '../../../contract/auth';
import type { LoginForm } from '../../../contract/login';
import { apiCall } from '../../api/http-client';
import * as routes from '../../../contract/rest-routes';
import { clearSession, writeSession } from '../../api/session-store';
import { markLoggedIn, markLoggedOut, markLoggingIn } from '../../api/use-session';
import { activateMemberLocale } from '../../i18n/i18n';
import { clearSessionCookies } from '../../lib/cookies';
import { storedFrom } from './stored-session';

/** Ends the local side of a session: stored token, readable cookies, login state. */
async function forgetSession(error: Error | null): Promise<void> {
  await clearSession();
  clearSessionCookies();
  markLoggedOut(error);
}

/** Online only. Spec §4: logging in → logged in; a failure keeps its error and clears the session. */
export async function logIn(form: LoginForm): Promise<LoginAnswer> {
  markLoggingIn();
  try {
    const answer = await apiCall(routes.authLogin, {
      json: { email: form.email, password: form.password },
      auth: false,
    });
    const session = storedFrom(answer);
    await writeSession(session);
    markLoggedIn(session);
    await activateMemberLocale(answer.language);
    return answer;
  } catch (error) {
    await forgetSession(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

/** Works offline too: the local session always ends; the server is told when reachable. */
export async function logOut(): Promise<void> {
  try {
    // While the session still holds: this device stops getting the member's pushes. Loaded
    // here, not with the login screen (docs/decisions/0004).
    const { forgetPushAddress } = await import('../../api/push-address');
    await forgetPushAddress();
  } catch {
    // Offline: the address stays until the push service says it is gone.
  }
  try {
    await apiCall(routes.authLogout, { json: {}, auth: false });
  } catch {
    // Offline or already ended: the refresh cookie still expires on its own.
  }
  await forgetSession(null);
}

export function authProviders(): Promise<AuthProviders> {
  return apiCall(routes.authProviders, { auth: false });
}
