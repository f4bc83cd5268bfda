import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { ViewPointScreen } from '../../features/points/view-point-screen';

export const Route = createFileRoute('/action/viewPoint')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'viewPoint' },
  component: ViewPointScreen,
});
