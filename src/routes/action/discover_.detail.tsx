import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { DiscoverDetailScreen } from '../../features/explore/discover-detail-screen';

// Spec §2 /action/discover/detail (decision 0810).
export const Route = createFileRoute('/action/discover_/detail')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'discoverDetail' },
  validateSearch: (search: Record<string, unknown>): { id?: string } =>
    typeof search.id === 'string' && search.id ? { id: search.id } : {},
  component: DiscoverDetailRoute,
});

function DiscoverDetailRoute() {
  const { id } = Route.useSearch();
  return <DiscoverDetailScreen companyId={id} />;
}
