import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { RegistrationDetailScreen } from '../../features/registrations/registration-detail-screen';

export const Route = createFileRoute('/admin/registrations/$id')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'registrationDetail' },
  component: RegistrationDetailRoute,
});

function RegistrationDetailRoute() {
  const { id } = Route.useParams();
  return <RegistrationDetailScreen id={id} />;
}
