import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { RegistrationsListScreen } from '../../features/registrations/registrations-list-screen';

export const Route = createFileRoute('/admin/registrations/')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'registrations' },
  component: RegistrationsListScreen,
});
