import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from './-require-login';
import { FriendsScreen, type FriendTab } from '../features/friends/friends-screen';

const tabs: readonly FriendTab[] = ['accepted', 'received', 'sent'];

export const Route = createFileRoute('/friends/$id')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'friends' },
  validateSearch: (search: Record<string, unknown>): { tab?: FriendTab } => {
    const tab = tabs.find((t) => t === search.tab);
    return tab && tab !== 'accepted' ? { tab } : {};
  },
  component: FriendsRoute,
});

function FriendsRoute() {
  const { id } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FriendsScreen
      memberId={id}
      tab={tab ?? 'accepted'}
      onTab={(next) =>
        void navigate({ search: next === 'accepted' ? {} : { tab: next }, replace: true })
      }
    />
  );
}
