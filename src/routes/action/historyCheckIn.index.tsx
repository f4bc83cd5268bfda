import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { CheckInHistoryScreen } from '../../features/points/check-in-history-screen';

export const Route = createFileRoute('/action/historyCheckIn/')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'historyCheckIn' },
  component: CheckInHistoryScreen,
});
