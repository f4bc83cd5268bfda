// Cookie names of spec §3/§9, one list for the server (which sets them at login and clears
// them at logout) and the app (which reads them). The refresh token is HttpOnly: only the
// server touches it.

export const refreshCookieName = 'refreshToken';

export const cookieNames = {
  memberId: 'memberId',
  brandGroup: 'brandGroup',
  agency: 'agency',
  userName: 'userName',
  name: 'name',
  urlMinify: 'urlMinify',
  isLoggedIn: 'isLoggedIn',
  routerName: 'routerName',
  lang: 'lang',
} as const;

export type CookieName = (typeof cookieNames)[keyof typeof cookieNames];

/** Session facts the server sets at login and refresh, readable by the app. */
export const sessionFactCookieNames = [
  cookieNames.memberId,
  cookieNames.brandGroup,
  cookieNames.agency,
  cookieNames.userName,
  cookieNames.name,
  cookieNames.urlMinify,
  cookieNames.isLoggedIn,
] as const;

export type SessionFactCookieName = (typeof sessionFactCookieNames)[number];

/** Session cookies cleared on logout or a failed refresh (`lang` survives). */
export const sessionCookieNames: readonly CookieName[] = [
  ...sessionFactCookieNames,
  // Set by the app on navigation, cleared with the session.
  cookieNames.routerName,
];

/** The language a `Cookie` header asks for through the `lang` cookie, if any. */
export function cookieLocale(cookieHeader: string): 'vi' | 'en' | undefined {
  const match = /(?:^|;\s*)lang=(vi|en)\b/.exec(cookieHeader);
  return match?.[1] === 'en' ? 'en' : match?.[1] === 'vi' ? 'vi' : undefined;
}
