// Data of the agency admin screen (decision 0810): read and written online through the API
// (an agency's groups, admins and products are not mirrored on the device).
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/http-client';
import * as routes from '../../../contract/rest-routes';
import type { AgencyGroupCreateInput, AgencyGroupUpdate } from '../../../contract/agency';

/** The agencies the member administers (empty for everyone else). */
export function useMyAgencies() {
  return useQuery({
    queryKey: ['agency', 'mine'],
    queryFn: () => apiCall(routes.myAgencies),
    select: (answer) => answer.agencies,
  });
}

export function useAgencyGroups(agencyId: string, page: number, filter: string) {
  return useQuery({
    queryKey: ['agency', agencyId, 'groups', page, filter],
    queryFn: () =>
      apiCall(routes.agencyGroups, {
        query: { agencyId, page, filter },
      }),
  });
}

export function useAgencyAdmins(agencyId: string) {
  return useQuery({
    queryKey: ['agency', agencyId, 'admins'],
    queryFn: () => apiCall(routes.agencyAdmins, { params: { agencyId } }),
  });
}

export function useOrganizeAdmins(agencyId: string) {
  return useQuery({
    queryKey: ['agency', agencyId, 'organize'],
    queryFn: () =>
      apiCall(routes.organizeAdmins, {
        query: { agencyId },
      }),
  });
}

/** Online only: the agency admin edits a group of the agency. */
export function updateAgencyGroup(groupId: string, changes: AgencyGroupUpdate) {
  return apiCall(routes.agencyGroupUpdate, {
    params: { groupId },
    json: changes,
  });
}

/** Online only: a new group (or brand) of the agency. */
export function createAgencyGroup(input: AgencyGroupCreateInput) {
  return apiCall(routes.agencyGroupCreate, {
    json: input,
  });
}

/** Online only: the group leaves the agency's lists. */
export function archiveAgencyGroup(groupId: string) {
  return apiCall(routes.agencyGroupArchive, { params: { groupId } });
}

/** Online only: names a member (card link or short link) admin of the group. */
export function nameGroupAdmin(groupId: string, card: string) {
  return apiCall(routes.agencyGroupAdminSet, {
    params: { groupId },
    json: { card },
  });
}

export function useAgencyProducts(agencyId: string, filter: string) {
  return useQuery({
    queryKey: ['agency', agencyId, 'products', filter],
    queryFn: () =>
      apiCall(filter ? routes.agencyProductsSearch : routes.agencyProducts, {
        query: { agencyId, filter },
      }),
  });
}

export function useRecommendedIds(agencyId: string) {
  return useQuery({
    queryKey: ['agency', agencyId, 'recommended'],
    queryFn: () =>
      apiCall(routes.recommendedProducts, {
        query: { agencyId },
      }),
    select: (answer) => answer.productIds,
  });
}

/** Online only: replaces the agency's recommended products. */
export function saveRecommended(agencyId: string, productIds: string[]) {
  return apiCall(routes.recommendedProductsSave, {
    json: { agencyId, productIds },
  });
}
