/** Only paths of this app are followed after login (no other sites, no protocol-relative). */
export function safeRedirect(target: string | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return undefined;
  }
  return target;
}

/** Where a member lands after logging in: the asked page, else their home in the app. */
export function homeAfterLogin(_urlMinify: string | null, redirect: string | undefined): string {
  return safeRedirect(redirect) ?? '/action';
}
