import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { MemberHub } from '../../features/member-menu/member-links';

// The member's home in the app; the spec's /action screens hang below it.
export const Route = createFileRoute('/action/')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'action' },
  component: MemberHub,
});
