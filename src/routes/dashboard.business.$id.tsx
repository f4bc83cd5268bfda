import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from './-require-login';
import { BrandDashboardScreen } from '../features/statistics/dashboard-screens';

// Spec §2: /dashboard/business/{id}, a brand's dashboard (its owner and admins).
export const Route = createFileRoute('/dashboard/business/$id')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'dashboardBusiness' },
  component: BrandDashboardRoute,
});

function BrandDashboardRoute() {
  const { id } = Route.useParams();
  return <BrandDashboardScreen groupId={id} />;
}
