// A brand's or group's customers (spec §7 createCustomer, getCustomer/{groupId}?query): kept
// and managed by its admins, optionally linked to an existing member card; its staff devices
// mirror them (server/domain/group-roster.ts). Decisions 0800, 0801.
import { Hono, type Context } from 'hono';
import {
  customerCreateSchema,
  customerQuerySchema,
  customerUpdateSchema,
} from '../../contract/member-management';
import { requireMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { readBody, readQuery, uuidParam } from '../http/input';
import { requestHash, runIdempotent } from '../sync/idempotency';
import { requireGroupAdmin } from '../auth/group-roles';
import {
  createCustomer,
  customerGroupOf,
  customerPage,
  customerWriteError,
  deleteCustomer,
  updateCustomer,
} from '../domain/customers';

/** The transaction an idempotent write runs its effect in. */
type Transaction = Parameters<Parameters<typeof runIdempotent>[4]>[0];

export function customerRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  const write = async (
    c: Context<AppEnv>,
    name: string,
    payload: unknown,
    effect: (tx: Transaction, me: string) => Promise<unknown>,
  ) => {
    const me = requireMember(c).memberId;
    try {
      const result = await runIdempotent(
        db,
        me,
        c.req.header('idempotency-key'),
        requestHash(name, payload),
        async (tx) => ({ status: 200, body: await effect(tx, me) }),
      );
      return c.json(result.body as object, 200);
    } catch (error) {
      throw customerWriteError(error);
    }
  };

  app.get('/members/getCustomer/:groupId', async (c) => {
    const me = requireMember(c).memberId;
    const groupId = uuidParam(c, 'groupId');
    await requireGroupAdmin(db, me, groupId);
    const q = readQuery(c, customerQuerySchema);
    return c.json(await customerPage(db, groupId, q));
  });

  app.post('/members/createCustomer', async (c) => {
    const me = requireMember(c).memberId;
    const raw = await readBody(c, customerCreateSchema);
    await requireGroupAdmin(db, me, raw.groupId);
    return write(c, 'customer.create', raw, (tx) => createCustomer(tx, me, raw));
  });

  const ownGroupOf = async (id: string, me: string): Promise<string> => {
    const groupId = await customerGroupOf(db, id);
    if (!groupId) throw notFound();
    await requireGroupAdmin(db, me, groupId);
    return groupId;
  };

  app.put('/members/updateCustomerById/:id', async (c) => {
    const id = uuidParam(c, 'id');
    const me = requireMember(c).memberId;
    const groupId = await ownGroupOf(id, me);
    const body = await readBody(c, customerUpdateSchema);
    return write(c, 'customer.update', { id, ...body }, (tx) =>
      updateCustomer(tx, id, groupId, body),
    );
  });

  app.put('/members/deleteCustomerById/:id', async (c) => {
    const id = uuidParam(c, 'id');
    const me = requireMember(c).memberId;
    await ownGroupOf(id, me);
    return write(c, 'customer.delete', { id }, (tx) =>
      deleteCustomer(tx, id, deps.now().toISOString()),
    );
  });

  return app;
}
