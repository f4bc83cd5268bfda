// Every kind of row the delta pull carries, in the order of the entity table (a pulled page
// lists its changes source by source). Derived from server-entities.ts; nothing to add here.
import { pulledEntityNames, type PulledEntityName } from '../../contract/entities';
import type { AnyPullSource } from './registry';
import { serverEntities } from './server-entities';

/** The pull sources of one pulled table. */
export function pullSourcesOf(name: PulledEntityName): readonly AnyPullSource[] {
  return serverEntities[name].pull;
}

/** Every source, table by table. */
export const pullSources: readonly AnyPullSource[] = pulledEntityNames.flatMap(pullSourcesOf);
