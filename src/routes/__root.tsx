import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, createRootRoute, useMatches, useRouterState } from '@tanstack/react-router';
import { AppHeader } from '../ui/app-header';
import { ErrorScreen } from '../ui/error-screen';
import { NotFoundScreen } from '../ui/not-found-screen';
import { ToastViewport } from '../ui/toast';
import { MemberMenu } from '../features/member-menu/member-menu';
import { hasLoginCookie } from '../lib/cookies';
import { ensureFullCatalog, needsFullCatalog } from '../i18n/i18n';

// The sync status (and with it Dexie and the sync engine) loads only on a device that has
// local data or a logged-in member: a first-time visitor's login screen stays light.
// Its texts are in the full catalog, which the login screen alone does not load.
const SyncStatusBar = lazy(() =>
  Promise.all([import('../features/sync-status/sync-status-bar'), ensureFullCatalog()]).then(
    ([m]) => ({ default: m.SyncStatusBar }),
  ),
);

// The phones' tab bar is a member's only (it reads the device store like the menu).
const MemberTabBar = lazy(() =>
  Promise.all([import('../features/member-menu/member-links'), ensureFullCatalog()]).then(
    ([m]) => ({ default: m.MemberTabBar }),
  ),
);

// Toasts of arriving notifications and the push address, for a logged-in member only.
const NotificationAgent = lazy(() =>
  import('../features/notifications/notification-agent').then((m) => ({
    default: m.NotificationAgent,
  })),
);

// The install offer, the app icon's badge and persistent storage, for a logged-in member only.
const HomeScreenAgent = lazy(() =>
  Promise.all([import('../features/home-screen/home-screen-agent'), ensureFullCatalog()]).then(
    ([m]) => ({ default: m.HomeScreenAgent }),
  ),
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
  // Every screen but a visitor's login shows texts of the full catalog: loaded before it renders.
  beforeLoad: ({ location }) =>
    needsFullCatalog(location.pathname) ? ensureFullCatalog() : undefined,
  component: RootLayout,
  errorComponent: ErrorScreen,
  notFoundComponent: NotFoundScreen,
});

function RootLayout() {
  // Re-read the login cookie on every navigation: login lands on an app screen without a reload.
  useRouterState({ select: (s) => s.location.pathname });
  // A route opts out of the app header with `staticData: { bareLayout: true }` (public cards).
  const bare = useMatches({ select: (matches) => matches.some((m) => m.staticData.bareLayout) });
  const hasLocalData = useDeviceHasLocalData();
  return (
    <>
      {!bare && <AppHeader menu={<MemberMenu />} />}
      {!bare && hasLoginCookie() && (
        <Suspense fallback={null}>
          <HomeScreenAgent />
        </Suspense>
      )}
      <Outlet />
      {hasLocalData && (
        <Suspense fallback={null}>
          <SyncStatusBar />
        </Suspense>
      )}
      {!bare && hasLoginCookie() && (
        <Suspense fallback={null}>
          <MemberTabBar />
        </Suspense>
      )}
      {hasLoginCookie() && (
        <Suspense fallback={null}>
          <NotificationAgent />
        </Suspense>
      )}
      <ToastViewport />
    </>
  );
}
