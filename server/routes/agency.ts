// Spec §6 agency admins, §7 getListAdminByAgency, getListGroupByAgency, getOrganizeAdmins,
// updateUByIdByAdminAgency and the curation of recommended products (decision 0810). Every
// call is for an admin of the agency it names (or of their first agency when none is named).
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { readBody, readQuery, uuidParam } from '../http/input';
import {
  agencyGroupAdminSchema,
  agencyGroupCreateSchema,
  agencyGroupsQuerySchema,
  agencyGroupUpdateSchema,
  agencyIdQuerySchema,
  recommendProductsSchema,
  type AgencyGroup,
  type OrganizeAdmin,
} from '../../contract/agency';
import { administeredAgencies, requireAgencyAdmin, requireGroup } from '../agency-access';
import { findMember } from '../domain/cards';
import {
  agencyAdminsOf,
  agencyGroupPage,
  agencySummaries,
  archiveGroup,
  createAgencyGroup,
  makeGroupAdmin,
  organizeAdmins,
  recommendedProductIds,
  replaceRecommendedProducts,
  updateAgencyGroup,
} from '../domain/agencies';

export function agencyRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  // The agencies the caller administers (the app shows its agency screens when there is one).
  app.get('/agency/mine', async (c) => {
    const me = requireMember(c);
    const ids = await administeredAgencies(db, me.memberId);
    const rows = await agencySummaries(db, ids);
    return c.json({ agencies: ids.map((id) => rows.find((r) => r.id === id)!).filter(Boolean) });
  });

  app.get('/members/getListAdminByAgency/:agencyId', async (c) => {
    const me = requireMember(c);
    const agencyId = await requireAgencyAdmin(db, me.memberId, uuidParam(c, 'agencyId'));
    const items = await agencyAdminsOf(db, agencyId);
    return c.json({ items });
  });

  app.get('/members/getListGroupByAgency', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, agencyGroupsQuerySchema);
    const agencyId = await requireAgencyAdmin(db, me.memberId, q.agencyId);
    const page = await agencyGroupPage(db, agencyId, q);
    return c.json(page);
  });

  app.get('/groupAndBrand/getOrganizeAdmins', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, agencyIdQuerySchema);
    const agencyId = await requireAgencyAdmin(db, me.memberId, q.agencyId);
    const rows = await organizeAdmins(db, agencyId);
    return c.json({ items: rows });
  });

  app.put('/groupAndBrand/updateUByIdByAdminAgency/:id', async (c) => {
    const me = requireMember(c);
    const group = await requireGroup(db, uuidParam(c, 'id'));
    if (!group.agencyId) throw new ApiError(403, 'forbidden');
    await requireAgencyAdmin(db, me.memberId, group.agencyId);
    const input = await readBody(c, agencyGroupUpdateSchema);
    const row = await updateAgencyGroup(db, group.id, input);
    return c.json(row);
  });

  // A new group or brand of the agency (decision 1041); its short link is made from the name.
  app.post('/groupAndBrand/createByAdminAgency', async (c) => {
    const me = requireMember(c);
    const input = await readBody(c, agencyGroupCreateSchema);
    const agencyId = await requireAgencyAdmin(db, me.memberId, input.agencyId);
    const row = await createAgencyGroup(db, agencyId, input);
    const group: AgencyGroup = { ...row, members: 0 };
    return c.json(group, 201);
  });

  // Archived: the group leaves the agency's lists and its card; its ledger and reports stay.
  app.put('/groupAndBrand/archiveByAdminAgency/:id', async (c) => {
    const me = requireMember(c);
    const group = await requireGroup(db, uuidParam(c, 'id'));
    if (!group.agencyId) throw new ApiError(403, 'forbidden');
    await requireAgencyAdmin(db, me.memberId, group.agencyId);
    await archiveGroup(db, group.id);
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
    await makeGroupAdmin(db, group.id, person.id);
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
    const productIds = await recommendedProductIds(db, agencyId);
    return c.json({ agencyId, productIds });
  });

  // Replaces the list; only products of the agency's groups may be recommended.
  app.put('/productMember/recommendProducts', async (c) => {
    const me = requireMember(c);
    const input = await readBody(c, recommendProductsSchema);
    const agencyId = await requireAgencyAdmin(db, me.memberId, input.agencyId);
    const ids = [...new Set(input.productIds)];
    await replaceRecommendedProducts(db, agencyId, ids);
    return c.json({ agencyId, productIds: ids });
  });

  return app;
}
