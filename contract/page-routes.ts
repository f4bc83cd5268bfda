// Every path a browser opens as a page, declared once: who makes its HTML (the server for each
// request, or the app shell and the router), whether the router has a screen for it too, and
// what the service worker does with it offline (decision 1060). The server mounts its pages
// from this table (server/http/server-pages.ts), the worker routes navigations by it
// (sw/page-cache.ts, sw/navigation-fallback.ts) and the router's catch-all sends a server page
// to the server instead of showing 404 (src/ui/server-page-screen.tsx). A page added here
// without a server renderer fails the type check; e2e/page-routes.spec.ts walks the table with
// the worker installed.
import { appScreenPaths, normalizeAppPath, patternOf } from './app-routes';
import { cardPagePrefixes } from './card-prefixes';

/** The server's page renderers: each names one handler the server must provide. */
export type ServerPageRenderer = 'card' | 'wedding' | 'bio' | 'bioRedirect';

export type PageRoute =
  | {
      /** HTML made by the server for each request (share metadata, data inside). */
      servedBy: 'server';
      path: string;
      renderer: ServerPageRenderer;
      /** The router has a screen for this path too (inside the app it opens without a reload). */
      routerScreen: boolean;
      /**
       * cached-copy: network first, the last copy when offline (kept from the first visit);
       * network: never kept (a counting redirect). Offline with no copy, the app's offline
       * screen answers, never a 404.
       */
      offline: 'cached-copy' | 'network';
      /** Public reads of the page's data (no login), kept for offline with the page. */
      reads?: RegExp;
    }
  | {
      /** The precached app shell; the router draws the screen. */
      servedBy: 'app';
      path: string;
      reads?: RegExp;
    }
  | {
      /** Not a page (API, pictures): the worker never answers a navigation to it. */
      servedBy: 'server-only';
      path: string;
    };

/** What a card page reads when the app (not the server) draws it. */
const cardReads =
  /^\/api\/(members\/(getMemberId|getMemberIdView|getInfoMemberAndGroupByLink|blog|getBlogByMemberId)\/|groupAndBrand\/(getGDUById|getGDByById)\/|brandBlog\/getByBrandId\/|brandActivity\/getBrandActivity|productMember\/(getProductList|getProductByBranch|getProductById)\/|relics\/|brandRelics\/)/;

const cardPagePaths = new Set<string>(cardPagePrefixes.map((prefix) => `/${prefix}/$`));

/** Reads of app screens a visitor opens without logging in, kept for offline. */
const appScreenReads: Partial<Record<(typeof appScreenPaths)[number], RegExp>> = {
  '/cv/$memberId': /^\/api\/cv\/getCvByMemberId\//,
  '/rg/$brand': /^\/api\/rg\/form\//,
};

export const pageRoutes: readonly PageRoute[] = [
  { servedBy: 'server-only', path: '/api/$' },
  { servedBy: 'server-only', path: '/img/$' },
  ...cardPagePrefixes.map((prefix): PageRoute => ({
    servedBy: 'server',
    path: `/${prefix}/$`,
    renderer: 'card',
    routerScreen: true,
    offline: 'cached-copy',
    reads: cardReads,
  })),
  {
    servedBy: 'server',
    path: '/wedding/$id',
    renderer: 'wedding',
    routerScreen: false,
    offline: 'cached-copy',
  },
  {
    servedBy: 'server',
    path: '/bio/$key',
    renderer: 'bio',
    routerScreen: false,
    offline: 'cached-copy',
  },
  {
    servedBy: 'server',
    path: '/bio/$key/go/$id',
    renderer: 'bioRedirect',
    routerScreen: false,
    offline: 'network',
  },
  ...appScreenPaths
    .filter((path) => !cardPagePaths.has(path))
    .map((path): PageRoute => ({ servedBy: 'app', path, reads: appScreenReads[path] })),
];

export type ServerPageRoute = Extract<PageRoute, { servedBy: 'server' }>;

const compiled = pageRoutes.map((route) => ({ route, pattern: patternOf(route.path) }));

/** The route a path belongs to, or undefined (the app's 404 screen). */
export function pageRouteOf(pathname: string): PageRoute | undefined {
  const path = normalizeAppPath(pathname);
  // `$` alone matches any rest, so `/bio/x/go/y` is tried against every pattern and the most
  // specific (the longest declared path) wins.
  let best: PageRoute | undefined;
  for (const { route, pattern } of compiled) {
    if (pattern.test(path) && (!best || route.path.length > best.path.length)) best = route;
  }
  return best;
}

/** Whether `url` is a public read of a page's data (what the worker keeps for offline). */
export function isPageRead(pathname: string): boolean {
  return pageRoutes.some(
    (route) => route.servedBy !== 'server-only' && route.reads?.test(pathname),
  );
}

/** The route path as a Hono path: `$name` → `:name{[^/]+}`, a trailing `$` → `*`. */
export function honoPathOf(routePath: string): string {
  return routePath
    .split('/')
    .map((segment) => {
      if (segment === '$') return '*';
      if (segment.startsWith('$')) return `:${segment.slice(1)}{[^/]+}`;
      return segment;
    })
    .join('/');
}
