import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from './-require-login';
import { PhonebookScreen } from '../features/phonebook/phonebook-screen';

export const Route = createFileRoute('/contacts/$id')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'contacts' },
  validateSearch: (search: Record<string, unknown>): { contact?: string } =>
    typeof search.contact === 'string' ? { contact: search.contact } : {},
  component: ContactsRoute,
});

function ContactsRoute() {
  const { id } = Route.useParams();
  const { contact } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PhonebookScreen
      memberId={id}
      openContactId={contact}
      onOpenContact={(next) => void navigate({ search: next ? { contact: next } : {} })}
    />
  );
}
