import { createFileRoute } from '@tanstack/react-router';
import { SupportScreen } from '../../features/support/support-screen';

// Spec §2 /action/support: help anyone may read; the request form needs a login (decision 0901).
export const Route = createFileRoute('/action/support')({
  staticData: { routeName: 'support' },
  component: SupportScreen,
});
