// Pure rules of the router behaviour of spec §2 (kept apart from the router to be testable).

interface PathOnly {
  pathname: string;
}

/**
 * Spec §2: scrolling resets to top on navigation, except when only the query changes on the
 * same path. The first load (no previous location) lets the browser/router restore.
 */
export function shouldResetScroll(from: PathOnly | undefined, to: PathOnly): boolean {
  if (!from) return true;
  return from.pathname !== to.pathname;
}

/**
 * The name remembered in the `routerName` cookie: the route's own `staticData.routeName`, else
 * the last static segment of its id in camelCase ('/action/createPoint' → 'createPoint',
 * '/me/$id' → 'me', '/change-password' → 'changePassword', '/' → 'home').
 */
export function routeNameFor(routeId: string, declaredName?: string): string {
  if (declaredName) return declaredName;
  const segments = routeId
    .split('/')
    .filter(
      (s) => s && !s.startsWith('$') && !s.startsWith('_') && !/^\(.*\)$/.test(s) && s !== '-',
    );
  const last = segments.at(-1);
  if (!last) return routeId === '/$' ? 'notFound' : 'home';
  return last.replace(/-([a-z0-9])/gi, (_, ch: string) => ch.toUpperCase());
}
