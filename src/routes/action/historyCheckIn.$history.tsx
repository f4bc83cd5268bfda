import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { CheckInDetailScreen } from '../../features/points/check-in-detail-screen';

export const Route = createFileRoute('/action/historyCheckIn/$history')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'historyCheckInDetail' },
  component: CheckInDetailRoute,
});

function CheckInDetailRoute() {
  const { history } = Route.useParams();
  return <CheckInDetailScreen checkInId={history} />;
}
