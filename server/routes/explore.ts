// Spec §7 Explore (decision 0810): an agency's directory of companies. Any logged-in member
// reads it (the app keeps a copy for offline search); the agency's admins replace it.
import { Hono } from 'hono';
import { and, asc, eq, inArray, isNotNull, isNull, max, notInArray, sql } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { readBody, readQuery } from '../http/input';
import type { Queryable } from '../db/client';
import { agencies, groupMembers, groups, members } from '../db/schema';
import { exploreCompanies } from '../db/schema-agency';
import {
  exploreQuerySchema,
  exploreUpdateSchema,
  type ExploreCompany,
  type ExploreDirectory,
} from '../../contract/agency';
import { administeredAgencies, requireAgencyAdmin } from '../agency-access';

async function directory(db: Queryable, agencyId: string): Promise<ExploreDirectory> {
  const [agency] = await db
    .select({ id: agencies.id, name: agencies.name, urlMinify: agencies.urlMinify })
    .from(agencies)
    .where(and(eq(agencies.id, agencyId), isNull(agencies.deletedAt)));
  if (!agency) throw new ApiError(404, 'not_found');
  const rows = await db
    .select()
    .from(exploreCompanies)
    .where(and(eq(exploreCompanies.agencyId, agencyId), isNull(exploreCompanies.deletedAt)))
    .orderBy(asc(exploreCompanies.ordinal), asc(exploreCompanies.name));
  const [latest] = await db
    .select({ at: max(exploreCompanies.updatedAt) })
    .from(exploreCompanies)
    .where(eq(exploreCompanies.agencyId, agencyId));
  const companies: ExploreCompany[] = rows.map((r) => ({
    id: r.id,
    agencyId: r.agencyId,
    name: r.name,
    sector: r.sector,
    province: r.province,
    address: r.address,
    phone: r.phone,
    website: r.website,
    description: r.description,
    cardUrl: r.cardUrl,
    ordinal: r.ordinal,
  }));
  return { agency, companies, updatedAt: latest?.at ? new Date(latest.at).toISOString() : null };
}

/** The agency of the first group the member belongs to, if any. */
async function agencyOfGroups(db: Queryable, memberId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ agencyId: groups.agencyId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.memberId, memberId),
        eq(groupMembers.status, 'active'),
        isNull(groupMembers.deletedAt),
        isNotNull(groups.agencyId),
      ),
    )
    .orderBy(asc(groupMembers.createdAt));
  return row?.agencyId ?? undefined;
}

export function exploreRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  // Without agencyId: the caller's own agency (the one they belong to, else the one they run).
  app.get('/exploreAgency', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, exploreQuerySchema);
    let agencyId = q.agencyId;
    if (!agencyId) {
      const [mine] = await db
        .select({ agencyId: members.agencyId })
        .from(members)
        .where(eq(members.id, me.memberId));
      agencyId =
        mine?.agencyId ??
        (await administeredAgencies(db, me.memberId))[0] ??
        (await agencyOfGroups(db, me.memberId));
      if (!agencyId) throw new ApiError(404, 'not_found');
    }
    return c.json(await directory(db, agencyId));
  });

  app.post('/exploreAgency/update', async (c) => {
    const me = requireMember(c);
    const input = await readBody(c, exploreUpdateSchema);
    const agencyId = await requireAgencyAdmin(db, me.memberId, input.agencyId);
    await db.transaction(async (tx) => {
      const keep = input.companies.flatMap((co) => (co.id ? [co.id] : []));
      if (keep.length > 0) {
        const foreign = await tx
          .select({ id: exploreCompanies.id })
          .from(exploreCompanies)
          .where(
            and(
              inArray(exploreCompanies.id, keep),
              sql`${exploreCompanies.agencyId} <> ${agencyId}`,
            ),
          );
        if (foreign[0]) throw new ApiError(403, 'forbidden');
      }
      await tx
        .update(exploreCompanies)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(exploreCompanies.agencyId, agencyId),
            isNull(exploreCompanies.deletedAt),
            keep.length > 0 ? notInArray(exploreCompanies.id, keep) : undefined,
          ),
        );
      for (const [ordinal, co] of input.companies.entries()) {
        const { id, ...fields } = co;
        if (id) {
          await tx
            .insert(exploreCompanies)
            .values({ id, agencyId, ...fields, ordinal })
            .onConflictDoUpdate({
              target: exploreCompanies.id,
              set: { ...fields, ordinal, deletedAt: null, updatedAt: sql`now()` },
            });
        } else {
          await tx.insert(exploreCompanies).values({ agencyId, ...fields, ordinal });
        }
      }
    });
    return c.json(await directory(db, agencyId));
  });

  return app;
}
