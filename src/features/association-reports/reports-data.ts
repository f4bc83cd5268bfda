// Data of /action/associationReports (decision 0810): filed and read online through the API.
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { apiCall } from '../../api/http-client';
import * as routes from '../../../contract/rest-routes';
import { appDb, type StaffGroupRow } from '../../db/app-db';
import type { AssociationReportFileInput } from '../../../contract/association-report';

/** Groups the member administers (from the device's staff groups). */
export function useAdminGroups(): StaffGroupRow[] | undefined {
  return useLiveQuery(async () =>
    (await appDb.staffGroups.toArray())
      .filter((g) => g.role === 'admin' && g.deletedAt === null)
      .sort((a, b) => a.groupName.localeCompare(b.groupName, 'vi')),
  );
}

export function useAdministeredAgencies() {
  return useQuery({
    queryKey: ['agency', 'mine'],
    queryFn: () => apiCall(routes.myAgencies),
    select: (answer) => answer.agencies,
  });
}

export function useGroupReports(groupId: string | undefined) {
  return useQuery({
    queryKey: ['associationReport', 'group', groupId],
    enabled: Boolean(groupId),
    queryFn: () => apiCall(routes.associationReport, { query: { groupId } }),
  });
}

export function useAgencyReports(agencyId: string) {
  return useQuery({
    queryKey: ['associationReport', 'agency', agencyId],
    queryFn: () => apiCall(routes.associationReport, { query: { agencyId } }),
  });
}

/** Online only: files a month (201), or edits the month's report when its id is given. */
export function fileReport(input: AssociationReportFileInput) {
  return apiCall(routes.associationReportSave, { json: input });
}

/** The agency's CSV, as the server writes it (formula-safe cells, dot thousands). */
export function agencyReportsCsv(agencyId: string) {
  return apiCall(routes.associationReportCsv, { query: { agencyId, format: 'csv' } });
}
