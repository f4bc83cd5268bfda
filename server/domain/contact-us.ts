// Contact-us messages (decision 0721): a visitor's message to a card or a brand page (public),
// the owner's flags (contactUs.update, run by PUT setRead/contact and the batch push alike), the
// inbox reads of the routes and the pull source of `contactUs`.
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../db/client';
import { groupMembers } from '../db/schema';
import { contactUsMessages } from '../db/schema-wedding';
import { ApiError } from '../http/errors';
import { findGroup, findMember } from './cards';
import { emitNotifications } from './notifications';
import { insertLead } from './contacts';
import type { MutationHandler, PullSource } from '../sync/registry';
import type { ContactUsMessage } from '../../contract/contact-us';

type ContactUsRow = typeof contactUsMessages.$inferSelect;

export function contactUsForClient(row: ContactUsRow): ContactUsMessage {
  return {
    id: row.id,
    memberId: row.memberId,
    groupId: row.groupId,
    name: row.name,
    phone: row.phone,
    email: row.email,
    message: row.message,
    company: row.company,
    readAt: row.readAt,
    contactedAt: row.contactedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
    changeSeq: row.changeSeq,
  };
}

/**
 * Who reads a message left on a page: the card's member; for a brand page, the brand's owner,
 * else its longest-standing admin. Unknown page: 404.
 */
export async function contactRecipient(
  db: Queryable,
  target: { memberId?: string | undefined; groupId?: string | undefined },
): Promise<{ memberId: string; groupId: string | null }> {
  if (target.groupId) {
    const group = await findGroup(db, target.groupId);
    if (!group) throw new ApiError(404, 'not_found');
    if (group.ownerMemberId) return { memberId: group.ownerMemberId, groupId: group.id };
    const [admin] = await db
      .select({ memberId: groupMembers.memberId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.role, 'admin')))
      .orderBy(asc(groupMembers.memberId))
      .limit(1);
    if (!admin) throw new ApiError(404, 'not_found');
    return { memberId: admin.memberId, groupId: group.id };
  }
  const member = target.memberId ? await findMember(db, target.memberId) : undefined;
  if (!member) throw new ApiError(404, 'not_found');
  return { memberId: member.id, groupId: null };
}

export interface ContactUsPost {
  id: string;
  memberId?: string | undefined;
  groupId?: string | undefined;
  name: string;
  phone: string | null;
  email: string | null;
  message: string;
  company?: string | null;
  /** The consent text the visitor ticked (absent: an older client). */
  consentText?: string | null;
}

/** A visitor's message in its own transaction (see `insertContactUs`). */
export function storeContactUs(
  db: Database,
  post: ContactUsPost,
): Promise<{ message: ContactUsMessage; created: boolean }> {
  return db.transaction((tx) => insertContactUs(tx, post));
}

/** Stores a visitor's message once (same id: the stored one) and tells the owner. */
export async function insertContactUs(
  tx: Transaction,
  post: ContactUsPost,
): Promise<{ message: ContactUsMessage; created: boolean }> {
  const recipient = await contactRecipient(tx, post);
  const inserted = await tx
    .insert(contactUsMessages)
    .values({
      id: post.id,
      memberId: recipient.memberId,
      groupId: recipient.groupId,
      name: post.name,
      phone: post.phone,
      email: post.email,
      message: post.message,
      company: post.company ?? null,
      consentText: post.consentText ?? null,
      consentAt: post.consentText ? new Date().toISOString() : null,
    })
    .onConflictDoNothing({ target: contactUsMessages.id })
    .returning();
  const row = inserted[0];
  if (!row) {
    const [same] = await tx
      .select()
      .from(contactUsMessages)
      .where(eq(contactUsMessages.id, post.id));
    if (!same || same.memberId !== recipient.memberId) throw new ApiError(409, 'conflict');
    return { message: contactUsForClient(same), created: false };
  }
  // The lead in the owner's phonebook, under the message's id: one per message, replays too.
  await insertLead(tx, {
    id: row.id,
    ownerMemberId: recipient.memberId,
    cardMemberId: null,
    name: row.name,
    phone: row.phone,
    email: row.email,
    company: row.company,
    note: row.message,
    leadSource: {
      kind: recipient.groupId ? 'brand' : 'card',
      cardMemberId: recipient.groupId ? null : recipient.memberId,
      groupId: recipient.groupId,
      at: row.createdAt,
      ...(row.consentText && row.consentAt
        ? { consentText: row.consentText, consentAt: row.consentAt }
        : {}),
    },
  });
  await emitNotifications(tx, [
    {
      memberId: recipient.memberId,
      kind: 'contact_us',
      actorName: post.name,
      subjectId: row.id,
      link: `/action/contact-us?item=${row.id}`,
    },
  ]);
  return { message: contactUsForClient(row), created: true };
}

/** The owner's message by id: another member's is 403, none (or deleted) is 404. */
export async function ownedContactUs(
  db: Queryable,
  memberId: string,
  id: string,
  lock = false,
): Promise<ContactUsRow> {
  const query = db.select().from(contactUsMessages).where(eq(contactUsMessages.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || row.deletedAt) throw new ApiError(404, 'not_found');
  if (row.memberId !== memberId) throw new ApiError(403, 'forbidden');
  return row;
}

/** Read / contacted flags; a flag left out stays as it is, one already set keeps its time. */
export const updateContactUs: MutationHandler<'contactUs.update'> = {
  async run(tx, ctx, input) {
    const row = await ownedContactUs(tx, ctx.memberId, input.id, true);
    const now = ctx.now.toISOString();
    const stamp = (wanted: boolean | undefined, current: string | null) =>
      wanted === undefined ? current : wanted ? (current ?? now) : null;
    const [updated] = await tx
      .update(contactUsMessages)
      .set({
        readAt: stamp(input.read, row.readAt),
        contactedAt: stamp(input.contacted, row.contactedAt),
      })
      .where(eq(contactUsMessages.id, row.id))
      .returning();
    if (!updated) throw new ApiError(409, 'conflict');
    return contactUsForClient(updated);
  },
};

function filterOf(filter: string | undefined): SQL | undefined {
  switch (filter) {
    case undefined:
    case '':
      return undefined;
    case 'unread':
      return isNull(contactUsMessages.readAt);
    case 'read':
      return isNotNull(contactUsMessages.readAt);
    case 'contacted':
      return isNotNull(contactUsMessages.contactedAt);
    case 'uncontacted':
      return isNull(contactUsMessages.contactedAt);
    default: {
      const pattern = `%${filter.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      return or(
        ilike(contactUsMessages.name, pattern),
        ilike(contactUsMessages.phone, pattern),
        ilike(contactUsMessages.email, pattern),
        ilike(contactUsMessages.message, pattern),
      );
    }
  }
}

/** A page of the inbox, newest first, with the total and the unread count. */
export async function contactUsPage(
  db: Queryable,
  memberId: string,
  query: { page: number; limit: number; filter?: string | undefined },
): Promise<{
  items: ContactUsMessage[];
  total: number;
  unread: number;
  page: number;
  limit: number;
}> {
  const mine = and(eq(contactUsMessages.memberId, memberId), isNull(contactUsMessages.deletedAt));
  const where = and(mine, filterOf(query.filter));
  const rows = await db
    .select()
    .from(contactUsMessages)
    .where(where)
    .orderBy(desc(contactUsMessages.createdAt), desc(contactUsMessages.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(contactUsMessages).where(where);
  const [unread] = await db
    .select({ n: count() })
    .from(contactUsMessages)
    .where(and(mine, isNull(contactUsMessages.readAt)));
  return {
    items: rows.map(contactUsForClient),
    total: total?.n ?? 0,
    unread: unread?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

export const contactUsPullSource: PullSource<'contactUs'> = {
  entity: 'contactUs',
  table: contactUsMessages,
  scope: (memberId) => sql`${contactUsMessages.memberId} = ${memberId}`,
  toClient: (rows) => Promise.resolve((rows as ContactUsRow[]).map(contactUsForClient)),
};
