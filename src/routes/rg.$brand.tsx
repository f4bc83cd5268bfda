import { createFileRoute } from '@tanstack/react-router';
import { RegistrationFormScreen } from '../features/registrations/registration-form-screen';

// A brand's public registration form (no login, decision 0664).
export const Route = createFileRoute('/rg/$brand')({
  staticData: { routeName: 'registrationForm' },
  component: RegistrationFormRoute,
});

function RegistrationFormRoute() {
  const { brand } = Route.useParams();
  return <RegistrationFormScreen brand={brand} />;
}
