import { Link } from '@tanstack/react-router';
import { LanguageSwitch } from './language-switch';
import { OfflineIndicator } from './offline-indicator';

/** The compact app header: product mark, status badges, language switch. */
export function AppHeader() {
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
    </header>
  );
}
