import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { EntryDetailScreen } from '../../features/points/entry-detail-screen';

export const Route = createFileRoute('/action/historyEditHistory/$history')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'historyEditHistory' },
  component: EntryDetailRoute,
});

function EntryDetailRoute() {
  const { history } = Route.useParams();
  return <EntryDetailScreen entryId={history} />;
}
