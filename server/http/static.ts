import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { isAppPath, normalizeAppPath } from '../../contract/app-routes';
import { appPageStatus } from '../ssr/cv-page-status';
import { cvVisitorPages } from '../ssr/cv-pages';
import type { AppDeps, AppEnv } from './env';
import { errorBody } from './errors';
import { appScreenPages } from '../ssr/app-screens';
import { cardPages } from '../ssr/card-pages';
import type { KeptPageLane } from './kept-page-lane';
import { inlineStylesheets } from '../ssr/page-parts';
import { weddingPageHandlers } from '../ssr/wedding-pages';
import { bioLinkPageHandlers } from '../routes/bio-links';
import { receiveGuestReply } from '../routes/wedding';
import { mountServerPages } from './server-pages';
import { bodyLimit } from 'hono/body-limit';

/** Hashed file names never change, so they are cached for a year; the rest revalidate. */
export function cacheControlFor(filePath: string): string {
  const name = filePath.replaceAll('\\', '/');
  if (/\/assets\/.+-[\w-]{8,}\.\w+$/.test(name)) return 'public, max-age=31536000, immutable';
  if (/(^|\/)(sw\.js|index\.html|manifest\.webmanifest|registerSW\.js)$/.test(name)) {
    return 'no-cache';
  }
  return 'public, max-age=3600';
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type BuildManifest = Record<string, ManifestChunk>;

/** A code-split route file's path, segment by segment: `action/brand.$id.tsx` → action, brand, $id. */
interface RoutePattern {
  segments: string[];
  chunk: ManifestChunk;
}

const routeSplitKey = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

/**
 * The route patterns of a build's code-split screens, as TanStack's file names spell them:
 * `register.tsx`, `action/index.tsx`, `action/setting.index.tsx`, `rg.$brand.tsx`. Pathless
 * (`_x`) segments and `index` add nothing to the path. Splat routes (`$`) are left out: the
 * catch-all would claim every unknown path, and the others are served as server pages.
 */
function routePatternsOf(manifest: BuildManifest): RoutePattern[] {
  const patterns: RoutePattern[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    const file = routeSplitKey.exec(key)?.[1];
    if (!file || file.startsWith('__')) continue;
    const names = file.split(/[/.]/).filter((name) => name !== 'index' && !name.startsWith('_'));
    if (names.some((name) => name === '$' || name.startsWith('-'))) continue;
    patterns.push({ segments: names, chunk });
  }
  return patterns;
}

/**
 * The code-split route of a path (routePatternsOf): every segment matches, a `$param` taking
 * any one plain segment; where several match, a named segment beats a parameter at the first
 * place they differ, as the router decides (`/friends/requests` before `/friends/$id`).
 */
function routeChunkOf(patterns: RoutePattern[], pathname: string): ManifestChunk | undefined {
  const segments = pathname.split('/').filter(Boolean);
  if (!segments.every((segment) => /^[\w-]+$/.test(segment))) return undefined;
  let best: RoutePattern | undefined;
  for (const pattern of patterns) {
    if (pattern.segments.length !== segments.length) continue;
    const matches = pattern.segments.every(
      (name, i) => name.startsWith('$') || name === segments[i],
    );
    if (matches && (!best || moreNamed(pattern, best))) best = pattern;
  }
  return best?.chunk;
}

function moreNamed(a: RoutePattern, b: RoutePattern): boolean {
  const i = a.segments.findIndex(
    (name, at) => name.startsWith('$') !== b.segments[at]!.startsWith('$'),
  );
  return i >= 0 && !a.segments[i]!.startsWith('$');
}

/**
 * `<link rel="modulepreload">` tags for the code-split route of a path (routeChunkOf) and the
 * chunks it imports, leaving out those index.html already loads. Without them the route's
 * chunks start only after the entry has run: a second round of downloads before the screen
 * shows (docs/decisions/0003). The home after login (`/action`, a page load of its own) waited
 * about 350 ms for its 30 chunks that way.
 */
export function routeChunkPreloads(
  manifest: BuildManifest,
  route: ManifestChunk | undefined,
  indexHtml: string,
): string {
  if (!route) return '';
  const files = new Set<string>();
  const visit = (chunk: ManifestChunk | undefined) => {
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const key of chunk.imports ?? []) visit(manifest[key]);
  };
  visit(route);
  return [...files]
    .filter((file) => !indexHtml.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
}

/** Serves the built client and answers app routes with index.html (404 status for unknown). */
export function mountClient(app: Hono<AppEnv>, deps: AppDeps, keptPages: KeptPageLane): void {
  const root = path.relative(process.cwd(), deps.config.clientDir) || '.';
  // The server-rendering bundle sits beside the client build; it is not a public file.
  app.all('/server/*', (c) => c.text('Not found', 404));
  app.all('/.vite/*', (c) => c.text('Not found', 404));
  const indexFile = path.join(deps.config.clientDir, 'index.html');
  let cachedIndex: string | undefined;
  const indexHtml = () => {
    if (cachedIndex !== undefined) return cachedIndex;
    if (!existsSync(indexFile)) return undefined;
    cachedIndex = readFileSync(indexFile, 'utf8');
    return cachedIndex;
  };
  // Server-rendered pages (cards, wedding, bio) before the files: no file lives under their
  // paths, and a crowd on one card should not cost a stat() per visit.
  const weddingPages = weddingPageHandlers(deps, { indexHtml, receiveReply: receiveGuestReply });
  // A guest's reply sent as a plain form (no script) comes back to the invitation's address.
  app.post(
    '/wedding/:id',
    bodyLimit({
      maxSize: deps.config.bodyLimitBytes,
      onError: (c) => c.json(errorBody(c, 'body_too_large'), 413),
    }),
    weddingPages.reply,
  );
  const cards = cardPages(deps, { indexHtml });
  keptPages.serveFrom(cards.keptAnswer);
  mountServerPages(app, {
    card: cards.handler,
    wedding: weddingPages.page,
    ...bioLinkPageHandlers(deps),
  });
  if (existsSync(deps.config.clientDir)) {
    // serveStatic calls onFound after it has built the response, so headers set on the
    // context there are lost: remember the file and set them on the response itself.
    const foundFiles = new WeakMap<Request, string>();
    const serveFile = serveStatic<AppEnv>({
      root,
      // The build's Brotli and gzip copies (scripts/precompress-client.mjs, decision 1141), sent
      // as they are; a file without one is compressed per answer as before.
      precompressed: true,
      onFound: (filePath, c) => {
        foundFiles.set(c.req.raw, filePath);
      },
    });
    const serveWithHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
      // `/` is the login screen, answered as an app page below, not the bare index.html file.
      if (c.req.path === '/') return next();
      const res = await serveFile(c, next);
      const found = foundFiles.get(c.req.raw);
      if (res && found) {
        // A compressed copy answers for its original, whose headers these are.
        const filePath = res.headers.get('Content-Encoding')
          ? found.replace(/\.(?:br|gz|zst)$/, '')
          : found;
        res.headers.set('Cache-Control', cacheControlFor(filePath));
        if (filePath.endsWith('sw.js')) res.headers.set('Service-Worker-Allowed', '/');
      }
      return res;
    };
    app.use('*', serveWithHeaders);
  }
  const manifestFile = path.join(deps.config.clientDir, '.vite', 'manifest.json');
  let manifest: BuildManifest | undefined;
  let routePatterns: RoutePattern[] | undefined;
  // By route chunk, not by path: paths with parameters are unbounded.
  const pagesByRoute = new Map<string, string>();
  let inlinedIndex: string | undefined;
  /**
   * index.html with its few KB of CSS inlined (one round trip less before the first paint, as
   * for card pages) and the preloads of the path's route chunks.
   */
  const appPage = (pathname: string, index: string) => {
    manifest ??= existsSync(manifestFile)
      ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest)
      : {};
    routePatterns ??= routePatternsOf(manifest);
    const route = routeChunkOf(routePatterns, pathname);
    const known = pagesByRoute.get(route?.file ?? '');
    if (known !== undefined) return known;
    inlinedIndex ??= inlineStylesheets(index, deps.config.clientDir);
    const html = inlinedIndex;
    const preloads = routeChunkPreloads(manifest, route, html);
    const page = preloads ? html.replace('</head>', () => `    ${preloads}\n  </head>`) : html;
    pagesByRoute.set(route?.file ?? '', page);
    return page;
  };
  const screens = appScreenPages(deps);
  const cvPages = cvVisitorPages(deps);
  app.get('*', async (c) => {
    const cookie = c.req.header('cookie') ?? '';
    if (cvPages.rendersOn(c.req.path)) {
      c.header('Vary', 'Cookie');
      const cv = await cvPages.page(c.req.path, cookie);
      if (cv !== undefined) {
        c.header('Cache-Control', 'no-cache');
        return c.html(cv, 200);
      }
    }
    const index = indexHtml();
    const pathname = normalizeAppPath(c.req.path);
    const page = index === undefined ? undefined : appPage(c.req.path, index);
    const html = page === undefined ? undefined : await screens.page(page, pathname, cookie);
    if (screens.rendersOn(pathname)) c.header('Vary', 'Cookie');
    if (html === undefined) {
      return c.text(
        'The client is not built: run `npm run build` (npm start does it for you).',
        503,
      );
    }
    c.header('Cache-Control', 'no-cache');
    const status = isAppPath(c.req.path) ? await appPageStatus(deps.database.db, pathname) : 404;
    return c.html(html, status);
  });
}
