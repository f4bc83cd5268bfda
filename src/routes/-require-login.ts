// Login guard for login-required routes (spec §2): without the login cookie the visitor goes
// to /login, which can send them back to `redirect` after logging in.
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { hasLoginCookie } from '../lib/cookies';

/** The /login address that returns to `href` afterwards. */
export function loginHref(href: string): string {
  return `/login?${new URLSearchParams({ redirect: href }).toString()}`;
}

/** Use as (or inside) a route's `beforeLoad`. */
export function requireLogin({ location }: { location: ParsedLocation }): void {
  if (hasLoginCookie()) return;
  throw redirect({ href: loginHref(location.href), replace: true });
}
