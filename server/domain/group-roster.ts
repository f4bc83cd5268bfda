// The roster a staff device mirrors (decision 0801): every member and customer of the groups
// the member is admin or seller of, with what the create-point screen needs to find them with
// no network (name, short link, phone, avatar). A membership that ends, a request still waiting
// and a locked account arrive as tombstones; a member's new name or phone re-stamps their rows
// (0800_member_management.sql).
import { inArray, sql } from 'drizzle-orm';
import type { RosterEntry } from '../../contract/member-management';
import type { Queryable } from '../db/client';
import { groupMembers, members } from '../db/schema';
import { customers } from '../db/schema-member-management';
import type { PullSource } from '../sync/registry';
import { staffGroupIds } from './points/staff';

type MembershipRecord = typeof groupMembers.$inferSelect;
type CustomerRecord = typeof customers.$inferSelect;

const iso = (value: string | Date | null | undefined) =>
  value ? new Date(value).toISOString() : null;

async function membersById(db: Queryable, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows =
    wanted.length === 0
      ? []
      : await db
          .select({
            id: members.id,
            name: members.name,
            urlMinify: members.urlMinify,
            phone: members.phone,
            contactPhone: members.contactPhone,
            avatarUrl: members.avatarUrl,
            status: members.status,
            deletedAt: members.deletedAt,
          })
          .from(members)
          .where(inArray(members.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function membershipsToRoster(
  db: Queryable,
  records: MembershipRecord[],
): Promise<RosterEntry[]> {
  const people = await membersById(
    db,
    records.map((r) => r.memberId),
  );
  return records.map((r) => {
    const person = people.get(r.memberId);
    const gone =
      r.deletedAt !== null ||
      r.status !== 'active' ||
      !person ||
      person.status === 'locked' ||
      person.deletedAt !== null;
    return {
      id: r.id,
      groupId: r.groupId,
      kind: 'member',
      memberId: r.memberId,
      name: person?.name ?? '',
      urlMinify: person?.urlMinify ?? null,
      phone: person?.contactPhone ?? person?.phone ?? null,
      avatarUrl: person?.avatarUrl ?? null,
      createdAt: new Date(r.createdAt).toISOString(),
      updatedAt: new Date(r.updatedAt).toISOString(),
      deletedAt: iso(r.deletedAt) ?? (gone ? new Date(r.updatedAt).toISOString() : null),
    };
  });
}

export async function customersToRoster(
  db: Queryable,
  records: CustomerRecord[],
): Promise<RosterEntry[]> {
  const people = await membersById(
    db,
    records.map((r) => r.memberId),
  );
  return records.map((r) => {
    const person = r.memberId ? people.get(r.memberId) : undefined;
    // A customer whose linked card is locked stays findable by name, without the card.
    const card = person && person.status !== 'locked' && !person.deletedAt ? person : undefined;
    return {
      id: r.id,
      groupId: r.groupId,
      kind: 'customer',
      memberId: card ? card.id : null,
      name: r.name,
      urlMinify: card?.urlMinify ?? null,
      phone: r.phone ?? card?.contactPhone ?? card?.phone ?? null,
      avatarUrl: card?.avatarUrl ?? null,
      createdAt: new Date(r.createdAt).toISOString(),
      updatedAt: new Date(r.updatedAt).toISOString(),
      deletedAt: iso(r.deletedAt),
    };
  });
}

export const rosterMembersPullSource: PullSource<'groupRoster'> = {
  entity: 'groupRoster',
  table: groupMembers,
  scope: (memberId) => sql`${groupMembers.groupId} IN (${staffGroupIds(memberId)})`,
  toClient: async (rows, { tx }) => await membershipsToRoster(tx, rows as MembershipRecord[]),
};

export const rosterCustomersPullSource: PullSource<'groupRoster'> = {
  entity: 'groupRoster',
  table: customers,
  scope: (memberId) => sql`${customers.groupId} IN (${staffGroupIds(memberId)})`,
  toClient: async (rows, { tx }) => await customersToRoster(tx, rows as CustomerRecord[]),
};
