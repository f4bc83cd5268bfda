// The logged-in member's id, the one way every feature asks for it: the readable session-fact
// cookie of spec §3, read at call time (a login in another tab shows up at once).
import { cookieNames } from '../../contract/cookie-names';
import { readCookie } from '../lib/cookies';

export function currentMemberId(): string | undefined {
  return readCookie(cookieNames.memberId);
}

/** The logged-in member's short link (the `/me/<link>` and `/cv/<link>` addresses). */
export function currentUrlMinify(): string | undefined {
  return readCookie(cookieNames.urlMinify);
}
