// Spec §6 agency admins, §7 getListAdminByAgency, getListGroupByAgency, getOrganizeAdmins,
// updateUByIdByAdminAgency and the curation of recommended products (decision 0810). Every
// call is for an admin of the agency it names (or of their first agency when none is named).
import { Hono } from 'hono';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { readBody, readQuery, uuidParam } from '../http/input';
import { agencies, agencyAdmins, groupMembers, groups, members, products } from '../db/schema';
import { agencyRecommendedProducts } from '../db/schema-agency';
import {
  agencyGroupAdminSchema,
  agencyGroupCreateSchema,
  agencyGroupsQuerySchema,
  agencyGroupUpdateSchema,
  agencyIdQuerySchema,
  agencyPageSize,
  recommendProductsSchema,
  type AgencyAdmin,
  type AgencyGroup,
  type AgencyPage,
  type AgencySummary,
  type OrganizeAdmin,
} from '../../contract/agency';
import { administeredAgencies, requireAgencyAdmin, requireGroup } from '../agency-access';
import { checkUrlMinify } from '../card-links';
import { findMember } from '../domain/cards';
import { slugForName } from '../auth/url-minify';

const agencyGroupColumns = {
  id: groups.id,
  name: groups.name,
  note: groups.note,
  urlMinify: groups.urlMinify,
  kind: groups.kind,
  language: groups.language,
  layoutPermission: groups.layoutPermission,
};

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export function agencyRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  // The agencies the caller administers (the app shows its agency screens when there is one).
  app.get('/agency/mine', async (c) => {
    const me = requireMember(c);
    const ids = await administeredAgencies(db, me.memberId);
    const rows: AgencySummary[] =
      ids.length === 0
        ? []
        : await db
            .select({ id: agencies.id, name: agencies.name, urlMinify: agencies.urlMinify })
            .from(agencies)
            .where(inArray(agencies.id, ids));
    return c.json({ agencies: ids.map((id) => rows.find((r) => r.id === id)!).filter(Boolean) });
  });

  app.get('/members/getListAdminByAgency/:agencyId', async (c) => {
    const me = requireMember(c);
    const agencyId = await requireAgencyAdmin(db, me.memberId, uuidParam(c, 'agencyId'));
    const items: AgencyAdmin[] = await db
      .select({
        memberId: members.id,
        name: members.name,
        urlMinify: members.urlMinify,
        avatarUrl: members.avatarUrl,
      })
      .from(agencyAdmins)
      .innerJoin(members, eq(members.id, agencyAdmins.memberId))
      .where(and(eq(agencyAdmins.agencyId, agencyId), isNull(members.deletedAt)))
      .orderBy(asc(agencyAdmins.createdAt), asc(members.id));
    return c.json({ items });
  });

  app.get('/members/getListGroupByAgency', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, agencyGroupsQuerySchema);
    const agencyId = await requireAgencyAdmin(db, me.memberId, q.agencyId);
    const where = and(
      eq(groups.agencyId, agencyId),
      isNull(groups.deletedAt),
      q.filter
        ? or(ilike(groups.name, likeOf(q.filter)), ilike(groups.urlMinify, likeOf(q.filter)))
        : undefined,
    );
    const [total] = await db.select({ n: count() }).from(groups).where(where);
    const rows = await db
      .select({
        id: groups.id,
        name: groups.name,
        note: groups.note,
        urlMinify: groups.urlMinify,
        kind: groups.kind,
        language: groups.language,
        layoutPermission: groups.layoutPermission,
        // Written out: drizzle renders ${groups.id} as a bare "id" here, which the subquery
        // read as gm.id (every count was 0).
        members: sql<number>`(SELECT count(*)::int FROM group_members gm
          WHERE gm.group_id = "groups"."id" AND gm.status = 'active' AND gm.deleted_at IS NULL)`,
      })
      .from(groups)
      .where(where)
      .orderBy(asc(groups.name), asc(groups.id))
      .limit(agencyPageSize)
      .offset((q.page - 1) * agencyPageSize);
    const page: AgencyPage<AgencyGroup> = {
      items: rows.map((r) => ({ ...r, members: Number(r.members) })),
      page: q.page,
      total: total?.n ?? 0,
    };
    return c.json(page);
  });

  app.get('/groupAndBrand/getOrganizeAdmins', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, agencyIdQuerySchema);
    const agencyId = await requireAgencyAdmin(db, me.memberId, q.agencyId);
    const rows = await db
      .select({
        memberId: members.id,
        name: members.name,
        urlMinify: members.urlMinify,
        avatarUrl: members.avatarUrl,
        groupId: groups.id,
        groupName: groups.name,
        role: groupMembers.role,
      })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .innerJoin(members, eq(members.id, groupMembers.memberId))
      .where(
        and(
          eq(groups.agencyId, agencyId),
          isNull(groups.deletedAt),
          inArray(groupMembers.role, ['admin', 'seller']),
          eq(groupMembers.status, 'active'),
          isNull(groupMembers.deletedAt),
        ),
      )
      .orderBy(asc(groups.name), asc(groupMembers.role), asc(members.name));
    return c.json({ items: rows as OrganizeAdmin[] });
  });

  app.put('/groupAndBrand/updateUByIdByAdminAgency/:id', async (c) => {
    const me = requireMember(c);
    const group = await requireGroup(db, uuidParam(c, 'id'));
    if (!group.agencyId) throw new ApiError(403, 'forbidden');
    await requireAgencyAdmin(db, me.memberId, group.agencyId);
    const input = await readBody(c, agencyGroupUpdateSchema);
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const [row] = await db
      .update(groups)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(groups.id, group.id))
      .returning(agencyGroupColumns);
    return c.json(row);
  });

  // A new group or brand of the agency (decision 1041); its short link is made from the name.
  app.post('/groupAndBrand/createByAdminAgency', async (c) => {
    const me = requireMember(c);
    const input = await readBody(c, agencyGroupCreateSchema);
    const agencyId = await requireAgencyAdmin(db, me.memberId, input.agencyId);
    const row = await db.transaction(async (tx) => {
      let link = slugForName(input.name.slice(0, 30));
      while ((await checkUrlMinify(tx, link)).exists) link = slugForName(input.name.slice(0, 30));
      const [created] = await tx
        .insert(groups)
        .values({
          name: input.name,
          kind: input.kind,
          note: input.note ?? null,
          urlMinify: link,
          agencyId,
        })
        .returning(agencyGroupColumns);
      return created!;
    });
    const group: AgencyGroup = { ...row, members: 0 };
    return c.json(group, 201);
  });

  // Archived: the group leaves the agency's lists and its card; its ledger and reports stay.
  app.put('/groupAndBrand/archiveByAdminAgency/:id', async (c) => {
    const me = requireMember(c);
    const group = await requireGroup(db, uuidParam(c, 'id'));
    if (!group.agencyId) throw new ApiError(403, 'forbidden');
    await requireAgencyAdmin(db, me.memberId, group.agencyId);
    await db
      .update(groups)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(groups.id, group.id));
    return c.json({ id: group.id, archived: true });
  });

  // Names a member (card link, short link or id) admin of one of the agency's groups.
  app.put('/groupAndBrand/setAdminByAdminAgency/:id', async (c) => {
    const me = requireMember(c);
    const group = await requireGroup(db, uuidParam(c, 'id'));
    if (!group.agencyId) throw new ApiError(403, 'forbidden');
    await requireAgencyAdmin(db, me.memberId, group.agencyId);
    const input = await readBody(c, agencyGroupAdminSchema);
    const key =
      input.card
        .replace(/[?#].*$/, '')
        .replace(/\/+$/, '')
        .split('/')
        .pop() ?? '';
    const person = key ? await findMember(db, key) : undefined;
    if (!person) {
      throw new ApiError(400, 'validation_failed', { card: 'group_admin_card_not_found' });
    }
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: groupMembers.id })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.memberId, person.id)))
        .for('update');
      if (row) {
        await tx
          .update(groupMembers)
          .set({ role: 'admin', status: 'active', deletedAt: null, updatedAt: sql`now()` })
          .where(eq(groupMembers.id, row.id));
      } else {
        await tx
          .insert(groupMembers)
          .values({ groupId: group.id, memberId: person.id, role: 'admin', status: 'active' });
      }
    });
    const admin: OrganizeAdmin = {
      memberId: person.id,
      name: person.name,
      urlMinify: person.urlMinify,
      avatarUrl: person.avatarUrl,
      groupId: group.id,
      groupName: group.name,
      role: 'admin',
    };
    return c.json(admin);
  });

  // The agency's recommended products (ids in order), for its admins' curation screen.
  app.get('/productMember/recommendProducts', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, agencyIdQuerySchema);
    const agencyId = await requireAgencyAdmin(db, me.memberId, q.agencyId);
    const rows = await db
      .select({ productId: agencyRecommendedProducts.productId })
      .from(agencyRecommendedProducts)
      .where(eq(agencyRecommendedProducts.agencyId, agencyId))
      .orderBy(asc(agencyRecommendedProducts.ordinal));
    return c.json({ agencyId, productIds: rows.map((r) => r.productId) });
  });

  // Replaces the list; only products of the agency's groups may be recommended.
  app.put('/productMember/recommendProducts', async (c) => {
    const me = requireMember(c);
    const input = await readBody(c, recommendProductsSchema);
    const agencyId = await requireAgencyAdmin(db, me.memberId, input.agencyId);
    const ids = [...new Set(input.productIds)];
    if (ids.length > 0) {
      const found = await db
        .select({ id: products.id })
        .from(products)
        .innerJoin(groups, eq(groups.id, products.groupId))
        .where(
          and(inArray(products.id, ids), eq(groups.agencyId, agencyId), isNull(products.deletedAt)),
        );
      if (found.length !== ids.length) {
        throw new ApiError(422, 'not_allowed_value', { productIds: 'not_allowed_value' });
      }
    }
    await db.transaction(async (tx) => {
      await tx
        .delete(agencyRecommendedProducts)
        .where(eq(agencyRecommendedProducts.agencyId, agencyId));
      if (ids.length > 0) {
        await tx
          .insert(agencyRecommendedProducts)
          .values(ids.map((productId, ordinal) => ({ agencyId, productId, ordinal })));
      }
    });
    return c.json({ agencyId, productIds: ids });
  });

  return app;
}
