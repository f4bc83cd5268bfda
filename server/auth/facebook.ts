// Facebook login (decision 0106): the member of a Facebook account.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { members } from '../db/schema';
import { memberIdentities } from '../db/schema-auth';
import { findMemberByIdentifier } from './member-lookup';
import { findLiveMember, type MemberRow } from './session-facts';
import { slugForName } from './url-minify';

/** The member of a Facebook account: linked before, else by the same e-mail, else new. */
export async function memberForFacebook(
  db: Database,
  account: { subject: string; name: string; email: string | undefined },
): Promise<MemberRow> {
  const { subject, name } = account;
  const [linked] = await db
    .select({ memberId: memberIdentities.memberId })
    .from(memberIdentities)
    .where(and(eq(memberIdentities.provider, 'facebook'), eq(memberIdentities.subject, subject)));
  if (linked) {
    const member = await findLiveMember(db, linked.memberId);
    if (member) return member;
  }
  const normalized = account.email?.trim().toLowerCase();
  return db.transaction(async (tx) => {
    let member = normalized
      ? await findMemberByIdentifier(tx, { kind: 'email', value: normalized })
      : null;
    if (!member) {
      const [created] = await tx
        .insert(members)
        .values({
          type: 'personal',
          name,
          email: normalized ?? null,
          urlMinify: slugForName(name),
          theme: 'lightmode',
        })
        .returning();
      member = created ?? null;
    }
    if (!member) throw new Error('member not created');
    await tx
      .insert(memberIdentities)
      .values({ provider: 'facebook', subject, memberId: member.id })
      .onConflictDoNothing();
    return member;
  });
}
