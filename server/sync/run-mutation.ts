import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { validate } from '../http/input';
import { findMutation } from './mutation-handlers';
import { requestHash, runIdempotent } from './idempotency';
import type { MutationContext } from './registry';

/**
 * What a handler is told of the caller and the server: who, from which device when it said
 * (a conflict names its winner), when, and the fair-use numbers.
 */
export function mutationContext(
  deps: AppDeps,
  memberId: string,
  clientId: string | null = null,
): MutationContext {
  return { memberId, now: deps.now(), fairUse: deps.config.fairUse, clientId };
}

/**
 * Answers a REST write by running the registered mutation for the caller, honouring the
 * Idempotency-Key header: the same handler and transaction as a batch push of that mutation.
 */
export async function runMutationRoute(
  c: Context<AppEnv>,
  deps: AppDeps,
  name: string,
  payload: unknown,
): Promise<Response> {
  const me = requireMember(c);
  const handler = findMutation(name);
  if (!handler) throw new ApiError(404, 'not_found');
  const input = validate(handler.schema, payload);
  const result = await runIdempotent(
    deps.database.db,
    me.memberId,
    c.req.header('idempotency-key'),
    requestHash(name, payload),
    async (tx) => ({
      status: 200,
      body: await handler.run(tx, mutationContext(deps, me.memberId), input),
    }),
  );
  return c.json(result.body as object, 200);
}
