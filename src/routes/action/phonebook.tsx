import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { PhonebookScreen } from '../../features/phonebook/phonebook-screen';

export const Route = createFileRoute('/action/phonebook')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'phonebook' },
  validateSearch: (search: Record<string, unknown>): { contact?: string } =>
    typeof search.contact === 'string' ? { contact: search.contact } : {},
  component: PhonebookRoute,
});

function PhonebookRoute() {
  const { contact } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PhonebookScreen
      openContactId={contact}
      onOpenContact={(next) => void navigate({ search: next ? { contact: next } : {} })}
    />
  );
}
