// The server's handler of every mutation declared in contract/entities.ts, gathered from the
// server's entity list (server-entities.ts), where tsc requires one per declared mutation.
import {
  mutationNames,
  mutations,
  type MutationInput,
  type MutationName,
} from '../../contract/mutations';
import type { Transaction } from '../db/client';
import type { MutationContext, MutationHandler, RunnableMutation } from './registry';
import { serverEntities } from './server-entities';

export const mutationHandlers = Object.assign(
  {},
  ...Object.values(serverEntities).map((side) => ('handlers' in side ? side.handlers : {})),
) as { [N in MutationName]: MutationHandler<N> };

function runnable<N extends MutationName>(name: N): RunnableMutation {
  const handler: MutationHandler<N> = mutationHandlers[name];
  const many = handler.runMany
    ? {
        runMany: async (tx: Transaction, ctx: MutationContext, inputs: unknown[]) =>
          (await handler.runMany?.(tx, ctx, inputs as MutationInput<N>[])) ?? [],
        ...(handler.runLength ? { runLength: handler.runLength } : {}),
      }
    : {};
  return {
    name,
    schema: mutations[name].schema,
    run: (tx, ctx, input) => handler.run(tx, ctx, input as MutationInput<N>),
    ...many,
  };
}

const byName = new Map(mutationNames.map((name) => [name as string, runnable(name)]));

/** The declared mutation of a name that arrived as text (push, routes), with its schema. */
export function findMutation(name: string): RunnableMutation | undefined {
  return byName.get(name);
}
