import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { ShortLinksScreen } from '../../features/short-links/short-links-screen';

// Spec §2 /action/shortenedLink: the member's short links (decision 0900).
export const Route = createFileRoute('/action/shortenedLink')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'shortenedLink' },
  component: ShortLinksScreen,
});
