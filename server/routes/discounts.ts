// Spec §7 Discount (decision 0810): discount offers of a group ("discount groups", written by
// its admins and its agency's admins) and the discounts applied to point entries.
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { rawBody, readBody, readQuery, uuidParam, validate } from '../http/input';
import {
  discountAllQuerySchema,
  discountGroupUpsertSchema,
  discountListQuerySchema,
} from '../../contract/discount';
import { requireGroupManager, requireGroupReader } from '../agency-access';
import {
  createOffer,
  discountExists,
  discountGroupsToClient,
  discountUses,
  groupOffers,
  managesGroup,
  offerPage,
  offerRow,
  updateOffer,
  visibleDiscountUse,
} from '../domain/discounts';

export function discountRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  // Discounts applied: the caller's own, and all of the groups they staff or whose agency they run.
  app.get('/discount', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, discountListQuerySchema);
    if (q.groupId) await requireGroupReader(db, me.memberId, q.groupId);
    return c.json(
      await discountUses(
        db,
        { visibleTo: me.memberId, filter: q.filter, groupId: q.groupId },
        q.page,
      ),
    );
  });

  // Every discount applied at one group: its staff and its agency's admins only.
  app.get('/discount/all', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, discountAllQuerySchema);
    await requireGroupReader(db, me.memberId, q.groupId);
    if (!(await managesGroup(db, me.memberId, q.groupId))) throw new ApiError(403, 'forbidden');
    return c.json(await discountUses(db, { groupId: q.groupId }, 1));
  });

  app.get('/discount/:id', async (c) => {
    const me = requireMember(c);
    const id = uuidParam(c, 'id');
    if (!(await discountExists(db, id))) throw new ApiError(404, 'not_found');
    const use = await visibleDiscountUse(db, id, me.memberId);
    if (!use) throw new ApiError(403, 'forbidden');
    return c.json(use);
  });

  // Offers of the caller's groups and of their agencies' groups.
  app.get('/discountGroup', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, discountListQuerySchema);
    if (q.groupId) await requireGroupReader(db, me.memberId, q.groupId);
    return c.json(
      await offerPage(
        db,
        { readableBy: me.memberId, filter: q.filter, groupId: q.groupId },
        q.page,
      ),
    );
  });

  app.get('/discountGroup/all', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, discountAllQuerySchema);
    await requireGroupReader(db, me.memberId, q.groupId);
    return c.json({ items: await discountGroupsToClient(db, await groupOffers(db, q.groupId)) });
  });

  app.get('/discountGroup/:id', async (c) => {
    const me = requireMember(c);
    const row = await offerRow(db, uuidParam(c, 'id'));
    await requireGroupReader(db, me.memberId, row.groupId);
    return c.json((await discountGroupsToClient(db, [row]))[0]);
  });

  app.post('/discountGroup', async (c) => {
    const me = requireMember(c);
    const input = await readBody(c, discountGroupUpsertSchema);
    await requireGroupManager(db, me.memberId, input.groupId);
    const row = await createOffer(db, me.memberId, input);
    return c.json((await discountGroupsToClient(db, [row]))[0], 201);
  });

  app.put('/discountGroup/:id', async (c) => {
    const me = requireMember(c);
    const id = uuidParam(c, 'id');
    const row = await offerRow(db, id);
    await requireGroupManager(db, me.memberId, row.groupId);
    const body = await rawBody(c);
    const fields = typeof body === 'object' && body !== null ? body : {};
    const checked = validate(discountGroupUpsertSchema, { groupId: row.groupId, ...fields, id });
    if (checked.groupId !== row.groupId) {
      throw new ApiError(422, 'invalid_value', { groupId: 'invalid_value' });
    }
    const updated = await updateOffer(db, id, checked);
    return c.json((await discountGroupsToClient(db, [updated]))[0]);
  });

  return app;
}
