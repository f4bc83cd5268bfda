// Data of the explore directory (decision 0810): the last fetched directory of each agency is
// kept in Dexie (exploreDirectories), so it opens and searches with no network after one visit;
// search runs on the device (contract/agency.ts searchExplore).
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type ExploreDirectoryRow } from '../../db/app-db';
import { ApiRequestError, NetworkError, apiCall } from '../../api/http-client';
import * as routes from '../../../contract/rest-routes';
import type {
  ExploreCompany,
  ExploreDirectory,
  ExploreUpdateInput,
} from '../../../contract/agency';

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
  return store(await apiCall(routes.exploreDirectory, { query: { agencyId } }));
}

export type DirectoryState =
  | { kind: 'loading' }
  | { kind: 'missing'; offline: boolean }
  | { kind: 'failed' }
  | { kind: 'ready'; directory: ExploreDirectoryRow; refreshing: boolean };

/** The directory from the device, refreshed from the server when there is a network. */
export function useDirectory(agencyId?: string): DirectoryState {
  const [refreshing, setRefreshing] = useState(true);
  // Why the server gave no directory: none for this member (404), no answer, or another error.
  const [failed, setFailed] = useState<'none' | 'offline' | 'error'>('none');
  useEffect(() => {
    let live = true;
    refreshDirectory(agencyId)
      // A 404 is an answer (no directory for this member), not a lost connection.
      .catch(
        (error: unknown) =>
          live &&
          setFailed(
            isNotFound(error) ? 'none' : error instanceof NetworkError ? 'offline' : 'error',
          ),
      )
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
  if (row === null && failed === 'error') return { kind: 'failed' };
  if (row === null) return { kind: 'missing', offline: failed === 'offline' };
  return { kind: 'ready', directory: row, refreshing };
}

/** Online only: the agency admin replaces the directory. */
export async function saveDirectory(input: ExploreUpdateInput): Promise<ExploreDirectoryRow> {
  return store(await apiCall(routes.exploreDirectoryUpdate, { json: input }));
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

export type CompanyState =
  | { kind: 'loading' }
  | { kind: 'ready'; company: ExploreCompany }
  | { kind: 'not-found' }
  | { kind: 'offline' }
  | { kind: 'failed' };

/**
 * One company: from a directory on the device (offline too), else from the server — a link
 * shared to a new device must open before the directory has ever been loaded.
 */
export function useCompany(companyId: string | undefined): CompanyState {
  const [fetched, setFetched] = useState<CompanyState>({ kind: 'loading' });
  const local = useLiveQuery(async () => {
    if (!companyId) return null;
    for (const directory of await appDb.exploreDirectories.toArray()) {
      const found = directory.companies.find((c) => c.id === companyId);
      if (found) return found;
    }
    return null;
  }, [companyId]);
  useEffect(() => {
    if (local !== null || !companyId) return;
    let live = true;
    apiCall(routes.exploreCompany, { params: { companyId } })
      .then((company) => live && setFetched({ kind: 'ready', company }))
      .catch(
        (error: unknown) =>
          live &&
          setFetched({
            kind: isNotFound(error)
              ? 'not-found'
              : error instanceof NetworkError
                ? 'offline'
                : 'failed',
          }),
      );
    return () => {
      live = false;
    };
  }, [local, companyId]);
  if (!companyId) return { kind: 'not-found' };
  if (local === undefined) return { kind: 'loading' };
  if (local) return { kind: 'ready', company: local };
  return fetched;
}
