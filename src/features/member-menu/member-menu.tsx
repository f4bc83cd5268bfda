import { Suspense, lazy } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { hasLoginCookie } from '../../lib/cookies';
import './member-menu.css';

// The dropdown reads the device store (Dexie); visitors never download it.
const MemberDropdown = lazy(() =>
  import('./member-links').then((m) => ({ default: m.MemberDropdown })),
);

/** The logged-in member's way to every area; visitors get a login link instead. */
export function MemberMenu() {
  // Re-read the login cookie on every navigation (login and logout navigate).
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (hasLoginCookie()) {
    return (
      <Suspense fallback={null}>
        <MemberDropdown />
      </Suspense>
    );
  }
  if (pathname === '/' || pathname === '/login') return null;
  return (
    <Link to="/login" className="member-menu__login">
      <Trans>Đăng nhập</Trans>
    </Link>
  );
}
