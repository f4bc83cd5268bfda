// An agency's directory of companies (decision 0810): read by any member, replaced by the
// agency's admins.
import { and, asc, eq, inArray, isNotNull, isNull, max, notInArray, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Database, Queryable } from '../db/client';
import { agencies, groupMembers, groups, members } from '../db/schema';
import { exploreCompanies } from '../db/schema-agency';
import { ApiError } from '../http/errors';
import type { ExploreCompany, ExploreDirectory, exploreUpdateSchema } from '../../contract/agency';
import { administeredAgencies } from '../agency-access';
import { activeMembership } from './membership';

type ExploreCompanyInput = v.InferOutput<typeof exploreUpdateSchema>['companies'][number];

/** The agency's directory; 404 for an unknown or deleted agency. */
export async function exploreDirectory(db: Queryable, agencyId: string): Promise<ExploreDirectory> {
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
  const companies = rows.map(companyOf);
  return { agency, companies, updatedAt: latest?.at ? new Date(latest.at).toISOString() : null };
}

function companyOf(r: typeof exploreCompanies.$inferSelect): ExploreCompany {
  return {
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
  };
}

/**
 * One company of a live agency's directory, for a detail opened by a link on a device that has
 * not loaded the directory; 404 when it was deleted or never existed.
 */
export async function exploreCompany(db: Queryable, companyId: string): Promise<ExploreCompany> {
  const [row] = await db
    .select({ company: exploreCompanies })
    .from(exploreCompanies)
    .innerJoin(agencies, eq(agencies.id, exploreCompanies.agencyId))
    .where(
      and(
        eq(exploreCompanies.id, companyId),
        isNull(exploreCompanies.deletedAt),
        isNull(agencies.deletedAt),
      ),
    );
  if (!row) throw new ApiError(404, 'not_found');
  return companyOf(row.company);
}

/** The agency of the first group the member belongs to, if any. */
async function agencyOfGroups(db: Queryable, memberId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ agencyId: groups.agencyId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.memberId, memberId), activeMembership(), isNotNull(groups.agencyId)))
    .orderBy(asc(groupMembers.createdAt));
  return row?.agencyId ?? undefined;
}

/** The member's own agency: the one they belong to, else one they run, else their groups'. */
export async function ownAgencyOf(db: Queryable, memberId: string): Promise<string | undefined> {
  const [mine] = await db
    .select({ agencyId: members.agencyId })
    .from(members)
    .where(eq(members.id, memberId));
  return (
    mine?.agencyId ??
    (await administeredAgencies(db, memberId))[0] ??
    (await agencyOfGroups(db, memberId))
  );
}

/**
 * Replaces the agency's directory with these companies, in this order: listed ids are kept
 * (another agency's id is 403), the others are deleted, new ones are added.
 */
export async function replaceExploreCompanies(
  db: Database,
  agencyId: string,
  companies: ExploreCompanyInput[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const keep = companies.flatMap((co) => (co.id ? [co.id] : []));
    if (keep.length > 0) {
      const foreign = await tx
        .select({ id: exploreCompanies.id })
        .from(exploreCompanies)
        .where(
          and(inArray(exploreCompanies.id, keep), sql`${exploreCompanies.agencyId} <> ${agencyId}`),
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
    for (const [ordinal, co] of companies.entries()) {
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
}
