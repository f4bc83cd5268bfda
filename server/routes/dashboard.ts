// POST /dashboard/member/{id} and /dashboard/brand/{id} (spec §7; decision 0910): statistics of
// a member's card, or of a brand's page and its members' cards, over a range of Vietnam days.
// A member sees their own card; a brand's owner or admins see the brand and its members.
import { Hono } from 'hono';
import { isUuid } from '../../contract/common';
import {
  statsQuerySchema,
  type BrandStatsReport,
  type MemberStatsReport,
} from '../../contract/statistics';
import { dashboardBrand, dashboardMember, runsBrand, runsBrandOf } from '../domain/dashboard';
import { requireMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { forbidden, notFound } from '../http/errors';
import { readBody } from '../http/input';
import {
  brandMemberIds,
  brandPointsPerDay,
  rankedMembers,
  readStatistics,
} from '../stats/statistics-read';

export function dashboardRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  app.post('/dashboard/member/:id', async (c) => {
    const viewer = requireMember(c).memberId;
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound();
    const member = await dashboardMember(db, id);
    if (!member) throw notFound();
    if (member.id !== viewer && !(await runsBrandOf(db, viewer, member.id))) throw forbidden();
    const query = await readBody(c, statsQuerySchema);
    const report: MemberStatsReport = {
      ...(await readStatistics(db, [member.id], query)),
      member: { id: member.id, name: member.name, urlMinify: member.url_minify },
    };
    return c.json(report);
  });

  app.post('/dashboard/brand/:id', async (c) => {
    const viewer = requireMember(c).memberId;
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound();
    const brand = await dashboardBrand(db, id);
    if (!brand) throw notFound();
    if (!(await runsBrand(db, viewer, brand.id))) throw forbidden();
    const query = await readBody(c, statsQuerySchema);
    const memberIds = await brandMemberIds(db, brand.id);
    const [overall, members, points] = await Promise.all([
      // The brand's reach: its own page and every member's card together.
      readStatistics(db, [brand.id, ...memberIds], query),
      rankedMembers(db, brand.id, query),
      brandPointsPerDay(db, brand.id, query),
    ]);
    const membersTotals = members.reduce(
      (sum, m) => ({
        views: sum.views + m.views,
        visitors: sum.visitors + m.visitors,
        saves: sum.saves + m.saves,
        clicks: sum.clicks + m.clicks,
      }),
      { views: 0, visitors: 0, saves: 0, clicks: 0 },
    );
    const report: BrandStatsReport = {
      ...overall,
      brand: { id: brand.id, name: brand.name },
      membersTotals,
      members,
      points,
    };
    return c.json(report);
  });

  return app;
}
