import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { HistoryScreen } from '../../features/points/history-screen';

export const Route = createFileRoute('/action/history')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'history' },
  component: HistoryScreen,
});
