import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { AccountLinksScreen } from '../../features/account-links/account-links-screen';

// Not nested under /action/setting's screen: this page stands on its own.
export const Route = createFileRoute('/action/setting_/links')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'setting' },
  component: AccountLinksScreen,
});
