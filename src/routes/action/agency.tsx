import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { AgencyScreen } from '../../features/agency/agency-screen';

// Agency admins: groups, admins and recommended products of their agency (decision 0810).
export const Route = createFileRoute('/action/agency')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'agency' },
  component: AgencyScreen,
});
