import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { ThreadScreen } from '../../features/messages/thread-screen';

export const Route = createFileRoute('/messages/$groupId')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'message-thread' },
  component: ThreadRoute,
});

function ThreadRoute() {
  const { groupId } = Route.useParams();
  return <ThreadScreen key={groupId} groupMessageId={groupId} />;
}
