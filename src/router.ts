import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { NotFoundScreen } from './ui/not-found-screen';
import { ErrorScreen } from './ui/error-screen';
import { rememberRouteName } from './lib/cookies';
import { routeNameFor, shouldResetScroll } from './lib/navigation-rules';

// Decided before each load, read when the route has rendered (see shouldResetScroll).
let scrollHandlingAllowed = true;

export const router = createRouter({
  routeTree,
  // History mode, base '/' (spec §2).
  basepath: '/',
  defaultNotFoundComponent: NotFoundScreen,
  defaultErrorComponent: ErrorScreen,
  // Reset to top (and restore on back/forward) unless only the query changed on the same path.
  scrollRestoration: () => scrollHandlingAllowed,
  defaultPreload: 'intent',
});

router.subscribe('onBeforeLoad', ({ fromLocation, toLocation }) => {
  scrollHandlingAllowed = shouldResetScroll(fromLocation, toLocation);
});

router.subscribe('onResolved', () => {
  const leaf = router.state.matches.at(-1);
  if (leaf) rememberRouteName(routeNameFor(leaf.routeId, leaf.staticData.routeName));
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** The name remembered in the `routerName` cookie (spec §2); derived from the path if absent. */
    routeName?: string;
    /** true: the root layout leaves out the app header (public card pages). */
    bareLayout?: boolean;
  }
}
