import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { PointsTotalsSection } from '../../features/points/statistical-screen';
import { MyCardStatistics } from '../../features/statistics/dashboard-screens';

// Spec §2: /action/statistical requires login. The member's card figures; for sellers and
// admins also the points totals per day.
export const Route = createFileRoute('/action/statistical')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'statistical' },
  component: StatisticalRoute,
});

function StatisticalRoute() {
  return (
    <main className="stats-page page page--wide stack">
      <MyCardStatistics />
      <PointsTotalsSection />
    </main>
  );
}
