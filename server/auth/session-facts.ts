// The non-secret facts of a session (login answer, readable cookies, profile).
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { agencyAdmins, groupMembers, groups, members } from '../db/schema';
import type { SessionBrandGroup, SessionFacts } from '../../contract/auth';
import { activeMembership } from '../domain/membership';

export type MemberRow = typeof members.$inferSelect;

const roleRank: Record<SessionBrandGroup['role'], number> = {
  owner: 0,
  admin: 1,
  seller: 2,
  member: 3,
};

/** The brand or group the member acts for: owned first, then admin, seller, member. */
export async function primaryBrandGroup(
  db: Queryable,
  memberId: string,
): Promise<SessionBrandGroup | null> {
  const owned = await db
    .select()
    .from(groups)
    .where(and(eq(groups.ownerMemberId, memberId), isNull(groups.deletedAt)))
    .orderBy(asc(groups.createdAt))
    .limit(1);
  const candidates: SessionBrandGroup[] = owned.map((g) => ({
    id: g.id,
    name: g.name,
    urlMinify: g.urlMinify,
    kind: g.kind,
    role: 'owner',
    layoutPermission: g.layoutPermission,
  }));
  const memberships = await db
    .select({ group: groups, role: groupMembers.role })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.memberId, memberId), activeMembership(), isNull(groups.deletedAt)))
    .orderBy(asc(groupMembers.createdAt));
  for (const { group, role } of memberships) {
    candidates.push({
      id: group.id,
      name: group.name,
      urlMinify: group.urlMinify,
      kind: group.kind,
      role,
      layoutPermission: group.layoutPermission,
    });
  }
  candidates.sort((a, b) => roleRank[a.role] - roleRank[b.role]);
  return candidates[0] ?? null;
}

export async function memberAgency(db: Queryable, member: MemberRow): Promise<string | null> {
  if (member.agencyId) return member.agencyId;
  const [admin] = await db
    .select({ agencyId: agencyAdmins.agencyId })
    .from(agencyAdmins)
    .where(eq(agencyAdmins.memberId, member.id))
    .limit(1);
  return admin?.agencyId ?? null;
}

export async function findLiveMember(db: Queryable, memberId: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)));
  return row ?? null;
}

export async function sessionFacts(db: Queryable, member: MemberRow): Promise<SessionFacts> {
  const [brandGroup, agency] = await Promise.all([
    primaryBrandGroup(db, member.id),
    memberAgency(db, member),
  ]);
  return {
    memberId: member.id,
    // Never the login e-mail or phone: the facts become readable cookies (decision 0108).
    userName: member.name,
    name: member.name,
    urlMinify: member.urlMinify,
    brandGroup,
    agency,
    memberType: member.type,
    language: member.language,
  };
}
