import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { PhonebookScreen } from '../../features/phonebook/phonebook-screen';

export const Route = createFileRoute('/action/phonebook')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'phonebook' },
  // `shared`: a share from another app, kept by the worker (sw/share-target.ts).
  validateSearch: (search: Record<string, unknown>): { contact?: string; shared?: string } => ({
    ...(typeof search.contact === 'string' ? { contact: search.contact } : {}),
    ...(typeof search.shared === 'string' ? { shared: search.shared } : {}),
  }),
  component: PhonebookRoute,
});

function PhonebookRoute() {
  const { contact, shared } = Route.useSearch();
  const navigate = Route.useNavigate();
  const sharedDone = useCallback(
    () => void navigate({ search: (prev) => ({ ...prev, shared: undefined }), replace: true }),
    [navigate],
  );
  return (
    <PhonebookScreen
      openContactId={contact}
      onOpenContact={(next) => void navigate({ search: next ? { contact: next } : {} })}
      sharedId={shared}
      onSharedDone={sharedDone}
    />
  );
}
