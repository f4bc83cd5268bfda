import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, createRootRoute, useMatches } from '@tanstack/react-router';
import { AppHeader } from '../ui/app-header';
import { ErrorScreen } from '../ui/error-screen';
import { NotFoundScreen } from '../ui/not-found-screen';
import { ToastViewport } from '../ui/toast';
import { MemberMenu } from '../features/member-menu/member-menu';
import { hasLoginCookie } from '../lib/cookies';

// The sync status (and with it Dexie and the sync engine) loads only on a device that has
// local data or a logged-in member: a first-time visitor's login screen stays light.
const SyncStatusBar = lazy(() =>
  import('../features/sync-status/sync-status-bar').then((m) => ({ default: m.SyncStatusBar })),
);

function useDeviceHasLocalData(): boolean {
  const loggedIn = hasLoginCookie();
  const [hasDatabase, setHasDatabase] = useState(false);
  useEffect(() => {
    if (loggedIn || hasDatabase) return;
    // A device with the database may hold changes waiting for a login (session expired).
    indexedDB
      .databases?.()
      .then((dbs) => setHasDatabase(dbs.some((db) => db.name === 'mecards')))
      .catch(() => setHasDatabase(true));
  }, [loggedIn, hasDatabase]);
  return loggedIn || hasDatabase;
}

export const Route = createRootRoute({
  component: RootLayout,
  errorComponent: ErrorScreen,
  notFoundComponent: NotFoundScreen,
});

function RootLayout() {
  // A route opts out of the app header with `staticData: { bareLayout: true }` (public cards).
  const bare = useMatches({ select: (matches) => matches.some((m) => m.staticData.bareLayout) });
  const hasLocalData = useDeviceHasLocalData();
  return (
    <>
      {!bare && <AppHeader menu={<MemberMenu />} />}
      <Outlet />
      {hasLocalData && (
        <Suspense fallback={null}>
          <SyncStatusBar />
        </Suspense>
      )}
      <ToastViewport />
    </>
  );
}
