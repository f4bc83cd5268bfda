// Association reports (decision 0810): a group's monthly figures, one report per month.
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { groups } from '../db/schema';
import { associationReports } from '../db/schema-agency';
import { ApiError } from '../http/errors';
import type { AssociationReport, AssociationReportFile } from '../../contract/association-report';

/** The reports of these groups, by month then group name. */
export async function reportsOf(db: Queryable, groupIds: string[]): Promise<AssociationReport[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({
      id: associationReports.id,
      groupId: associationReports.groupId,
      groupName: groups.name,
      month: associationReports.month,
      turnover: associationReports.turnover,
      domesticRevenue: associationReports.domesticRevenue,
      exportRevenue: associationReports.exportRevenue,
      exportMarkets: associationReports.exportMarkets,
      updatedAt: associationReports.updatedAt,
    })
    .from(associationReports)
    .innerJoin(groups, eq(groups.id, associationReports.groupId))
    .where(inArray(associationReports.groupId, groupIds))
    .orderBy(asc(associationReports.month), asc(groups.name));
  return rows.map((r) => ({
    ...r,
    turnover: Number(r.turnover),
    domesticRevenue: Number(r.domesticRevenue),
    exportRevenue: Number(r.exportRevenue),
    updatedAt: new Date(r.updatedAt).toISOString(),
  }));
}

/** The live groups of an agency. */
export async function agencyGroupIds(db: Queryable, agencyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.agencyId, agencyId), isNull(groups.deletedAt)));
  return rows.map((r) => r.id);
}

/**
 * Files a group's report for a month, or edits the one with `input.id`. A second report for
 * the same month is refused with 409.
 */
export function fileAssociationReport(
  db: Database,
  memberId: string,
  input: AssociationReportFile,
): Promise<{ id: string; status: 200 | 201 }> {
  const values = {
    month: input.month,
    turnover: input.turnover,
    domesticRevenue: input.domesticRevenue,
    exportRevenue: input.exportRevenue,
    exportMarkets: input.exportMarkets,
    filedBy: memberId,
  };
  return db.transaction(async (tx) => {
    // One writer per group at a time, so two filings of one month cannot both pass the check.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`report:${input.groupId}`}, 0))`,
    );
    const sameMonth = await tx
      .select({ id: associationReports.id })
      .from(associationReports)
      .where(
        and(
          eq(associationReports.groupId, input.groupId),
          eq(associationReports.month, input.month),
          input.id ? ne(associationReports.id, input.id) : undefined,
        ),
      );
    if (sameMonth[0]) {
      throw new ApiError(409, 'report_month_exists', { month: 'report_month_exists' });
    }
    if (input.id) {
      const [updated] = await tx
        .update(associationReports)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(eq(associationReports.id, input.id), eq(associationReports.groupId, input.groupId)),
        )
        .returning({ id: associationReports.id });
      if (!updated) throw new ApiError(404, 'not_found');
      return { id: updated.id, status: 200 as const };
    }
    const [created] = await tx
      .insert(associationReports)
      .values({ groupId: input.groupId, ...values })
      .returning({ id: associationReports.id });
    return { id: created!.id, status: 201 as const };
  });
}
