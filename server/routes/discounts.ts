// Spec §7 Discount (decision 0810): discount offers of a group ("discount groups", written by
// its admins and its agency's admins) and the discounts applied to point entries.
import { Hono } from 'hono';
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { rawBody, readBody, readQuery, uuidParam, validate } from '../http/input';
import { queryRows, type Queryable } from '../db/client';
import { groups, members } from '../db/schema';
import { discountGroups, discounts } from '../db/schema-agency';
import {
  discountAllQuerySchema,
  discountGroupUpsertSchema,
  discountListQuerySchema,
  discountPageSize,
  type DiscountPage,
  type DiscountUse,
} from '../../contract/discount';
import {
  managedGroupIds,
  readableGroupIds,
  requireGroupManager,
  requireGroupReader,
} from '../agency-access';
import { discountGroupsToClient } from '../domain/discounts';

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

async function usesToClient(
  db: Queryable,
  where: SQL,
  page: number,
): Promise<DiscountPage<DiscountUse>> {
  const [total] = await db.select({ n: count() }).from(discounts).where(where);
  const rows = await db
    .select({
      id: discounts.id,
      discountGroupId: discounts.discountGroupId,
      title: discountGroups.title,
      groupId: discounts.groupId,
      groupName: groups.name,
      memberId: discounts.memberId,
      memberName: members.name,
      staffMemberId: discounts.staffMemberId,
      percent: discounts.percent,
      invoiceValue: discounts.invoiceValue,
      discountAmount: discounts.discountAmount,
      createdAt: discounts.createdAt,
    })
    .from(discounts)
    .innerJoin(discountGroups, eq(discountGroups.id, discounts.discountGroupId))
    .innerJoin(groups, eq(groups.id, discounts.groupId))
    .innerJoin(members, eq(members.id, discounts.memberId))
    .where(where)
    .orderBy(desc(discounts.createdAt), desc(discounts.id))
    .limit(discountPageSize)
    .offset((page - 1) * discountPageSize);
  return {
    items: rows.map((r) => ({
      ...r,
      invoiceValue: Number(r.invoiceValue),
      discountAmount: Number(r.discountAmount),
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    page,
    total: total?.n ?? 0,
  };
}

function useFilter(filter: string | undefined): SQL | undefined {
  if (!filter) return undefined;
  const like = likeOf(filter);
  return or(
    sql`${discounts.discountGroupId} IN (SELECT id FROM discount_groups WHERE title ILIKE ${like})`,
    sql`${discounts.memberId} IN (SELECT id FROM members WHERE name ILIKE ${like})`,
  );
}

/** Uses a member sees: their own, and every use at groups they staff or whose agency they run. */
function visibleUses(memberId: string): SQL {
  return sql`(${discounts.memberId} = ${memberId} OR ${discounts.groupId} IN (${managedGroupIds(memberId)}))`;
}

async function offerPage(db: Queryable, where: SQL, page: number) {
  const [total] = await db.select({ n: count() }).from(discountGroups).where(where);
  const rows = await db
    .select()
    .from(discountGroups)
    .where(where)
    .orderBy(desc(discountGroups.validTo), discountGroups.title, discountGroups.id)
    .limit(discountPageSize)
    .offset((page - 1) * discountPageSize);
  return { items: await discountGroupsToClient(db, rows), page, total: total?.n ?? 0 };
}

async function offerRow(db: Queryable, id: string) {
  const [row] = await db
    .select()
    .from(discountGroups)
    .where(and(eq(discountGroups.id, id), isNull(discountGroups.deletedAt)));
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

export function discountRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  // Discounts applied: the caller's own, and all of the groups they staff or whose agency they run.
  app.get('/discount', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, discountListQuerySchema);
    const where: (SQL | undefined)[] = [visibleUses(me.memberId), useFilter(q.filter)];
    if (q.groupId) {
      await requireGroupReader(db, me.memberId, q.groupId);
      where.push(eq(discounts.groupId, q.groupId));
    }
    return c.json(await usesToClient(db, and(...where)!, q.page));
  });

  // Every discount applied at one group: its staff and its agency's admins only.
  app.get('/discount/all', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, discountAllQuerySchema);
    await requireGroupReader(db, me.memberId, q.groupId);
    const staff = await queryRows<{ ok: number }>(
      db,
      sql`SELECT 1 AS ok WHERE ${q.groupId}::uuid IN (${managedGroupIds(me.memberId)})`,
    );
    if (!staff[0]) throw new ApiError(403, 'forbidden');
    return c.json(await usesToClient(db, eq(discounts.groupId, q.groupId), 1));
  });

  app.get('/discount/:id', async (c) => {
    const me = requireMember(c);
    const id = uuidParam(c, 'id');
    const [exists] = await db
      .select({ id: discounts.id })
      .from(discounts)
      .where(eq(discounts.id, id));
    if (!exists) throw new ApiError(404, 'not_found');
    const page = await usesToClient(db, and(eq(discounts.id, id), visibleUses(me.memberId))!, 1);
    if (!page.items[0]) throw new ApiError(403, 'forbidden');
    return c.json(page.items[0]);
  });

  // Offers of the caller's groups and of their agencies' groups.
  app.get('/discountGroup', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, discountListQuerySchema);
    const where: (SQL | undefined)[] = [
      isNull(discountGroups.deletedAt),
      sql`${discountGroups.groupId} IN (${readableGroupIds(me.memberId)})`,
      q.filter ? ilike(discountGroups.title, likeOf(q.filter)) : undefined,
    ];
    if (q.groupId) {
      await requireGroupReader(db, me.memberId, q.groupId);
      where.push(eq(discountGroups.groupId, q.groupId));
    }
    return c.json(await offerPage(db, and(...where)!, q.page));
  });

  app.get('/discountGroup/all', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, discountAllQuerySchema);
    await requireGroupReader(db, me.memberId, q.groupId);
    const rows = await db
      .select()
      .from(discountGroups)
      .where(and(eq(discountGroups.groupId, q.groupId), isNull(discountGroups.deletedAt)))
      .orderBy(desc(discountGroups.validTo), discountGroups.id);
    return c.json({ items: await discountGroupsToClient(db, rows) });
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
    const [existing] = await db
      .select({ id: discountGroups.id })
      .from(discountGroups)
      .where(eq(discountGroups.id, input.id));
    if (existing) throw new ApiError(409, 'conflict');
    const [row] = await db
      .insert(discountGroups)
      .values({ ...input, createdBy: me.memberId })
      .returning();
    return c.json((await discountGroupsToClient(db, [row!]))[0], 201);
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
    const [updated] = await db
      .update(discountGroups)
      .set({
        title: checked.title,
        description: checked.description,
        percent: checked.percent,
        validFrom: checked.validFrom,
        validTo: checked.validTo,
        active: checked.active,
        updatedAt: sql`now()`,
      })
      .where(eq(discountGroups.id, id))
      .returning();
    return c.json((await discountGroupsToClient(db, [updated!]))[0]);
  });

  return app;
}
