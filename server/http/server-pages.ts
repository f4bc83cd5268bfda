// The pages the server renders, mounted from the one table of pages (contract/page-routes.ts,
// decision 1060): a page declared there needs a renderer here or the type check fails, and a
// renderer is reachable only at the paths the table gives it — the same paths the service
// worker leaves to the server and caches.
import type { Handler, Hono } from 'hono';
import { honoPathOf, pageRoutes, type ServerPageRenderer } from '../../contract/page-routes';
import type { AppEnv } from './env';

export type ServerPageHandlers = Record<ServerPageRenderer, Handler<AppEnv>>;

export function mountServerPages(app: Hono<AppEnv>, handlers: ServerPageHandlers): void {
  for (const route of pageRoutes) {
    if (route.servedBy === 'server') app.get(honoPathOf(route.path), handlers[route.renderer]);
  }
}
