// POST /dashboard/member/{id} and /dashboard/brand/{id} (spec §7; decision 0910): statistics of
// a member's card, or of a brand's page and its members' cards, over a range of Vietnam days.
// A member sees their own card; a brand's owner or admins see the brand and its members.
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { isUuid } from '../../contract/common';
import {
  statsQuerySchema,
  type BrandStatsReport,
  type MemberStatsReport,
} from '../../contract/statistics';
import { queryRows, type Queryable } from '../db/client';
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

/** Whether the viewer owns or administers the brand. */
async function runsBrand(db: Queryable, viewerId: string, groupId: string): Promise<boolean> {
  const rows = await queryRows<{ ok: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM groups WHERE id = ${groupId} AND owner_member_id = ${viewerId})
        OR EXISTS (SELECT 1 FROM group_members WHERE group_id = ${groupId}
          AND member_id = ${viewerId} AND role = 'admin' AND status = 'active'
          AND deleted_at IS NULL) AS ok`,
  );
  return rows[0]?.ok === true;
}

/** Whether the viewer runs a brand the member belongs to. */
async function runsBrandOf(db: Queryable, viewerId: string, memberId: string): Promise<boolean> {
  const rows = await queryRows<{ ok: boolean }>(
    db,
    sql`SELECT EXISTS (
          SELECT 1 FROM group_members target
          JOIN groups g ON g.id = target.group_id AND g.deleted_at IS NULL
          WHERE target.member_id = ${memberId} AND target.status = 'active'
            AND target.deleted_at IS NULL
            AND (g.owner_member_id = ${viewerId} OR EXISTS (
              SELECT 1 FROM group_members a WHERE a.group_id = g.id AND a.member_id = ${viewerId}
                AND a.role = 'admin' AND a.status = 'active' AND a.deleted_at IS NULL))
        ) AS ok`,
  );
  return rows[0]?.ok === true;
}

export function dashboardRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  app.post('/dashboard/member/:id', async (c) => {
    const viewer = requireMember(c).memberId;
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound();
    const [member] = await queryRows<{ id: string; name: string; url_minify: string | null }>(
      db,
      sql`SELECT id, name, url_minify FROM members WHERE id = ${id} AND deleted_at IS NULL`,
    );
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
    const [brand] = await queryRows<{ id: string; name: string }>(
      db,
      sql`SELECT id, name FROM groups WHERE id = ${id} AND deleted_at IS NULL`,
    );
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
