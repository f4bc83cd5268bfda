import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { MessagesScreen } from '../../features/messages/messages-screen';

interface MessagesSearch {
  to?: string;
  name?: string;
  forward?: string;
}

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.length <= max ? value : undefined;

export const Route = createFileRoute('/messages/')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'messages' },
  validateSearch: (search: Record<string, unknown>): MessagesSearch => {
    const to = text(search.to, 36);
    const name = text(search.name, 120);
    const forward = text(search.forward, 5000);
    return {
      ...(to && /^[0-9a-f-]{36}$/i.test(to) ? { to } : {}),
      ...(name ? { name } : {}),
      ...(forward !== undefined ? { forward } : {}),
    };
  },
  component: MessagesRoute,
});

function MessagesRoute() {
  const { to, name, forward } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MessagesScreen
      to={to}
      toName={name}
      forward={forward}
      onOpen={(groupId) => void navigate({ to: '/messages/$groupId', params: { groupId } })}
    />
  );
}
