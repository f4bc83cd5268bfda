import { createFileRoute } from '@tanstack/react-router';
import { AuthenticatingScreen } from '../features/auth/authenticating-screen';

export const Route = createFileRoute('/authenticating')({
  staticData: { routeName: 'authenticating' },
  component: AuthenticatingScreen,
});
