import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { CreatePointScreen } from '../../features/points/create-point-screen';

export const Route = createFileRoute('/action/createPoint')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'createPoint' },
  validateSearch: (search: Record<string, unknown>): { memberId?: string } =>
    typeof search.memberId === 'string' && search.memberId ? { memberId: search.memberId } : {},
  component: CreatePointRoute,
});

function CreatePointRoute() {
  const { memberId } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onMember = useCallback(
    (next: string) => void navigate({ search: { memberId: next }, replace: true }),
    [navigate],
  );
  return <CreatePointScreen memberId={memberId} onMember={onMember} />;
}
