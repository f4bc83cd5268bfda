import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { isAppPath } from '../../contract/app-routes';
import type { AppDeps, AppEnv } from './env';
import { mountCardPages } from '../ssr/card-pages';

/** Hashed file names never change, so they are cached for a year; the rest revalidate. */
export function cacheControlFor(filePath: string): string {
  const name = filePath.replaceAll('\\', '/');
  if (/\/assets\/.+-[\w-]{8,}\.\w+$/.test(name)) return 'public, max-age=31536000, immutable';
  if (/(^|\/)(sw\.js|index\.html|manifest\.webmanifest|registerSW\.js)$/.test(name)) {
    return 'no-cache';
  }
  return 'public, max-age=3600';
}

/** Serves the built client and answers app routes with index.html (404 status for unknown). */
export function mountClient(app: Hono<AppEnv>, deps: AppDeps): void {
  const root = path.relative(process.cwd(), deps.config.clientDir) || '.';
  // The server-rendering bundle sits beside the client build; it is not a public file.
  app.all('/server/*', (c) => c.text('Not found', 404));
  if (existsSync(deps.config.clientDir)) {
    // serveStatic calls onFound after it has built the response, so headers set on the
    // context there are lost: remember the file and set them on the response itself.
    const foundFiles = new WeakMap<Request, string>();
    const serveFile = serveStatic<AppEnv>({
      root,
      onFound: (filePath, c) => {
        foundFiles.set(c.req.raw, filePath);
      },
    });
    const serveWithHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
      const res = await serveFile(c, next);
      const filePath = foundFiles.get(c.req.raw);
      if (res && filePath) {
        res.headers.set('Cache-Control', cacheControlFor(filePath));
        if (filePath.endsWith('sw.js')) res.headers.set('Service-Worker-Allowed', '/');
      }
      return res;
    };
    app.use('*', serveWithHeaders);
  }
  const indexFile = path.join(deps.config.clientDir, 'index.html');
  let cachedIndex: string | undefined;
  const indexHtml = () => {
    if (cachedIndex !== undefined) return cachedIndex;
    if (!existsSync(indexFile)) return undefined;
    cachedIndex = readFileSync(indexFile, 'utf8');
    return cachedIndex;
  };
  // Public card pages: share metadata and the server-rendered card.
  mountCardPages(app, deps, { indexHtml });
  app.get('*', (c) => {
    const html = indexHtml();
    if (html === undefined) {
      return c.text(
        'The client is not built: run `npm run build` (npm start does it for you).',
        503,
      );
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(html, isAppPath(c.req.path) ? 200 : 404);
  });
}
