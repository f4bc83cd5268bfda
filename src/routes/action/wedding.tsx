import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { WeddingScreen } from '../../features/wedding/wedding-screen';

export const Route = createFileRoute('/action/wedding')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'weddingOwner' },
  component: WeddingScreen,
});
