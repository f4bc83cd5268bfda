import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { StatisticalScreen } from '../../features/points/statistical-screen';

// Spec §2: /action/statistical requires login. Seller statistics: totals per day.
export const Route = createFileRoute('/action/statistical')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'statistical' },
  component: StatisticalScreen,
});
