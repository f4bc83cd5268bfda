import { Outlet, createRootRoute, useMatches } from '@tanstack/react-router';
import { AppHeader } from '../ui/app-header';
import { ErrorScreen } from '../ui/error-screen';
import { NotFoundScreen } from '../ui/not-found-screen';
import { ToastViewport } from '../ui/toast';
import { SyncStatusBar } from '../features/sync-status/sync-status-bar';
import { MemberMenu } from '../features/member-menu/member-menu';

export const Route = createRootRoute({
  component: RootLayout,
  errorComponent: ErrorScreen,
  notFoundComponent: NotFoundScreen,
});

function RootLayout() {
  // A route opts out of the app header with `staticData: { bareLayout: true }` (public cards).
  const bare = useMatches({ select: (matches) => matches.some((m) => m.staticData.bareLayout) });
  return (
    <>
      {!bare && <AppHeader menu={<MemberMenu />} />}
      <Outlet />
      <SyncStatusBar />
      <ToastViewport />
    </>
  );
}
