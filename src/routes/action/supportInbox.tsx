import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { SupportInboxScreen } from '../../features/support/support-inbox-screen';

// The support inbox of the operator's staff (agency admins, decision 0901).
export const Route = createFileRoute('/action/supportInbox')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'supportInbox' },
  component: SupportInboxScreen,
});
