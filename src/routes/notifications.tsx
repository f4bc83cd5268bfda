import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from './-require-login';
import { NotificationsScreen } from '../features/notifications/notifications-screen';

export const Route = createFileRoute('/notifications')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'notifications' },
  component: NotificationsScreen,
});
