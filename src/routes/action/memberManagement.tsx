import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import {
  MemberManagementScreen,
  type ManagementTab,
} from '../../features/member-management/member-management-screen';

interface ManagementSearch {
  groupId?: string;
  tab?: ManagementTab;
}

const tabs: readonly ManagementTab[] = ['members', 'requests', 'customers'];

// Spec §2: /action/memberManagement, for a group's admins (decision 0800).
export const Route = createFileRoute('/action/memberManagement')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'memberManagement' },
  validateSearch: (search: Record<string, unknown>): ManagementSearch => ({
    ...(typeof search.groupId === 'string' && search.groupId ? { groupId: search.groupId } : {}),
    ...(tabs.includes(search.tab as ManagementTab) ? { tab: search.tab as ManagementTab } : {}),
  }),
  component: MemberManagementRoute,
});

function MemberManagementRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onChange = useCallback(
    (next: ManagementSearch) =>
      void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true }),
    [navigate],
  );
  return (
    <MemberManagementScreen
      groupId={search.groupId}
      tab={search.tab ?? 'members'}
      onChange={onChange}
    />
  );
}
