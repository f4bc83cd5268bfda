// Member management of a brand or group (spec §2 /action/memberManagement, §7 Members):
// members paged and searched, join requests with accept/reject, roles, account lock and the
// member's own join request. Who may call what: decision 0800 (server/auth/group-roles.ts).
import { Hono, type Context } from 'hono';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { phoneDigits } from '../../contract/phone';
import {
  memberListQuerySchema,
  memberPageSize,
  memberStatusSchema,
  roleChangeSchema,
  searchKey,
  type GroupMemberItem,
  type JoinStatus,
  type MemberListPage,
} from '../../contract/member-management';
import type { Queryable, Transaction } from '../db/client';
import { queryRows } from '../db/client';
import { groupMembers, members } from '../db/schema';
import { memberStatusChanges } from '../db/schema-member-management';
import { requireMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { ApiError, notFound } from '../http/errors';
import { readBody, readQuery, uuidParam } from '../http/input';
import { requestHash, runIdempotent } from '../sync/idempotency';
import { endOtherSessions } from '../auth/sessions';
import {
  countAdmins,
  groupRoleOf,
  groupsOnlyAdminedBy,
  requireGroup,
  requireGroupAdmin,
} from '../auth/group-roles';

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

export function memberManagementRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  /** Runs an admin write once per Idempotency-Key, in one transaction. */
  const write = async (
    c: Context<AppEnv>,
    name: string,
    payload: unknown,
    effect: (tx: Transaction, me: string) => Promise<unknown>,
  ) => {
    const me = requireMember(c).memberId;
    const result = await runIdempotent(
      db,
      me,
      c.req.header('idempotency-key'),
      requestHash(name, payload),
      async (tx) => ({ status: 200, body: await effect(tx, me) }),
    );
    return c.json(result.body as object, 200);
  };

  app.get('/members/getListMemberByGroupId/:gId', async (c) => {
    const me = requireMember(c).memberId;
    const groupId = uuidParam(c, 'gId');
    await requireGroupAdmin(db, me, groupId);
    const query = readQuery(c, memberListQuerySchema);
    return c.json(await listGroupMembers(db, groupId, 'active', query));
  });

  app.get('/members/getListMemberRequestByGroupId/:gId', async (c) => {
    const me = requireMember(c).memberId;
    const groupId = uuidParam(c, 'gId');
    await requireGroupAdmin(db, me, groupId);
    const query = readQuery(c, memberListQuerySchema);
    return c.json(await listGroupMembers(db, groupId, 'requested', query));
  });

  // Accept or reject a join request (the membership id of a requested row).
  app.put('/members/acceptMemberRequestById/:id', async (c) => {
    const id = uuidParam(c, 'id');
    return write(c, 'member.acceptRequest', { id }, async (tx, me) => {
      const row = await lockedMembership(tx, id);
      await requireGroupAdmin(tx, me, row.groupId);
      if (row.status !== 'requested') throw new ApiError(409, 'request_not_pending');
      await tx.update(groupMembers).set({ status: 'active' }).where(eq(groupMembers.id, id));
      return { id, status: 'active' };
    });
  });

  app.put('/members/rejectMemberRequestById/:id', async (c) => {
    const id = uuidParam(c, 'id');
    return write(c, 'member.rejectRequest', { id }, async (tx, me) => {
      const row = await lockedMembership(tx, id);
      await requireGroupAdmin(tx, me, row.groupId);
      if (row.status !== 'requested') throw new ApiError(409, 'request_not_pending');
      await tx
        .update(groupMembers)
        .set({ deletedAt: deps.now().toISOString() })
        .where(eq(groupMembers.id, id));
      return { id, status: 'rejected' };
    });
  });

  // Make a member an admin, a seller, or a plain member again.
  app.put('/members/updateMemberRoleById/:id', async (c) => {
    const id = uuidParam(c, 'id');
    const me = requireMember(c).memberId;
    const existing = await db
      .select({ groupId: groupMembers.groupId })
      .from(groupMembers)
      .where(and(eq(groupMembers.id, id), isNull(groupMembers.deletedAt)));
    if (existing[0]) await requireGroupAdmin(db, me, existing[0].groupId);
    const { role } = await readBody(c, roleChangeSchema);
    return write(c, 'member.role', { id, role }, async (tx) => {
      const row = await lockedMembership(tx, id);
      await requireGroupAdmin(tx, me, row.groupId);
      if (row.status !== 'active') throw new ApiError(409, 'request_not_pending');
      if (row.memberId === me) throw new ApiError(409, 'cannot_change_own_role');
      if (row.role === 'admin' && role !== 'admin' && (await countAdmins(tx, row.groupId)) <= 1) {
        throw new ApiError(409, 'cannot_remove_last_admin');
      }
      await tx.update(groupMembers).set({ role }).where(eq(groupMembers.id, id));
      return { id, role };
    });
  });

  // Remove a member from the group (soft delete of the membership).
  app.put('/members/removeMemberById/:id', async (c) => {
    const id = uuidParam(c, 'id');
    return write(c, 'member.remove', { id }, async (tx, me) => {
      const row = await lockedMembership(tx, id);
      await requireGroupAdmin(tx, me, row.groupId);
      if (row.memberId === me) throw new ApiError(409, 'cannot_change_own_role');
      if (row.role === 'admin' && (await countAdmins(tx, row.groupId)) <= 1) {
        throw new ApiError(409, 'cannot_remove_last_admin');
      }
      await tx
        .update(groupMembers)
        .set({ deletedAt: deps.now().toISOString() })
        .where(eq(groupMembers.id, id));
      return { id, removed: true };
    });
  });

  // Lock or unlock an account (spec §4, with confirmation on the screen). An admin may do it
  // to a member of a group they run; never to themselves or a group's only admin.
  app.put('/members/updateMemberStatusById/:id', async (c) => {
    const target = uuidParam(c, 'id');
    const me = requireMember(c).memberId;
    const body = await readBody(c, memberStatusSchema);
    await requireGroupAdmin(db, me, body.groupId);
    return write(c, 'member.status', { target, ...body }, async (tx) => {
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
        if (next === 'locked') await endOtherSessions(tx, target, null, deps.now());
      }
      return { memberId: target, status: next };
    });
  });

  // The asking member's own standing with a group (join button on its page).
  app.get('/members/getJoinStatus/:groupId', async (c) => {
    const me = requireMember(c).memberId;
    const groupId = uuidParam(c, 'groupId');
    await requireGroup(db, groupId);
    return c.json(await joinStatus(db, me, groupId));
  });

  // A member asks to join a group from its page; its admins accept or reject.
  app.post('/members/requestJoinGroup/:groupId', async (c) => {
    const groupId = uuidParam(c, 'groupId');
    return write(c, 'member.join', { groupId }, async (tx, me) => {
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
    });
  });

  // The member withdraws their own waiting request.
  app.put('/members/cancelJoinRequest/:groupId', async (c) => {
    const groupId = uuidParam(c, 'groupId');
    return write(c, 'member.cancelJoin', { groupId }, async (tx, me) => {
      await requireGroup(tx, groupId);
      const updated = await tx
        .update(groupMembers)
        .set({ deletedAt: deps.now().toISOString() })
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
    });
  });

  return app;
}

async function joinStatus(db: Queryable, memberId: string, groupId: string): Promise<JoinStatus> {
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
