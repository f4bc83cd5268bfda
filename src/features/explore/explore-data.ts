// Data of the explore directory (decision 0810): the last fetched directory of each agency is
// kept in Dexie (exploreDirectories), so it opens and searches with no network after one visit;
// search runs on the device (contract/agency.ts searchExplore).
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type ExploreDirectoryRow } from '../../db/app-db';
import { apiFetch } from '../../api/http-client';
import type { ExploreDirectory, ExploreUpdateInput } from '../../../contract/agency';

async function store(directory: ExploreDirectory): Promise<ExploreDirectoryRow> {
  const row: ExploreDirectoryRow = {
    ...directory,
    agencyId: directory.agency.id,
    fetchedAt: new Date().toISOString(),
  };
  await appDb.exploreDirectories.put(row);
  await appDb.syncState.put({ key: 'exploreAgencyId', value: row.agencyId });
  return row;
}

/** Fetches the directory (the member's agency when none is named) and keeps it on the device. */
export async function refreshDirectory(agencyId?: string): Promise<ExploreDirectoryRow> {
  return store(await apiFetch<ExploreDirectory>('/exploreAgency', { query: { agencyId } }));
}

export type DirectoryState =
  | { kind: 'loading' }
  | { kind: 'missing'; offline: boolean }
  | { kind: 'ready'; directory: ExploreDirectoryRow; refreshing: boolean };

/** The directory from the device, refreshed from the server when there is a network. */
export function useDirectory(agencyId?: string): DirectoryState {
  const [refreshing, setRefreshing] = useState(true);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    refreshDirectory(agencyId)
      .catch(() => live && setFailed(true))
      .finally(() => live && setRefreshing(false));
    return () => {
      live = false;
    };
  }, [agencyId]);
  const row = useLiveQuery(async () => {
    const id =
      agencyId ?? ((await appDb.syncState.get('exploreAgencyId'))?.value as string | undefined);
    return (id ? await appDb.exploreDirectories.get(id) : undefined) ?? null;
  }, [agencyId]);
  if (row === undefined || (row === null && refreshing)) return { kind: 'loading' };
  if (row === null) return { kind: 'missing', offline: failed };
  return { kind: 'ready', directory: row, refreshing };
}

/** Online only: the agency admin replaces the directory. */
export async function saveDirectory(input: ExploreUpdateInput): Promise<ExploreDirectoryRow> {
  return store(
    await apiFetch<ExploreDirectory>('/exploreAgency/update', { method: 'POST', json: input }),
  );
}
