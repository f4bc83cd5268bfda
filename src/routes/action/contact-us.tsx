import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { ContactUsScreen } from '../../features/contact-us/contact-us-screen';

interface ContactUsSearch {
  item?: string;
}

export const Route = createFileRoute('/action/contact-us')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'contactUs' },
  validateSearch: (search: Record<string, unknown>): ContactUsSearch =>
    typeof search.item === 'string' ? { item: search.item } : {},
  component: ContactUsRoute,
});

function ContactUsRoute() {
  const { item } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ContactUsScreen
      item={item}
      onOpen={(next) => void navigate({ search: next ? { item: next } : {} })}
    />
  );
}
