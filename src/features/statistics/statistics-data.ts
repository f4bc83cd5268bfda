// Dashboard figures are read from the server (they are not mirrored). The last answer of each
// dashboard is kept on the device, so it shows offline with the time it was loaded.
import { useQuery } from '@tanstack/react-query';
import type { StatsQuery, StatsReport } from '../../../contract/statistics';
import { dashboardBrand, dashboardMember } from '../../../contract/rest-routes';
import { apiCall, NetworkError } from '../../api/http-client';
import { appDb } from '../../db/app-db';

export interface StatsTarget {
  kind: 'member' | 'brand';
  id: string;
}

export interface StatsAnswer<T extends StatsReport> {
  report: T;
  /** When the server gave these figures (ISO). */
  fetchedAt: string;
  /** true: the network failed and these are the last figures kept on the device. */
  offline: boolean;
}

function cacheKey(target: StatsTarget): string {
  return `stats:${target.kind}:${target.id}`;
}

/** Reads a dashboard; offline, the last answer kept for it (of whatever range it had). */
export async function loadStats<T extends StatsReport>(
  target: StatsTarget,
  query: StatsQuery,
): Promise<StatsAnswer<T>> {
  try {
    const route = target.kind === 'member' ? dashboardMember : dashboardBrand;
    // Which report comes back is the caller's kind (T), the one of `target.kind`; each route's
    // schema checks its own report whole.
    const read: StatsReport = await apiCall(route, { params: { id: target.id }, json: query });
    const report = read as T;
    const answer = { report, fetchedAt: new Date().toISOString() };
    await appDb.syncState.put({ key: cacheKey(target), value: answer });
    return { ...answer, offline: false };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const kept = (await appDb.syncState.get(cacheKey(target)))?.value as
      Omit<StatsAnswer<T>, 'offline'> | undefined;
    if (!kept) throw error;
    return { ...kept, offline: true };
  }
}

export function useStats<T extends StatsReport>(target: StatsTarget, query: StatsQuery) {
  return useQuery({
    queryKey: ['stats', target.kind, target.id, query.from, query.to, query.granularity],
    queryFn: () => loadStats<T>(target, query),
    retry: false,
    // Figures change with every visit: read again when the screen opens.
    staleTime: 0,
  });
}
