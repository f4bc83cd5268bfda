import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { BioLinkScreen } from '../../features/bio-link/bio-link-screen';

// Spec §2 /action/bio-link: the member's bio link page (decision 0940).
export const Route = createFileRoute('/action/bio-link')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'bio-link' },
  component: BioLinkScreen,
});
