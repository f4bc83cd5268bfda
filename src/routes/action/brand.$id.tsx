import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { BrandSettingsScreen } from '../../features/card-settings/brand-settings-screen';

export const Route = createFileRoute('/action/brand/$id')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'brand' },
  component: BrandSettingsRoute,
});

function BrandSettingsRoute() {
  const { id } = Route.useParams();
  return <BrandSettingsScreen groupId={id} />;
}
