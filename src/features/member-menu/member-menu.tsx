import { Suspense, lazy } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { ensureFullCatalog } from '../../i18n/i18n';
import { hasLoginCookie } from '../../lib/cookies';
import './member-menu.css';

// The dropdown reads the device store (Dexie); visitors never download it.
// Its texts are in the full catalog, which the login screen alone does not load.
const MemberDropdown = lazy(() =>
  Promise.all([import('./member-links'), ensureFullCatalog()]).then(([m]) => ({
    default: m.MemberDropdown,
  })),
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
