// Calls of member management (decision 0801). Online only: each is the group admins'
// decision the server checks when it is made (roles, the last admin, locks), so nothing is
// queued; the screen says it needs a connection when there is none.
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { apiFetch } from '../../api/http-client';
import { appDb, type StaffGroupRow } from '../../db/app-db';
import type {
  Customer,
  CustomerCreateInput,
  CustomerPage,
  GroupRole,
  MemberListPage,
} from '../../../contract/member-management';

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
      apiFetch<MemberListPage>(
        kind === 'members'
          ? `/members/getListMemberByGroupId/${groupId}`
          : `/members/getListMemberRequestByGroupId/${groupId}`,
        { query: { page, filter } },
      ),
  });
}

export function useCustomers(groupId: string, page: number, query: string) {
  return useQuery({
    queryKey: ['group-customers', groupId, page, query],
    queryFn: () =>
      apiFetch<CustomerPage>(`/members/getCustomer/${groupId}`, { query: { page, query } }),
  });
}

export const memberCalls = {
  accept: (id: string) => apiFetch(`/members/acceptMemberRequestById/${id}`, { method: 'PUT' }),
  reject: (id: string) => apiFetch(`/members/rejectMemberRequestById/${id}`, { method: 'PUT' }),
  setRole: (id: string, role: GroupRole) =>
    apiFetch(`/members/updateMemberRoleById/${id}`, { method: 'PUT', json: { role } }),
  remove: (id: string) => apiFetch(`/members/removeMemberById/${id}`, { method: 'PUT' }),
  setStatus: (memberId: string, groupId: string, status: 'active' | 'locked') =>
    apiFetch(`/members/updateMemberStatusById/${memberId}`, {
      method: 'PUT',
      json: { status, groupId },
    }),
  createCustomer: (input: CustomerCreateInput) =>
    apiFetch<Customer>('/members/createCustomer', {
      method: 'POST',
      json: input,
      idempotencyKey: crypto.randomUUID(),
    }),
  deleteCustomer: (id: string) => apiFetch(`/members/deleteCustomerById/${id}`, { method: 'PUT' }),
};
