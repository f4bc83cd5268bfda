import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '../ui/error-screen';

export const Route = createFileRoute('/500')({
  staticData: { routeName: '500' },
  component: ErrorScreen,
});
