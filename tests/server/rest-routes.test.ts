// The REST route table (contract/rest-routes.ts, decision 1140) against the server's own
// routes: every call the app makes is one the server answers, by method and path, and every
// route has its answer schema.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { agencies, groups, members } from '../../server/db/schema';
import * as restRoutes from '../../contract/rest-routes';
import { restAnswerSchemas } from '../../contract/rest-answers';
import type { RestRoute } from '../../contract/rest-routes';
import { startTestServer } from './test-server';

const table = Object.entries(restRoutes) as [string, RestRoute][];

/**
 * Whether a server path pattern serves the table's path: a `:name` of the table stands for any
 * value, so it meets a server parameter or a fixed word (a route per registration action).
 */
function serves(serverPath: string, tablePath: string): boolean {
  const server = serverPath.split('/');
  const wanted = tablePath.split('/');
  if (server.length !== wanted.length) return false;
  return server.every((part, i) => {
    const asked = wanted[i] ?? '';
    if (asked.startsWith(':')) return true;
    return part.startsWith(':') || part === asked;
  });
}

describe('the REST route table', () => {
  it('names each route as it is exported, with its answer schema', () => {
    for (const [exported, route] of table) expect(route.name).toBe(exported);
    expect(table.map(([name]) => name).sort()).toEqual(Object.keys(restAnswerSchemas).sort());
  });

  it('holds only calls the server answers, by method and path', async () => {
    const server = await startTestServer();
    const served = server.app.routes.filter((r) => r.method !== 'ALL');
    const missing = table
      .filter(
        ([, route]) =>
          !served.some((r) => r.method === route.method && serves(r.path, `/api${route.path}`)),
      )
      .map(([, route]) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
  });

  it("matches the server's real answers on the demo data (reads of a member and a brand)", async () => {
    const server = await startTestServer({ demo: true });
    const db = server.database.db;
    const [demo] = await db.select().from(members).where(eq(members.urlMinify, 'demo'));
    const [brand] = await db.select().from(groups).where(eq(groups.urlMinify, 'demo-brand'));
    const [brandOwner] = await db
      .select()
      .from(members)
      .where(eq(members.email, 'brand@mecards.vn'));
    const [agency] = await db.select().from(agencies).where(eq(agencies.urlMinify, 'demo-agency'));
    const token = await server.tokenFor(demo!.id);
    const statsRange = { from: '2026-01-01', to: '2026-01-31' };
    const ownerToken = await server.tokenFor(brandOwner!.id);
    // [route, path parameters, query, whose token (the demo member's by default), body]
    const reads: [RestRoute, Record<string, string>, Record<string, string>?, string?, unknown?][] =
      [
        [restRoutes.authProfile, {}],
        [restRoutes.authAuthenticating, {}],
        [restRoutes.authProviders, {}],
        [restRoutes.pushConfig, {}],
        [restRoutes.banks, {}],
        [restRoutes.careers, {}],
        [restRoutes.interests, {}],
        [restRoutes.provinces, {}],
        [restRoutes.stylesList, {}],
        [restRoutes.themeCheckAuth, {}],
        [restRoutes.urlMinifyCheck, { link: 'demo' }],
        [restRoutes.walletConfig, {}],
        [restRoutes.myAgencies, {}],
        [restRoutes.bioLinkClicks, {}],
        [restRoutes.shortLinkClicks, {}],
        [restRoutes.memberCardView, { memberId: demo!.id }],
        [restRoutes.groupCardView, { groupId: brand!.id }],
        [restRoutes.memberFormData, { memberId: demo!.id }],
        [restRoutes.memberPoint, { memberKey: demo!.id }],
        [restRoutes.joinStatus, { groupId: brand!.id }],
        [restRoutes.discountUses, {}],
        [restRoutes.syncPull, {}],
        [restRoutes.wards, {}, { idProvincial: '68' }],
        [restRoutes.dashboardMember, { id: demo!.id }, {}, token, statsRange],
        // The brand's owner, also an agency admin: the brand's and the agency's screens.
        [restRoutes.brandSettings, { groupId: brand!.id }, {}, ownerToken],
        [restRoutes.brandFormData, { groupId: brand!.id }, {}, ownerToken],
        [restRoutes.customers, { groupId: brand!.id }, { page: '1' }, ownerToken],
        [restRoutes.groupMembers, { groupId: brand!.id }, { page: '1' }, ownerToken],
        [restRoutes.groupMemberRequests, { groupId: brand!.id }, { page: '1' }, ownerToken],
        [restRoutes.dashboardBrand, { id: brand!.id }, {}, ownerToken, statsRange],
        [restRoutes.agencyGroups, {}, { agencyId: agency!.id }, ownerToken],
        [restRoutes.agencyAdmins, { agencyId: agency!.id }, {}, ownerToken],
        [restRoutes.organizeAdmins, {}, { agencyId: agency!.id }, ownerToken],
        [restRoutes.exploreDirectory, {}, { agencyId: agency!.id }, ownerToken],
        [restRoutes.associationReport, {}, { groupId: brand!.id }, ownerToken],
        [restRoutes.registrationList, {}, { groupId: brand!.id }, ownerToken],
        [restRoutes.cardViewByLink, { link: 'demo' }],
      ];
    const problems: string[] = [];
    for (const [route, params, query = {}, as = token, json] of reads) {
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
      const search = new URLSearchParams(query).toString();
      const response = await server.request(`/api${path}${search ? `?${search}` : ''}`, {
        method: route.method,
        token: as,
        ...(json === undefined ? {} : { json }),
      });
      if (!response.ok) {
        problems.push(`${route.name}: ${response.status}`);
        continue;
      }
      const result = v.safeParse(restAnswerSchemas[route.name], await response.json());
      if (!result.success) {
        const [issue] = result.issues;
        problems.push(`${route.name}: ${v.getDotPath(issue) ?? ''} ${issue.message}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
