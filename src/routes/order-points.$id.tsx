import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from './-require-login';
import { OrderPointsScreen } from '../features/points/order-points-screen';

export const Route = createFileRoute('/order-points/$id')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'orderPoints' },
  component: OrderPointsRoute,
});

function OrderPointsRoute() {
  const { id } = Route.useParams();
  return <OrderPointsScreen memberId={id} />;
}
