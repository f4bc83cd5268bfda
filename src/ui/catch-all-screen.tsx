// The router's catch-all (decision 1060): a path the table of pages gives to the server (a
// wedding invitation, a bio page) is the server's to answer. Reached by a link inside the app,
// the browser loads it from the server (or the worker's copy); reached as this document, the
// worker had neither network nor copy, so it opens when the connection is back. Any other
// path is the 404 screen.
import { useEffect } from 'react';
import { useLocation } from '@tanstack/react-router';
import { pageRouteOf } from '../../contract/page-routes';
import { NotFoundScreen } from './not-found-screen';
import { OfflinePageScreen } from './offline-page-screen';
import { Spinner } from './spinner';

/** The path and status this document was loaded with. */
function documentLoad(): { pathname: string; status: number } {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const pathname = entry ? new URL(entry.name).pathname : window.location.pathname;
  // `responseStatus` is 0 where the browser does not give it.
  return {
    pathname,
    status: (entry as { responseStatus?: number } | undefined)?.responseStatus ?? 0,
  };
}

export function CatchAllScreen() {
  const pathname = useLocation({ select: (l) => l.pathname });
  const route = pageRouteOf(pathname);
  const serverPage = route?.servedBy === 'server' && !route.routerScreen;
  const loaded = documentLoad();
  const thisDocument = loaded.pathname === pathname;
  const leave = serverPage && !thisDocument;
  useEffect(() => {
    if (leave) window.location.assign(window.location.href);
  }, [leave]);
  if (leave) return <Spinner />;
  // The server answered this very path 404 (an unknown invitation): it does not exist.
  if (serverPage && loaded.status !== 404) return <OfflinePageScreen />;
  return <NotFoundScreen />;
}
