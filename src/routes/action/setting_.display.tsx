import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { DisplayScreen } from '../../features/card-settings/display-screen';

export const Route = createFileRoute('/action/setting_/display')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'setting/display' },
  component: DisplayScreen,
});
