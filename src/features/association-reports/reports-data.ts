// Data of /action/associationReports (decision 0810): filed and read online through the API.
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { apiFetch } from '../../api/http-client';
import { appDb, type StaffGroupRow } from '../../db/app-db';
import type {
  AssociationReport,
  AssociationReportAnswer,
  AssociationReportFileInput,
} from '../../../contract/association-report';
import type { AgencySummary } from '../../../contract/agency';

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
    queryFn: () => apiFetch<{ agencies: AgencySummary[] }>('/agency/mine'),
    select: (answer) => answer.agencies,
  });
}

export function useGroupReports(groupId: string | undefined) {
  return useQuery({
    queryKey: ['associationReport', 'group', groupId],
    enabled: Boolean(groupId),
    queryFn: () => apiFetch<AssociationReportAnswer>('/associationReport', { query: { groupId } }),
  });
}

export function useAgencyReports(agencyId: string) {
  return useQuery({
    queryKey: ['associationReport', 'agency', agencyId],
    queryFn: () => apiFetch<AssociationReportAnswer>('/associationReport', { query: { agencyId } }),
  });
}

/** Online only: files a month (201), or edits the month's report when its id is given. */
export function fileReport(input: AssociationReportFileInput) {
  return apiFetch<AssociationReport>('/associationReport', { method: 'POST', json: input });
}

/** The agency's CSV, as the server writes it (formula-safe cells, dot thousands). */
export function agencyReportsCsv(agencyId: string) {
  return apiFetch<string>('/associationReport', { query: { agencyId, format: 'csv' } });
}
