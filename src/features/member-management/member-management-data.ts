// Calls of member management (decision 0801). Online only: each is the group admins'
// decision the server checks when it is made (roles, the last admin, locks), so nothing is
// queued; the screen says it needs a connection when there is none.
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { apiCall } from '../../api/http-client';
import * as routes from '../../../contract/rest-routes';
import { appDb, type StaffGroupRow } from '../../db/app-db';
import type { CustomerCreateInput, GroupRole } from '../../../contract/member-management';

/** Groups this member is an admin of, from the device (pulled with the points roles). */
export function useAdminGroups(): StaffGroupRow[] | undefined {
  return useLiveQuery(async () =>
    (await appDb.staffGroups.toArray())
      .filter((g) => g.deletedAt === null && g.role === 'admin')
      .sort((a, b) => a.groupName.localeCompare(b.groupName)),
  );
}

export type MemberListKind = 'members' | 'requests';

export function useMemberList(groupId: string, kind: MemberListKind, page: number, filter: string) {
  return useQuery({
    queryKey: ['group-members', groupId, kind, page, filter],
    queryFn: () =>
      apiCall(kind === 'members' ? routes.groupMembers : routes.groupMemberRequests, {
        params: { groupId },
        query: { page, filter },
      }),
  });
}

export function useCustomers(groupId: string, page: number, query: string) {
  return useQuery({
    queryKey: ['group-customers', groupId, page, query],
    queryFn: () => apiCall(routes.customers, { params: { groupId }, query: { page, query } }),
  });
}

export const memberCalls = {
  accept: (id: string) => apiCall(routes.memberRequestAccept, { params: { id } }),
  reject: (id: string) => apiCall(routes.memberRequestReject, { params: { id } }),
  setRole: (id: string, role: GroupRole) =>
    apiCall(routes.memberRoleUpdate, { params: { id }, json: { role } }),
  remove: (id: string) => apiCall(routes.memberRemove, { params: { id } }),
  setStatus: (memberId: string, groupId: string, status: 'active' | 'locked') =>
    apiCall(routes.memberStatusUpdate, {
      params: { memberId },
      json: { status, groupId },
    }),
  createCustomer: (input: CustomerCreateInput) =>
    apiCall(routes.customerCreate, {
      json: input,
      idempotencyKey: crypto.randomUUID(),
    }),
  deleteCustomer: (id: string) => apiCall(routes.customerDelete, { params: { id } }),
};
