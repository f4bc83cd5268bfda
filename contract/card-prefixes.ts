// The first path segments of public card pages and the path of a member's card: a module of
// its own so that screens needing only these (the login redirect, the service worker) do not
// load the card path parser with them.

/** A member's or a brand's card and its sub-pages: /me/{key}[/…], /mbg/{key}[/…]. */
export const ownerCardPrefixes = ['me', 'mbg'] as const;
/** The new card layout: /new-me/{key}, /new-mbg/{key}. */
export const newLayoutCardPrefixes = ['new-me', 'new-mbg'] as const;
/** One-segment pages: a blog post (/blog, /mrd), a card by id or short link (/fme, /smc). */
export const singleSegmentCardPrefixes = ['blog', 'mrd', 'fme', 'smc'] as const;
/** The first path segment of every public card page. */
export const cardPagePrefixes = [
  ...ownerCardPrefixes,
  ...newLayoutCardPrefixes,
  ...singleSegmentCardPrefixes,
] as const;

/** Any path under a card page prefix (what the service worker caches as a card page). */
export const cardPagePathPattern = new RegExp(`^/(${cardPagePrefixes.join('|')})/`);

/** Path of a member's card by id or short link. */
export function memberCardPath(key: string): string {
  return `/me/${encodeURIComponent(key)}`;
}
