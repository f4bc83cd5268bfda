import { createFileRoute } from '@tanstack/react-router';
import { LogoutScreen } from '../features/auth/logout-screen';

export const Route = createFileRoute('/logout')({
  staticData: { routeName: 'logout' },
  component: LogoutScreen,
});
