/// <reference lib="webworker" />
// Any other navigation opens the precached shell, so the app starts offline. Registered after
// the feature modules: a route they register for a navigation (a server page, sw/page-cache.ts)
// wins. What is not a page at all (API, pictures) is left to the server, by the table of pages
// (contract/page-routes.ts, decision 1060).
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { patternOf } from '../contract/app-routes';
import { pageRoutes } from '../contract/page-routes';

/** Navigations the server must answer itself. */
export const navigationDenylist: RegExp[] = pageRoutes
  .filter((route) => route.servedBy === 'server-only')
  .map((route) => patternOf(route.path));

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: navigationDenylist }),
);
