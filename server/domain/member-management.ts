// Member management of a group (decision 0800): the admins' member lists and writes (join
// requests, roles, account lock) and a member's own join request.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { phoneDigits } from '../../contract/phone';
import {
  memberPageSize,
  searchKey,
  type GroupMemberItem,
  type JoinStatus,
  type MemberListPage,
  type memberStatusSchema,
} from '../../contract/member-management';
import { queryRows, type Queryable, type Transaction } from '../db/client';
import { groupMembers, members } from '../db/schema';
import { memberStatusChanges } from '../db/schema-member-management';
import { ApiError, notFound } from '../http/errors';
import { endOtherSessions } from '../auth/sessions';
import {
  countAdmins,
  groupRoleOf,
  groupsOnlyAdminedBy,
  requireGroup,
  requireGroupAdmin,
} from '../auth/group-roles';

type MemberStatusChange = v.InferOutput<typeof memberStatusSchema>;

interface MemberRowSql {
  id: string;
  member_id: string;
  name: string;
  url_minify: string;
  avatar_url: string | null;
  phone: string | null;
  email: string | null;
  role: GroupMemberItem['role'];
  status: GroupMemberItem['status'];
  account_status: GroupMemberItem['accountStatus'];
  created_at: string | Date;
  total: number | string;
}

/**
 * One page of a group's memberships in a status, by name without marks, with the total
 * matching. Searched and sorted on group_members.search_key alone (the member's folded name,
 * short link and phones, kept by triggers), then only the page's members are read.
 */
export async function listGroupMembers(
  db: Queryable,
  groupId: string,
  status: 'active' | 'requested',
  query: { page: number; filter?: string | undefined; role?: string | undefined },
): Promise<MemberListPage> {
  const filter = query.filter ? searchKey(query.filter) : '';
  const digits = query.filter ? phoneDigits(query.filter) : '';
  const escape = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const match = filter
    ? sql`AND (gm.search_key LIKE ${`%${escape(filter)}%`}
        ${digits.length >= 3 && digits !== filter ? sql`OR gm.search_key LIKE ${`%${digits}%`}` : sql``})`
    : sql``;
  const role = query.role ? sql`AND gm.role = ${query.role}` : sql``;
  const where = sql`gm.group_id = ${groupId} AND gm.status = ${status} AND gm.deleted_at IS NULL
    ${role} ${match}`;
  const rows = await queryRows<MemberRowSql>(
    db,
    sql`WITH page AS (
          SELECT gm.id, gm.member_id, gm.role, gm.status, gm.created_at, gm.search_key,
            count(*) OVER () AS total
          FROM group_members gm WHERE ${where}
          ORDER BY gm.search_key, gm.id
          LIMIT ${memberPageSize} OFFSET ${(query.page - 1) * memberPageSize})
        SELECT page.id, page.member_id, m.name, m.url_minify, m.avatar_url,
          coalesce(m.contact_phone, m.phone) AS phone, coalesce(m.contact_email, m.email) AS email,
          page.role, page.status, m.status AS account_status, page.created_at, page.total
        FROM page JOIN members m ON m.id = page.member_id
        ORDER BY page.search_key, page.id`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    const [count] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM group_members gm WHERE ${where}`,
    );
    total = count?.n ?? 0;
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      memberId: r.member_id,
      name: r.name,
      urlMinify: r.url_minify,
      avatarUrl: r.avatar_url,
      phone: r.phone,
      email: r.email,
      role: r.role,
      status: r.status,
      accountStatus: r.account_status,
      joinedAt: new Date(r.created_at).toISOString(),
    })),
    page: query.page,
    pageSize: memberPageSize,
    total,
  };
}

/** A live membership row, locked for the write; 404 when there is none. */
async function lockedMembership(tx: Transaction, id: string) {
  const [row] = await tx
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.id, id), isNull(groupMembers.deletedAt)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** The group of a live membership. */
export async function membershipGroupOf(db: Queryable, id: string): Promise<string | undefined> {
  const existing = await db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.id, id), isNull(groupMembers.deletedAt)));
  return existing[0]?.groupId;
}

/** An admin accepts a waiting join request (the membership id). */
export async function acceptJoinRequest(tx: Transaction, me: string, id: string) {
  const row = await lockedMembership(tx, id);
  await requireGroupAdmin(tx, me, row.groupId);
  if (row.status !== 'requested') throw new ApiError(409, 'request_not_pending');
  await tx.update(groupMembers).set({ status: 'active' }).where(eq(groupMembers.id, id));
  return { id, status: 'active' };
}

/** An admin rejects a waiting join request. */
export async function rejectJoinRequest(tx: Transaction, me: string, id: string, now: Date) {
  const row = await lockedMembership(tx, id);
  await requireGroupAdmin(tx, me, row.groupId);
  if (row.status !== 'requested') throw new ApiError(409, 'request_not_pending');
  await tx
    .update(groupMembers)
    .set({ deletedAt: now.toISOString() })
    .where(eq(groupMembers.id, id));
  return { id, status: 'rejected' };
}

/** An admin makes a member an admin, a seller or a plain member; never themselves or the last admin away. */
export async function changeMemberRole(
  tx: Transaction,
  me: string,
  id: string,
  role: GroupMemberItem['role'],
) {
  const row = await lockedMembership(tx, id);
  await requireGroupAdmin(tx, me, row.groupId);
  if (row.status !== 'active') throw new ApiError(409, 'request_not_pending');
  if (row.memberId === me) throw new ApiError(409, 'cannot_change_own_role');
  if (row.role === 'admin' && role !== 'admin' && (await countAdmins(tx, row.groupId)) <= 1) {
    throw new ApiError(409, 'cannot_remove_last_admin');
  }
  await tx.update(groupMembers).set({ role }).where(eq(groupMembers.id, id));
  return { id, role };
}

/** An admin removes a member from the group (soft delete); never themselves or the last admin. */
export async function removeMembership(tx: Transaction, me: string, id: string, now: Date) {
  const row = await lockedMembership(tx, id);
  await requireGroupAdmin(tx, me, row.groupId);
  if (row.memberId === me) throw new ApiError(409, 'cannot_change_own_role');
  if (row.role === 'admin' && (await countAdmins(tx, row.groupId)) <= 1) {
    throw new ApiError(409, 'cannot_remove_last_admin');
  }
  await tx
    .update(groupMembers)
    .set({ deletedAt: now.toISOString() })
    .where(eq(groupMembers.id, id));
  return { id, removed: true };
}

/**
 * An admin locks or unlocks the account of a member of a group they run; never their own or
 * a group's only admin. A locked member's sessions end.
 */
export async function setAccountStatus(
  tx: Transaction,
  me: string,
  target: string,
  body: MemberStatusChange,
  now: Date,
) {
  await requireGroupAdmin(tx, me, body.groupId);
  const role = await groupRoleOf(tx, target, body.groupId);
  if (!role) throw new ApiError(404, 'not_group_member');
  const [member] = await tx
    .select({ id: members.id, status: members.status })
    .from(members)
    .where(and(eq(members.id, target), isNull(members.deletedAt)))
    .for('update');
  if (!member) throw notFound();
  if (body.status === 'locked') {
    if (target === me) throw new ApiError(409, 'cannot_lock_self');
    if ((await groupsOnlyAdminedBy(tx, target)).length > 0) {
      throw new ApiError(409, 'cannot_lock_last_admin');
    }
  }
  const next = body.status === 'locked' ? 'locked' : 'active';
  if (member.status !== next && !(next === 'active' && member.status === 'pending')) {
    await tx.update(members).set({ status: next }).where(eq(members.id, target));
    await tx.insert(memberStatusChanges).values({
      memberId: target,
      status: next,
      byMemberId: me,
      groupId: body.groupId,
    });
    // A locked member's sessions end now: the next request of any device is refused.
    if (next === 'locked') await endOtherSessions(tx, target, null, now);
  }
  return { memberId: target, status: next };
}

/** The member asks to join a group; its admins accept or reject. */
export async function requestToJoin(tx: Transaction, me: string, groupId: string) {
  await requireGroup(tx, groupId);
  const [row] = await tx
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.memberId, me)))
    .for('update');
  if (row && !row.deletedAt) {
    throw new ApiError(
      409,
      row.status === 'active' ? 'join_already_member' : 'join_already_requested',
    );
  }
  if (row) {
    await tx
      .update(groupMembers)
      .set({ status: 'requested', role: 'member', deletedAt: null })
      .where(eq(groupMembers.id, row.id));
  } else {
    await tx
      .insert(groupMembers)
      .values({ groupId, memberId: me, role: 'member', status: 'requested' });
  }
  return joinStatus(tx, me, groupId);
}

/** The member withdraws their own waiting request. */
export async function cancelJoinRequest(tx: Transaction, me: string, groupId: string, now: Date) {
  await requireGroup(tx, groupId);
  const updated = await tx
    .update(groupMembers)
    .set({ deletedAt: now.toISOString() })
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.memberId, me),
        eq(groupMembers.status, 'requested'),
        isNull(groupMembers.deletedAt),
      ),
    )
    .returning({ id: groupMembers.id });
  if (updated.length === 0) throw new ApiError(409, 'request_not_pending');
  return joinStatus(tx, me, groupId);
}

/** The member's standing with a group (the join button of its page). */
export async function joinStatus(
  db: Queryable,
  memberId: string,
  groupId: string,
): Promise<JoinStatus> {
  const [row] = await db
    .select({ status: groupMembers.status, role: groupMembers.role })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.memberId, memberId),
        isNull(groupMembers.deletedAt),
      ),
    );
  return {
    groupId,
    status: row ? row.status : 'none',
    role: row?.status === 'active' ? row.role : null,
  };
}
