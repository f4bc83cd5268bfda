import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { DiscoverScreen } from '../../features/explore/discover-screen';

// Spec §2 /action/discover: the agency's companies, offline after one visit (decision 0810).
export const Route = createFileRoute('/action/discover/')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'discover' },
  component: DiscoverScreen,
});
