// Every mutation the client queues offline and the server applies (decision 0205), gathered
// from the tables they write (contract/entities.ts), where each is declared ONCE.
//
// To add a mutation:
//   1. write its payload schema next to its entity in contract/ (e.g. contract/points.ts);
//   2. declare it in its table's `mutations` in contract/entities.ts:
//      `'entity.verb': declare<ResultType>()(payloadSchema, { vi, en })`;
//   3. give it a handler in server/sync/server-entities.ts (tsc fails until it has one);
//   4. queue it from a feature with queueMutation({ name: 'entity.verb', payload, ... }).
// tests/unit/mutation-registry.test.ts fails when a name lacks a schema, a label or a server
// handler, or when the server handles a name not declared; tests/client/entity-table.test.ts
// when a name is declared on two tables.
import type * as v from 'valibot';
import { entities, entityNames, type EntityName } from './entities';
import type { MutationDeclaration } from './mutation-declaration';
import type { Lang } from './messages';

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;

/** The declared mutations of one table, by name. */
export type MutationsOf<E extends EntityName> = (typeof entities)[E]['mutations'];

/** Every table's mutations as one object type (names are unique across tables). */
type AllMutations = UnionToIntersection<MutationsOf<EntityName>>;
type Flat<T> = { [K in keyof T]: T[K] };

export const mutations = Object.assign(
  {},
  ...entityNames.map((name) => entities[name].mutations),
) as Flat<AllMutations>;

type Mutations = typeof mutations;
export type MutationName = keyof Mutations;
export type MutationSchema<N extends MutationName> = Mutations[N]['schema'];
/** What the client queues (the schema's input). */
export type MutationPayload<N extends MutationName> = v.InferInput<MutationSchema<N>>;
/** What the server's handler receives (the schema's output). */
export type MutationInput<N extends MutationName> = v.InferOutput<MutationSchema<N>>;
/** What the server's handler answers. */
export type MutationResult<N extends MutationName> =
  Mutations[N] extends MutationDeclaration<v.GenericSchema, infer R> ? R : never;

export const mutationNames = Object.keys(mutations) as MutationName[];

export function isMutationName(name: string): name is MutationName {
  return Object.hasOwn(mutations, name);
}

/** The sync-status label of a queued entry; entries of a name no longer declared get a generic one. */
export function mutationLabel(name: string, lang: Lang): string {
  if (isMutationName(name)) return mutations[name].label[lang];
  return lang === 'en' ? 'Change' : 'Thay đổi';
}

/** Whether the handler answers with the pulled row of the mutation's table (decision 0208). */
export function answersRow(name: string): boolean {
  return isMutationName(name) && mutations[name].answersRow === true;
}
