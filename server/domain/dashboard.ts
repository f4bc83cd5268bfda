// Whose statistics a dashboard shows (decision 0910): the member or brand asked for, and
// whether the viewer runs it.
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/client';
import { activeMembershipSql } from './membership';

/** A live member's id, name and short link. */
export async function dashboardMember(
  db: Queryable,
  id: string,
): Promise<{ id: string; name: string; url_minify: string | null } | undefined> {
  const [member] = await queryRows<{ id: string; name: string; url_minify: string | null }>(
    db,
    sql`SELECT id, name, url_minify FROM members WHERE id = ${id} AND deleted_at IS NULL`,
  );
  return member;
}

/** A live brand's id and name. */
export async function dashboardBrand(
  db: Queryable,
  id: string,
): Promise<{ id: string; name: string } | undefined> {
  const [brand] = await queryRows<{ id: string; name: string }>(
    db,
    sql`SELECT id, name FROM groups WHERE id = ${id} AND deleted_at IS NULL`,
  );
  return brand;
}

/** Whether the viewer owns or administers the brand. */
export async function runsBrand(
  db: Queryable,
  viewerId: string,
  groupId: string,
): Promise<boolean> {
  const rows = await queryRows<{ ok: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM groups WHERE id = ${groupId} AND owner_member_id = ${viewerId})
        OR EXISTS (SELECT 1 FROM group_members WHERE group_id = ${groupId}
          AND member_id = ${viewerId} AND role = 'admin' AND ${activeMembershipSql('group_members')}) AS ok`,
  );
  return rows[0]?.ok === true;
}

/** Whether the viewer runs a brand the member belongs to. */
export async function runsBrandOf(
  db: Queryable,
  viewerId: string,
  memberId: string,
): Promise<boolean> {
  const rows = await queryRows<{ ok: boolean }>(
    db,
    sql`SELECT EXISTS (
          SELECT 1 FROM group_members target
          JOIN groups g ON g.id = target.group_id AND g.deleted_at IS NULL
          WHERE target.member_id = ${memberId} AND ${activeMembershipSql('target')}
            AND (g.owner_member_id = ${viewerId} OR EXISTS (
              SELECT 1 FROM group_members a WHERE a.group_id = g.id AND a.member_id = ${viewerId}
                AND a.role = 'admin' AND ${activeMembershipSql('a')}))
        ) AS ok`,
  );
  return rows[0]?.ok === true;
}
