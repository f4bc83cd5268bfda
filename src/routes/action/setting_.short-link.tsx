import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { ShortLinkScreen } from '../../features/card-settings/short-link-screen';

export const Route = createFileRoute('/action/setting_/short-link')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'setting/short-link' },
  component: ShortLinkScreen,
});
