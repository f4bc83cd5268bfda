// Finding a member by what they log in with.
import { and, eq, isNull } from 'drizzle-orm';
import type { LoginIdentifier } from '../../contract/login';
import type { Queryable } from '../db/client';
import { members } from '../db/schema';
import type { MemberRow } from './session-facts';

export async function findMemberByIdentifier(
  db: Queryable,
  id: LoginIdentifier,
): Promise<MemberRow | null> {
  const column = id.kind === 'email' ? members.email : members.phone;
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(column, id.value), isNull(members.deletedAt)));
  return row ?? null;
}
