// Public pages (/me, /mbg, /new-me, /new-mbg, /blog, /mrd, /fme, /smc): share metadata in the
// HTML for every page, and the card itself server-rendered when the SSR bundle is built.
import type { Context, Handler } from 'hono';
import type { CardKind, CardMeta } from '../../contract/card';
import { cookieLocale, cookieNames } from '../../contract/cookie-names';
import {
  cardLanguageParam,
  cardPaths,
  parseCardPath,
  type CardPageData,
  type CardRoute,
} from '../../contract/card-paths';
import type { AppDeps, AppEnv } from '../http/env';
import { cardItemTables, loadCardView, loadItem, type CardReadDatabase } from '../domain/cards';
import { qrSvg } from './qr-svg';
import { pageTemplate, ssrExport } from './page-parts';
import { bannerSizes, bannerSrcSet } from '../../contract/image';
import type { QrSvg } from '../../contract/qr-svg';
import { cardFacts, cardQrTexts } from '../../contract/card-facts';
import { cardIslandDataId, type CardIslandData } from '../../contract/card-island';
import { currentLinkFor } from '../card-links';
import { defaultMeta, errorMeta, escapeHtml, itemMeta, metaTags, ownerMeta } from './meta';
import { titleSuffix } from '../../contract/share-text';
import { verifyAccessToken } from '../auth/access-token';
import { sessionStands } from '../auth/sessions';
import {
  chooseEncoding,
  etagMatches,
  preparePage,
  RenderedPageCache,
  type PageAnswer,
  type PageCacheLimits,
  type RenderedPage,
} from './page-cache';

type Renderer = (data: CardPageData, locale: 'vi' | 'en') => string;

/** A bare page for when no client is built (tests, API-only deployments). */
const fallbackTemplate = `<!doctype html>
<html lang="vi">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <!--app-head-->
  </head>
  <body>
    <div id="app"><!--app-html--></div>
    <!--app-data-->
  </body>
</html>`;

export class PageNotFound extends Error {}

/** Pages named by the owner's link (not by an item's id): the ones an old link can move. */
const ownerKeyedKinds: ReadonlySet<CardRoute['kind']> = new Set([
  'profile',
  'products',
  'posts',
  'relics',
  'activities',
]);

function safeDecode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** Loads what a card page shows, as an anonymous visitor sees it. */
export async function loadCardPage(
  db: CardReadDatabase,
  route: CardRoute,
  origin: string,
  pathname: string,
  viewerId?: string,
  now: Date = new Date(),
): Promise<CardPageData> {
  let ownerKind: CardKind;
  let ownerKey: string;
  if (
    route.kind === 'product' ||
    route.kind === 'post' ||
    route.kind === 'activity' ||
    route.kind === 'relic'
  ) {
    const table =
      route.kind === 'product'
        ? cardItemTables.product
        : route.kind === 'post'
          ? cardItemTables.post
          : route.kind === 'activity'
            ? cardItemTables.activity
            : cardItemTables.relic;
    const item = await loadItem(db, table, route.key, viewerId);
    if (!item) throw new PageNotFound();
    const owner = item as { memberId: string | null; groupId: string | null };
    ownerKind = owner.groupId ? 'group' : 'member';
    ownerKey = owner.groupId ?? owner.memberId ?? '';
  } else {
    ownerKind = route.base === 'mbg' ? 'group' : 'member';
    ownerKey = route.key;
  }
  let view = await loadCardView(db, ownerKind, ownerKey, viewerId, now);
  if (!view && route.base === 'any' && route.kind === 'profile') {
    view = await loadCardView(db, 'group', ownerKey, viewerId, now);
  }
  if (!view) throw new PageNotFound();
  const data: CardPageData = {
    route,
    view,
    cardUrl: `${origin}${cardPaths(view).profile}`,
    pageUrl: `${origin}${pathname}`,
  };
  // The profile's QR codes (the card's link, VietQR of its accounts) are drawn here: in the
  // first paint, with no encoder in the browser (decision 0403).
  if (route.kind === 'profile') data.qrs = drawnQrs(cardQrTexts(cardFacts(data)));
  return data;
}

function drawnQrs(texts: string[]): Record<string, QrSvg> {
  const drawn: Record<string, QrSvg> = {};
  for (const text of texts) {
    try {
      drawn[text] ??= qrSvg(text);
    } catch {
      // Too long for a QR code: the page paints it in the browser or not at all, as before.
    }
  }
  return drawn;
}

/** The few facts the visitor page's island script needs (contract/card-island.ts). */
export function islandData(data: CardPageData): CardIslandData {
  const { kind, id, urlMinify, name } = data.view.owner;
  return {
    owner: { kind, id, urlMinify, name },
    route: data.route,
    cardUrl: data.cardUrl,
    pageUrl: data.pageUrl,
  };
}

/** The share metadata of a loaded page (spec §2 behaviours). */
export function pageMeta(data: CardPageData, origin: string, pathname: string): CardMeta {
  const { view, route } = data;
  const find = <T extends { id: string }>(list: T[]) => list.find((x) => x.id === route.key);
  switch (route.kind) {
    case 'product': {
      const p = find(view.products);
      if (p)
        return itemMeta(p.title, p.content, p.images[0] ?? view.owner.avatarUrl, origin, pathname);
      break;
    }
    case 'post': {
      const p = find(view.posts);
      if (p)
        return itemMeta(p.title, p.content, p.imageUrl ?? view.owner.avatarUrl, origin, pathname);
      break;
    }
    case 'activity': {
      const a = find(view.activities);
      if (a)
        return itemMeta(
          a.displayName,
          a.content ?? view.owner.intro,
          view.owner.avatarUrl,
          origin,
          pathname,
        );
      break;
    }
    case 'relic': {
      const r = find(view.relics);
      if (r)
        return itemMeta(r.title, r.content, r.images[0] ?? view.owner.avatarUrl, origin, pathname);
      break;
    }
    case 'products':
      return {
        ...ownerMeta(view.owner, origin, pathname),
        title: `Phòng trưng bày${titleSuffix}`,
      };
    default:
      break;
  }
  return ownerMeta(view.owner, origin, pathname);
}

/** The language a server-drawn page is in; the bio page (routes/bio-links.ts) uses it too. */
export function localeOf(c: Context): 'vi' | 'en' {
  // The same rule as the browser (src/i18n savedLocale): the lang cookie, else Vietnamese,
  // so the hydrated page renders the very same text.
  return cookieLocale(c.req.header('cookie') ?? '') ?? 'vi';
}

/**
 * Anonymous pages: a CDN or reverse proxy may keep them briefly and revalidate (the ETag makes
 * that a 304); browsers always revalidate. How long an edit may take to show through a shared
 * cache is s-maxage; the origin itself always answers the current version (decision 0402).
 * No stale-while-revalidate here: a browser honours it too (a service worker's fetch does), and
 * the visitor would see the card as it was before the owner's edit.
 */
export const anonymousPageCacheControl = 'public, max-age=0, s-maxage=10';
/** A CDN (RFC 9213) may also serve a stale copy for a minute while it revalidates. */
export const anonymousPageCdnCacheControl = 'public, max-age=10, stale-while-revalidate=60';
/** What changes the answer: language and login (cookies), a bearer token, the encoding. */
export const varyHeader = 'Accept-Encoding, Cookie, Authorization';

const anonymousPageCacheLimits: PageCacheLimits = {
  maxBytes: 48 * 1024 * 1024,
  maxAgeMs: 60 * 1000,
};
/** Written by the triggers of migration 0401 with the id of the card that changed. */
const cardChangeChannel = 'card_changed';

/**
 * The tables whose writes drop a rendered card page. The dropping is done by SQL triggers, not
 * by the code that writes: after commit they notify `cardChangeChannel` (migrations 0401, 0630,
 * 0671). A new table a card shows needs a trigger and a place here; a test compares this list
 * with the database's triggers.
 */
export const cardPageSourceTables = [
  'account_links',
  'activities',
  'groups',
  'members',
  'posters',
  'posts',
  'products',
  'relics',
  'theme_styles',
] as const;

const loggedInCookie = new RegExp(
  `(?:^|;\\s*)(?:${cookieNames.isLoggedIn}=true|${cookieNames.memberId}=[^;\\s])`,
);

/** A request of a logged-in member: a bearer token or the app's session cookies. */
function isPersonalRequest(c: Context): boolean {
  if (c.req.header('authorization')) return true;
  return loggedInCookie.test(c.req.header('cookie') ?? '');
}

/**
 * The member of a valid bearer token (API clients; a browser's navigation carries none, its
 * token lives in IndexedDB). A bad or expired token renders the visitor's page, not a 401.
 */
async function bearerMemberId(c: Context, deps: AppDeps): Promise<string | undefined> {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (!match?.[1]) return undefined;
  const now = deps.now();
  const result = await verifyAccessToken(deps.config.authSecret, match[1], now.getTime());
  if (!result.ok) return undefined;
  // A token whose session has ended (logout, password change) sees what a visitor sees.
  return (await sessionStands(deps.database.db, result.claims, now))
    ? result.claims.memberId
    : undefined;
}

/** A stored page in the encoding the client takes, or a 304 when it already holds this one. */
function pageAnswer(
  page: RenderedPage,
  request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
): PageAnswer {
  const headers: Record<string, string> = {
    Vary: varyHeader,
    'Cache-Control': page.status === 200 ? anonymousPageCacheControl : 'no-cache',
  };
  if (page.status === 200) {
    headers['CDN-Cache-Control'] = anonymousPageCdnCacheControl;
    headers.ETag = page.etag;
    if (etagMatches(request.ifNoneMatch, page.etag)) return { status: 304, body: null, headers };
  }
  const encoding = chooseEncoding(request.acceptEncoding);
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  const body = page.bodies[encoding];
  headers['Content-Type'] = 'text/html; charset=UTF-8';
  headers['Content-Length'] = String(body.byteLength);
  return { status: page.status, body, headers };
}

function conditionsOf(c: Context): {
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
} {
  return {
    ifNoneMatch: c.req.header('if-none-match'),
    acceptEncoding: c.req.header('accept-encoding'),
  };
}

function sendPage(c: Context, page: RenderedPage): Response {
  const answer = pageAnswer(page, conditionsOf(c));
  for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
  return answer.status === 304 ? c.body(null, 304) : c.body(answer.body, answer.status);
}

/** Puts metadata, rendered markup and data into a page template. */
export function fillTemplate(
  template: string,
  parts: {
    meta: CardMeta;
    html?: string;
    data?: CardPageData;
    /** The visitor page's island data, in place of the whole card. */
    island?: CardIslandData;
    locale: 'vi' | 'en';
    themeColor?: string;
    /** Pictures of the first screen, fetched before the scripts take the connections. */
    preloadImages?: { href: string; srcset?: string | undefined; sizes?: string }[];
  },
): string {
  let head = metaTags(parts.meta);
  for (const [i, image] of (parts.preloadImages ?? []).entries()) {
    const priority = i === 0 ? ' fetchpriority="high"' : '';
    // The same choice of size as the <img> makes, or the phone would fetch both.
    const sizes = image.srcset
      ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes ?? '')}"`
      : '';
    head += `\n    <link rel="preload" as="image" href="${escapeHtml(image.href)}"${sizes}${priority} />`;
  }
  if (parts.themeColor)
    head += `\n    <meta name="theme-color" content="${escapeHtml(parts.themeColor)}" />`;
  let page = template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  if (parts.themeColor) page = page.replace(/<meta\s+name="theme-color"[^>]*>\s*/i, '');
  page = page.replace(/<html lang="[^"]*"/i, `<html lang="${parts.locale}"`);
  page = page.includes('<!--app-head-->')
    ? page.replace('<!--app-head-->', () => head)
    : page.replace('</head>', () => `${head}\n</head>`);
  page = page.replace('<!--app-html-->', () => parts.html ?? '');
  const dataScript = parts.data
    ? jsonScript('card-data', parts.data)
    : parts.island
      ? jsonScript(cardIslandDataId, parts.island)
      : '';
  return page.includes('<!--app-data-->')
    ? page.replace('<!--app-data-->', () => dataScript)
    : page.replace('</body>', () => `${dataScript}\n</body>`);
}

/** The banner (in the size the screen takes) and the avatar: the profile's largest paints. */
function firstScreenImages(owner: CardPageData['view']['owner']) {
  const images: { href: string; srcset?: string | undefined; sizes?: string }[] = [];
  if (owner.bannerUrl) {
    const srcset = bannerSrcSet(owner.bannerUrl);
    images.push({ href: owner.bannerUrl, srcset, sizes: bannerSizes });
  }
  if (owner.avatarUrl) images.push({ href: owner.avatarUrl });
  return images;
}

/** Data for a page's script, CSP-safe (not executed) and unable to end its own tag. */
function jsonScript(id: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script id="${id}" type="application/json">${json}</script>`;
}

export interface CardPageDeps {
  /** The client's index.html (the full app), if built. */
  indexHtml: () => string | undefined;
}

/**
 * The card's language switch with no script (`?lang=en`): the choice goes into the cookie the
 * pages are rendered by (a year, as the app writes it) and the page comes back without the
 * parameter, so the page cache keeps one copy per language. An unknown value changes nothing.
 */
export function chooseLanguage(c: Context<AppEnv>, chosen: string): Response {
  const url = new URL(c.req.url);
  url.searchParams.delete(cardLanguageParam);
  c.header('Cache-Control', 'no-store');
  if (chosen === 'vi' || chosen === 'en') {
    c.header(
      'Set-Cookie',
      `${cookieNames.lang}=${chosen}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax`,
    );
  }
  return c.redirect(`${url.pathname}${url.search}`, 303);
}

export interface CardPages {
  /** The handler of every card page path (mounted from contract/page-routes.ts). */
  handler: Handler<AppEnv>;
  /**
   * An anonymous visitor's request the kept pages answer as they are, or undefined (the
   * handler then decides): read before any middleware runs (server/http/kept-page-lane.ts).
   */
  keptAnswer: (c: Context<AppEnv>) => PageAnswer | undefined;
}

export function cardPages(deps: AppDeps, pageDeps: CardPageDeps): CardPages {
  const origin = deps.config.publicOrigin;
  const readCardTemplate = pageTemplate(deps, 'card.html');
  // The anonymous visitor's page: the same markup with the island script instead of the app's
  // card entry (decision 0403). Without it (an older build) visitors get card.html as before.
  const readVisitorTemplate = pageTemplate(deps, 'card-visitor.html');
  const loadRenderer = ssrExport<Renderer>(deps, 'renderCardPage');

  /** The page as HTML, for an anonymous visitor or (viewerId) a logged-in member. */
  const renderCard = async (
    c: Context<AppEnv>,
    route: CardRoute,
    locale: 'vi' | 'en',
    viewerId: string | undefined,
    /** An anonymous visitor: plain HTML and the island; a member keeps the app's card. */
    forVisitor: boolean,
  ): Promise<{ status: 200 | 404 | 500; html: string; ownerId?: string }> => {
    const appTemplate = pageDeps.indexHtml() ?? fallbackTemplate;
    let data: CardPageData;
    try {
      data = await loadCardPage(deps.database.db, route, origin, c.req.path, viewerId, deps.now());
    } catch (error) {
      if (error instanceof PageNotFound) {
        const meta = defaultMeta(origin, c.req.path);
        return { status: 404, html: fillTemplate(appTemplate, { meta, locale }) };
      }
      deps.logger.error('card page failed', {
        requestId: c.get('requestId'),
        error: String(error),
      });
      const meta = errorMeta(origin, c.req.path);
      return { status: 500, html: fillTemplate(appTemplate, { meta, locale }) };
    }
    const meta = pageMeta(data, origin, c.req.path);
    const cardTemplateHtml = readCardTemplate();
    const render = cardTemplateHtml ? await loadRenderer() : undefined;
    // Plain HTML with the island only when the server can render the card: a visitor page
    // without markup would have no script to draw it.
    const visitorHtml = forVisitor && render ? readVisitorTemplate() : undefined;
    let html = '';
    let complete = true;
    if (render) {
      try {
        html = render(data, locale);
      } catch (error) {
        // The client renders it instead; the metadata is already right. Not kept in the cache.
        complete = false;
        deps.logger.error('card render failed', {
          requestId: c.get('requestId'),
          error: String(error),
        });
      }
    }
    const template = (complete ? visitorHtml : undefined) ?? cardTemplateHtml ?? appTemplate;
    const asVisitor = template === visitorHtml;
    const page = fillTemplate(template, {
      meta,
      html,
      data: cardTemplateHtml && !asVisitor ? data : undefined,
      island: asVisitor ? islandData(data) : undefined,
      locale,
      themeColor: data.view.theme.value.menu,
      preloadImages: data.route.kind === 'profile' ? firstScreenImages(data.view.owner) : [],
    });
    // Only a whole page is kept, under the card whose change drops it.
    return { status: 200, html: page, ownerId: complete ? data.view.owner.id : undefined };
  };

  const pageCache = new RenderedPageCache(anonymousPageCacheLimits);
  // Until LISTEN is in place (and whenever it is lost) every visit is rendered.
  deps.database
    .listen(cardChangeChannel, {
      onMessage: (ownerId) => pageCache.changed(ownerId),
      onListening: (listening) => pageCache.setListening(listening),
    })
    .catch((error: unknown) => {
      deps.logger.warn('card pages render every visit: no change messages', {
        error: String(error),
      });
    });

  /**
   * A card page under a short link its card has since replaced: a permanent redirect to the
   * same page under the current link (printed QR codes keep working), else undefined.
   */
  const movedCardPath = async (
    c: Context<AppEnv>,
    route: CardRoute,
  ): Promise<Response | undefined> => {
    if (!ownerKeyedKinds.has(route.kind)) return undefined;
    const kind = route.base === 'me' ? 'member' : route.base === 'mbg' ? 'group' : 'any';
    const current = await currentLinkFor(deps.database.db, route.key, kind);
    if (!current) return undefined;
    const segments = c.req.path.split('/');
    const at = segments.findLastIndex((part) => safeDecode(part) === route.key);
    if (at < 0) return undefined;
    segments[at] = encodeURIComponent(current.urlMinify);
    const query = new URL(c.req.url).search;
    // Not kept: the owner may take the old link back one day.
    c.header('Cache-Control', 'no-cache');
    return c.redirect(`${segments.join('/')}${query}`, 301);
  };

  const handler = async (c: Context<AppEnv>) => {
    const chosen = c.req.query(cardLanguageParam);
    if (chosen !== undefined) return chooseLanguage(c, chosen);
    const route = parseCardPath(c.req.path);
    const locale = localeOf(c);
    // The app's card screen sends a path the card parser rejects to its 404 screen too.
    if (!route) {
      c.header('Cache-Control', 'no-cache');
      c.header('Vary', 'Cookie');
      const appTemplate = pageDeps.indexHtml() ?? fallbackTemplate;
      return c.html(
        fillTemplate(appTemplate, { meta: defaultMeta(origin, c.req.path), locale }),
        404,
      );
    }
    if (isPersonalRequest(c)) {
      // A logged-in member's page may hold friend-only items: never shared, never cached.
      const viewerId = await bearerMemberId(c, deps);
      const { status, html } = await renderCard(c, route, locale, viewerId, false);
      if (status === 404) {
        const moved = await movedCardPath(c, route);
        if (moved) return moved;
      }
      c.header('Cache-Control', 'private, no-cache');
      c.header('Vary', varyHeader);
      return c.html(html, status);
    }
    const page = await pageCache.page(`${locale} ${c.req.path}`, Date.now(), async () => {
      const { status, html, ownerId } = await renderCard(c, route, locale, undefined, true);
      const prepared = await preparePage(html, status, Date.now());
      return { page: prepared, ownerId };
    });
    // Not-found pages are never kept, so a link replaced since is looked up on each visit.
    if (page.status === 404) {
      const moved = await movedCardPath(c, route);
      if (moved) return moved;
    }
    return sendPage(c, page);
  };

  const keptAnswer = (c: Context<AppEnv>): PageAnswer | undefined => {
    // The handler's own order of decisions, up to a kept page (nothing is rendered here).
    if (c.req.method !== 'GET' || c.req.query(cardLanguageParam) !== undefined) return undefined;
    if (!parseCardPath(c.req.path) || isPersonalRequest(c)) return undefined;
    const page = pageCache.kept(`${localeOf(c)} ${c.req.path}`, Date.now());
    return page ? pageAnswer(page, conditionsOf(c)) : undefined;
  };

  return { handler, keptAnswer };
}
