/// <reference lib="webworker" />
// Any other navigation opens the precached shell, so the app starts offline. Registered after
// the feature modules: a route they register for a navigation (e.g. a card page) wins.
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** Navigations the server must answer itself (API, OAuth callbacks). */
// /bio/: the bio link page is server-rendered (decision 0940).
export const navigationDenylist: RegExp[] = [/^\/api(\/|$)/, /^\/passport(\/|$)/, /^\/bio\//];

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: navigationDenylist }),
);
