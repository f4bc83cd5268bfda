// Whether this device has pulled anything of the member yet. Right after a login on a new device
// (or another member's login on this one) the lists are empty only because the first pull has
// not landed: a screen says "downloading", not "you have none" (decision 0950).
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../db/app-db';
import { readSyncState } from './sync-state';

/**
 * True until the first pulled page is stored (the pull cursor is 0 until then: every member
 * has at least their own profile row, so a finished pull always moves it); undefined while
 * the device store is read.
 */
export function useFirstPullPending(): boolean | undefined {
  const cursor = useLiveQuery(async () => (await readSyncState(appDb, 'cursor')) ?? 0, []);
  return cursor === undefined ? undefined : cursor === 0;
}
