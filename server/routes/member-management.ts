// Member management of a brand or group (spec §2 /action/memberManagement, §7 Members):
// members paged and searched, join requests with accept/reject, roles, account lock and the
// member's own join request. Who may call what: decision 0800 (server/auth/group-roles.ts).
import { Hono, type Context } from 'hono';
import {
  memberListQuerySchema,
  memberStatusSchema,
  roleChangeSchema,
} from '../../contract/member-management';
import { requireMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { readBody, readQuery, uuidParam } from '../http/input';
import { requestHash, runIdempotent } from '../sync/idempotency';
import { requireGroup, requireGroupAdmin } from '../auth/group-roles';
import {
  acceptJoinRequest,
  cancelJoinRequest,
  changeMemberRole,
  joinStatus,
  listGroupMembers,
  membershipGroupOf,
  rejectJoinRequest,
  removeMembership,
  requestToJoin,
  setAccountStatus,
} from '../domain/member-management';

/** The transaction an idempotent write runs its effect in. */
type Transaction = Parameters<Parameters<typeof runIdempotent>[4]>[0];

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
    return write(c, 'member.acceptRequest', { id }, (tx, me) => acceptJoinRequest(tx, me, id));
  });

  app.put('/members/rejectMemberRequestById/:id', async (c) => {
    const id = uuidParam(c, 'id');
    return write(c, 'member.rejectRequest', { id }, (tx, me) =>
      rejectJoinRequest(tx, me, id, deps.now()),
    );
  });

  // Make a member an admin, a seller, or a plain member again.
  app.put('/members/updateMemberRoleById/:id', async (c) => {
    const id = uuidParam(c, 'id');
    const me = requireMember(c).memberId;
    const existingGroup = await membershipGroupOf(db, id);
    if (existingGroup) await requireGroupAdmin(db, me, existingGroup);
    const { role } = await readBody(c, roleChangeSchema);
    return write(c, 'member.role', { id, role }, (tx) => changeMemberRole(tx, me, id, role));
  });

  // Remove a member from the group (soft delete of the membership).
  app.put('/members/removeMemberById/:id', async (c) => {
    const id = uuidParam(c, 'id');
    return write(c, 'member.remove', { id }, (tx, me) => removeMembership(tx, me, id, deps.now()));
  });

  // Lock or unlock an account (spec §4, with confirmation on the screen). An admin may do it
  // to a member of a group they run; never to themselves or a group's only admin.
  app.put('/members/updateMemberStatusById/:id', async (c) => {
    const target = uuidParam(c, 'id');
    const me = requireMember(c).memberId;
    const body = await readBody(c, memberStatusSchema);
    await requireGroupAdmin(db, me, body.groupId);
    return write(c, 'member.status', { target, ...body }, (tx) =>
      setAccountStatus(tx, me, target, body, deps.now()),
    );
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
    return write(c, 'member.join', { groupId }, (tx, me) => requestToJoin(tx, me, groupId));
  });

  // The member withdraws their own waiting request.
  app.put('/members/cancelJoinRequest/:groupId', async (c) => {
    const groupId = uuidParam(c, 'groupId');
    return write(c, 'member.cancelJoin', { groupId }, (tx, me) =>
      cancelJoinRequest(tx, me, groupId, deps.now()),
    );
  });

  return app;
}
