// Card page paths (spec §2 profile family): which prefixes exist, which card page a path names
// and the path of a card's pages. One module for the server (routes, share metadata, server
// rendering), the app and the service worker (what it caches as a card page).
import type { CardView } from './card';
import type { QrSvg } from './qr-svg';

export type CardPageKind =
  | 'profile'
  | 'products'
  | 'posts'
  | 'relics'
  | 'activities'
  | 'product'
  | 'post'
  | 'activity'
  | 'relic';

export interface CardRoute {
  kind: CardPageKind;
  /** me: a member's card; mbg: a brand's page; any: a short link or a blog post of either. */
  base: 'me' | 'mbg' | 'any';
  /** The owner's id or short link, or the item's id for detail pages. */
  key: string;
  layout: 'classic' | 'new';
  /** Post detail paths carry the post type segment: /me/{posts}/{id}. */
  segment?: string;
}

/** What a card page renders: the route, the owner's card and the link to share. */
export interface CardPageData {
  route: CardRoute;
  view: CardView;
  /** Absolute link of the card (QR, share, vCard). */
  cardUrl: string;
  /** Absolute link of this page. */
  pageUrl: string;
  /**
   * QR codes the server drew, by the text they carry (the card's link, VietQR payloads): shown
   * in the first paint with no encoder in the browser (decision 0403). Absent in the app.
   */
  qrs?: Record<string, QrSvg>;
}

/**
 * `?lang=vi|en` on a card page: the server keeps the language in its cookie and sends the page
 * back without the parameter, so the language switch works with no script (decision 0403).
 */
export const cardLanguageParam = 'lang';

const detailKinds: Record<string, CardPageKind> = {
  products: 'product',
  'all-activity': 'activities',
  'detail-activity': 'activity',
  relics: 'relic',
};
const listKinds: Record<string, CardPageKind> = {
  products: 'products',
  posts: 'posts',
  relics: 'relics',
};

const segmentPattern = /^[A-Za-z0-9_.~-]{1,80}$/;

/** The card page of a path, or null when the path is not one. */
export function parseCardPath(pathname: string): CardRoute | null {
  const parts = pathname.split('/').filter(Boolean).map(decodeSafe);
  if (parts.some((p) => p === null || !segmentPattern.test(p))) return null;
  const [head, a, b, extra] = parts as string[];
  if (!head || !a || extra !== undefined) return null;
  // The literals below are the prefixes declared at the top of this module.
  if (head === 'new-me' || head === 'new-mbg') {
    if (b !== undefined) return null;
    return { kind: 'profile', base: head === 'new-me' ? 'me' : 'mbg', key: a, layout: 'new' };
  }
  if (head === 'blog' || head === 'mrd') {
    return b === undefined ? { kind: 'post', base: 'any', key: a, layout: 'classic' } : null;
  }
  if (head === 'fme' || head === 'smc') {
    return b === undefined
      ? { kind: 'profile', base: head === 'fme' ? 'me' : 'any', key: a, layout: 'classic' }
      : null;
  }
  if (head !== 'me' && head !== 'mbg') return null;
  if (b === undefined) return { kind: 'profile', base: head, key: a, layout: 'classic' };
  const detail = detailKinds[a];
  if (detail) return { kind: detail, base: head, key: b, layout: 'classic' };
  const list = listKinds[b];
  if (list) return { kind: list, base: head, key: a, layout: 'classic' };
  return { kind: 'post', base: head, key: b, layout: 'classic', segment: a };
}

function decodeSafe(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** Path of a card's pages, by short link. */
export function cardPaths(view: Pick<CardView, 'owner'>) {
  const base = view.owner.kind === 'group' ? '/mbg' : '/me';
  const link = encodeURIComponent(view.owner.urlMinify);
  return {
    profile: `${base}/${link}`,
    products: `${base}/${link}/products`,
    posts: `${base}/${link}/posts`,
    relics: `${base}/${link}/relics`,
    activities: `${base}/all-activity/${link}`,
    product: (id: string) => `${base}/products/${id}`,
    post: (id: string) => `${base}/posts/${id}`,
    activity: (id: string) => `${base}/detail-activity/${id}`,
    relic: (id: string) => `${base}/relics/${id}`,
  };
}
