// Data of the agency admin screen (decision 0810): read and written online through the API
// (an agency's groups, admins and products are not mirrored on the device).
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/http-client';
import type {
  AgencyAdmin,
  AgencyGroup,
  AgencyGroupCreateInput,
  AgencyGroupUpdate,
  AgencyPage,
  AgencySummary,
  OrganizeAdmin,
} from '../../../contract/agency';

export interface ProductItem {
  id: string;
  title: string;
  type: string;
  price: number | null;
  groupId: string | null;
}

/** The agencies the member administers (empty for everyone else). */
export function useMyAgencies() {
  return useQuery({
    queryKey: ['agency', 'mine'],
    queryFn: () => apiFetch<{ agencies: AgencySummary[] }>('/agency/mine'),
    select: (answer) => answer.agencies,
  });
}

export function useAgencyGroups(agencyId: string, page: number, filter: string) {
  return useQuery({
    queryKey: ['agency', agencyId, 'groups', page, filter],
    queryFn: () =>
      apiFetch<AgencyPage<AgencyGroup>>('/members/getListGroupByAgency', {
        query: { agencyId, page, filter },
      }),
  });
}

export function useAgencyAdmins(agencyId: string) {
  return useQuery({
    queryKey: ['agency', agencyId, 'admins'],
    queryFn: () => apiFetch<{ items: AgencyAdmin[] }>(`/members/getListAdminByAgency/${agencyId}`),
  });
}

export function useOrganizeAdmins(agencyId: string) {
  return useQuery({
    queryKey: ['agency', agencyId, 'organize'],
    queryFn: () =>
      apiFetch<{ items: OrganizeAdmin[] }>('/groupAndBrand/getOrganizeAdmins', {
        query: { agencyId },
      }),
  });
}

/** Online only: the agency admin edits a group of the agency. */
export function updateAgencyGroup(groupId: string, changes: AgencyGroupUpdate) {
  return apiFetch<AgencyGroup>(`/groupAndBrand/updateUByIdByAdminAgency/${groupId}`, {
    method: 'PUT',
    json: changes,
  });
}

/** Online only: a new group (or brand) of the agency. */
export function createAgencyGroup(input: AgencyGroupCreateInput) {
  return apiFetch<AgencyGroup>('/groupAndBrand/createByAdminAgency', {
    method: 'POST',
    json: input,
  });
}

/** Online only: the group leaves the agency's lists. */
export function archiveAgencyGroup(groupId: string) {
  return apiFetch(`/groupAndBrand/archiveByAdminAgency/${groupId}`, { method: 'PUT' });
}

/** Online only: names a member (card link or short link) admin of the group. */
export function nameGroupAdmin(groupId: string, card: string) {
  return apiFetch<OrganizeAdmin>(`/groupAndBrand/setAdminByAdminAgency/${groupId}`, {
    method: 'PUT',
    json: { card },
  });
}

export function useAgencyProducts(agencyId: string, filter: string) {
  return useQuery({
    queryKey: ['agency', agencyId, 'products', filter],
    queryFn: () =>
      apiFetch<{ items: ProductItem[]; total: number }>(
        filter ? '/productMember/searchProductByBrands' : '/productMember/loadProductByAgency',
        { query: { agencyId, filter } },
      ),
  });
}

export function useRecommendedIds(agencyId: string) {
  return useQuery({
    queryKey: ['agency', agencyId, 'recommended'],
    queryFn: () =>
      apiFetch<{ productIds: string[] }>('/productMember/recommendProducts', {
        query: { agencyId },
      }),
    select: (answer) => answer.productIds,
  });
}

/** Online only: replaces the agency's recommended products. */
export function saveRecommended(agencyId: string, productIds: string[]) {
  return apiFetch<{ productIds: string[] }>('/productMember/recommendProducts', {
    method: 'PUT',
    json: { agencyId, productIds },
  });
}
