import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { AssociationReportsScreen } from '../../features/association-reports/reports-screen';

// Spec §2 /action/associationReports (decision 0810).
export const Route = createFileRoute('/action/associationReports')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'associationReports' },
  component: AssociationReportsScreen,
});
