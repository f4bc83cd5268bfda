// Whose points a caller asks for: a member by id, short link, or (for staff) phone.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { isUuid } from '../../../contract/common';
import { normalizePhone, phoneDigits } from '../../../contract/phone';
import { queryRows, type Queryable } from '../../db/client';
import { members } from '../../db/schema';
import { staffGroupIds } from './staff';
import { activeMembershipSql } from '../membership';

/**
 * The member {key} names for the caller: their id or short link, or a phone that the caller's
 * staffed groups know. Deleted members are not found.
 */
export async function findPointHolder(db: Queryable, callerId: string, key: string) {
  const phone = normalizePhone(key);
  const byPhone = phone ? await staffedPersonByPhone(db, callerId, phone) : undefined;
  const [member] = await db
    .select({
      id: members.id,
      name: members.name,
      urlMinify: members.urlMinify,
      avatarUrl: members.avatarUrl,
    })
    .from(members)
    .where(
      and(
        isNull(members.deletedAt),
        byPhone
          ? eq(members.id, byPhone)
          : isUuid(key)
            ? or(eq(members.id, key.toLowerCase()), eq(members.urlMinify, key))
            : eq(members.urlMinify, key),
      ),
    );
  return member;
}

/**
 * The member with a card whom a staffer's groups know by this phone (their members and
 * customers): a phone is looked up only there, so it cannot be used to find anyone else.
 * Phones are compared as contract/phone.ts reads them, whatever spaces or +84 they were saved with.
 */
async function staffedPersonByPhone(
  db: Queryable,
  staffId: string,
  phone: string,
): Promise<string | undefined> {
  const rows = await queryRows<{ member_id: string; phone: string | null }>(
    db,
    sql`SELECT gm.member_id, m.phone FROM group_members gm JOIN members m ON m.id = gm.member_id
          WHERE gm.group_id IN (${staffGroupIds(staffId)}) AND ${activeMembershipSql('gm')}
            AND m.deleted_at IS NULL
        UNION ALL
        SELECT gm.member_id, m.contact_phone FROM group_members gm JOIN members m ON m.id = gm.member_id
          WHERE gm.group_id IN (${staffGroupIds(staffId)}) AND ${activeMembershipSql('gm')}
            AND m.deleted_at IS NULL
        UNION ALL
        SELECT c.member_id, c.phone FROM customers c
          WHERE c.group_id IN (${staffGroupIds(staffId)}) AND c.member_id IS NOT NULL
            AND c.deleted_at IS NULL`,
  );
  return rows.find((r) => phoneDigits(r.phone) === phone)?.member_id;
}
