import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { LanguageSwitch } from './language-switch';
import { OfflineIndicator } from './offline-indicator';

/** The compact app header: product mark, status badges, language switch, the member's menu. */
export function AppHeader({ menu }: { menu?: ReactNode }) {
  return (
    <header className="app-header">
      <Link to="/" className="app-header__mark">
        m.e Cards
      </Link>
      <div className="app-header__status">
        {/* Status slot: connectivity here; sync status badges go beside it. */}
        <OfflineIndicator />
      </div>
      <LanguageSwitch />
      {menu}
    </header>
  );
}
