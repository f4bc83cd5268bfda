import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from './-require-login';
import { MemberDashboardScreen } from '../features/statistics/dashboard-screens';

// Spec §2: /dashboard/member/{id}, a shell with one child; the server answers 403 for a card
// the member may not see.
export const Route = createFileRoute('/dashboard/member/$id')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'dashboardMember' },
  component: MemberDashboardRoute,
});

function MemberDashboardRoute() {
  const { id } = Route.useParams();
  return <MemberDashboardScreen memberId={id} />;
}
