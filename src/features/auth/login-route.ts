// Shared by the `/` and `/login` routes (spec §2: both are the login screen).
import { redirect } from '@tanstack/react-router';
import { cookieNames } from '../../../contract/cookie-names';
import { hasLoginCookie, readCookie } from '../../lib/cookies';
import { homeAfterLogin } from './safe-redirect';

export interface LoginSearch {
  redirect?: string | undefined;
}

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  return typeof search.redirect === 'string' ? { redirect: search.redirect } : {};
}

/** A member who is already logged in goes on to the asked page or their own card. */
export function skipLoginWhenLoggedIn({ search }: { search: LoginSearch }): void {
  if (!hasLoginCookie()) return;
  throw redirect({
    href: homeAfterLogin(readCookie(cookieNames.urlMinify) ?? null, search.redirect),
    replace: true,
  });
}
