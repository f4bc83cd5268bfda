// Messages: the one write path (message.send/read/hide/delete, run by the §7 routes and the
// batch push alike), the reads of the routes, and the pull source of `messages`. Each
// participant has a copy of each message (decision 0660).
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, max, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../db/client';
import { jsonPullPage } from '../sync/json-pull-page';
import { members } from '../db/schema';
import { messageCopies } from '../db/schema-messages';
import { ApiError } from '../http/errors';
import type { MutationContext, MutationHandler, PullSource, ShapedPullRow } from '../sync/registry';
import {
  emitNotifications,
  openMessageNotifications,
  type NotificationEvent,
} from './notifications';
import { uuidFromDigest } from '../../contract/friend';
import { countStrangerMessage, hasStrangers, limitsOf } from './fair-use';
import {
  messageCopyKey,
  type MessageCopy,
  type MessagePerson,
  type MessageSendInput,
} from '../../contract/message';

type CopyRow = typeof messageCopies.$inferSelect;

/** The id of a receiver's copy (the sender's copy has the message's id). */
export function messageCopyId(messageId: string, memberId: string): string {
  const digest = createHash('sha256').update(messageCopyKey(messageId, memberId)).digest();
  return uuidFromDigest(new Uint8Array(digest));
}

async function peopleOf(db: Queryable, ids: string[]): Promise<Map<string, MessagePerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: members.id,
      name: members.name,
      urlMinify: members.urlMinify,
      avatarUrl: members.avatarUrl,
    })
    .from(members)
    .where(inArray(members.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

const namedIn = (row: CopyRow) => [row.senderMemberId, ...row.toIds, ...row.ccIds, ...row.bccIds];

/** The people a copy names, by id (those still members). */
function peopleNamed(
  ids: string[],
  people: Map<string, MessagePerson>,
): Record<string, MessagePerson> {
  return Object.fromEntries(
    ids.flatMap((id) => {
      const person = people.get(id);
      return person ? [[id, person]] : [];
    }),
  );
}

/** Copies as the client mirrors them, with everyone they name. */
export async function copiesForClient(db: Queryable, rows: CopyRow[]): Promise<MessageCopy[]> {
  const people = await peopleOf(db, rows.flatMap(namedIn));
  return rows.map((row) => ({
    id: row.id,
    ownerMemberId: row.ownerMemberId,
    messageId: row.messageId,
    groupMessageId: row.groupMessageId,
    senderMemberId: row.senderMemberId,
    to: row.toIds,
    cc: row.ccIds,
    bcc: row.bccIds,
    body: row.body,
    sentAt: row.sentAt,
    readAt: row.readAt,
    hiddenAt: row.hiddenAt,
    people: peopleNamed(namedIn(row), people),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
    changeSeq: row.changeSeq,
  }));
}

async function oneForClient(db: Queryable, row: CopyRow): Promise<MessageCopy> {
  const [copy] = await copiesForClient(db, [row]);
  if (!copy) throw new ApiError(409, 'conflict');
  return copy;
}

/**
 * The caller's copies of a conversation. None: 404 when the conversation does not exist,
 * 403 when it exists between other members.
 */
export async function requireParticipant(
  db: Queryable,
  memberId: string,
  groupMessageId: string,
): Promise<void> {
  const [own] = await db
    .select({ id: messageCopies.id })
    .from(messageCopies)
    .where(
      and(
        eq(messageCopies.ownerMemberId, memberId),
        eq(messageCopies.groupMessageId, groupMessageId),
      ),
    )
    .limit(1);
  if (own) return;
  const [any] = await db
    .select({ id: messageCopies.id })
    .from(messageCopies)
    .where(eq(messageCopies.groupMessageId, groupMessageId))
    .limit(1);
  throw any ? new ApiError(403, 'forbidden') : new ApiError(404, 'not_found');
}

/** Sends one message; a replay (same id) answers the stored copy and stores nothing. */
export async function sendMessage(
  tx: Transaction,
  ctx: MutationContext,
  input: MessageSendInput,
): Promise<MessageCopy> {
  const [existing] = await tx.select().from(messageCopies).where(eq(messageCopies.id, input.id));
  if (existing) {
    if (existing.ownerMemberId !== ctx.memberId || existing.senderMemberId !== ctx.memberId) {
      throw new ApiError(409, 'conflict');
    }
    return oneForClient(tx, existing);
  }
  const unique = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];
  const to = unique(input.to).filter((id) => id !== ctx.memberId);
  const cc = unique(input.cc).filter((id) => id !== ctx.memberId && !to.includes(id));
  const bcc = unique(input.bcc).filter(
    (id) => id !== ctx.memberId && !to.includes(id) && !cc.includes(id),
  );
  if (to.length === 0) throw new ApiError(400, 'validation_failed', { to: 'recipient_required' });
  const everyone = [...to, ...cc, ...bcc];
  const found = new Set(
    (
      await tx
        .select({ id: members.id })
        .from(members)
        .where(and(inArray(members.id, everyone), isNull(members.deletedAt)))
    ).map((r) => r.id),
  );
  const field = (ids: string[], name: string) =>
    ids.some((id) => !found.has(id)) ? { [name]: 'recipient_not_member' as const } : {};
  const unknown = { ...field(to, 'to'), ...field(cc, 'cc'), ...field(bcc, 'bcc') };
  if (Object.keys(unknown).length > 0) throw new ApiError(400, 'validation_failed', unknown);
  // Writing to people who are not friends is counted per day (decision 1023).
  await countStrangerMessage(tx, ctx.memberId, everyone, ctx.now, limitsOf(ctx));

  // A conversation's messages are written one at a time, so their times are in send order.
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(${`messages:${input.groupMessageId}`}))`,
  );
  const [latest] = await tx
    .select({ at: max(messageCopies.sentAt) })
    .from(messageCopies)
    .where(eq(messageCopies.groupMessageId, input.groupMessageId));
  if (latest?.at) await requireParticipant(tx, ctx.memberId, input.groupMessageId);
  const after = latest?.at ? new Date(latest.at).getTime() + 1 : 0;
  const sentAt = new Date(Math.max(ctx.now.getTime(), after)).toISOString();

  const common = {
    messageId: input.id,
    groupMessageId: input.groupMessageId,
    senderMemberId: ctx.memberId,
    toIds: to,
    ccIds: cc,
    body: input.body,
    sentAt,
  };
  const rows = await tx
    .insert(messageCopies)
    .values([
      { ...common, id: input.id, ownerMemberId: ctx.memberId, bccIds: bcc, readAt: sentAt },
      ...[...to, ...cc].map((id) => ({
        ...common,
        id: messageCopyId(input.id, id),
        ownerMemberId: id,
        bccIds: [],
      })),
      // A bcc receiver sees only themself on the bcc line.
      ...bcc.map((id) => ({
        ...common,
        id: messageCopyId(input.id, id),
        ownerMemberId: id,
        bccIds: [id],
      })),
    ])
    .returning();
  await emitNotifications(tx, messageEvents(ctx.memberId, input, everyone));
  const own = rows.find((r) => r.id === input.id);
  if (!own) throw new ApiError(409, 'conflict');
  return oneForClient(tx, own);
}

/** Thrown by the batch path to hand the run back to the one-by-one path. */
class SendOneByOne extends Error {}

/**
 * The batch push's fast path of message.send (decision 0303): every check of sendMessage in a
 * few set queries, one multi-row insert of all copies and one of all notifications. Anything
 * that one by one would refuse or answer from a replay (a known id, an unknown recipient, a
 * foreign conversation) throws, and the push then runs the entries one at a time.
 */
export async function sendMessages(
  tx: Transaction,
  ctx: MutationContext,
  inputs: MessageSendInput[],
): Promise<MessageCopy[]> {
  const ids = inputs.map((i) => i.id);
  if (new Set(ids).size !== ids.length) throw new SendOneByOne();
  const unique = (list: string[]) => [...new Set(list.map((id) => id.toLowerCase()))];
  const planned = inputs.map((input) => {
    const to = unique(input.to).filter((id) => id !== ctx.memberId);
    const cc = unique(input.cc).filter((id) => id !== ctx.memberId && !to.includes(id));
    const bcc = unique(input.bcc).filter(
      (id) => id !== ctx.memberId && !to.includes(id) && !cc.includes(id),
    );
    if (to.length === 0) throw new SendOneByOne();
    return { input, to, cc, bcc, everyone: [...to, ...cc, ...bcc] };
  });
  // A copy with one of these ids (the sender's or a receiver's) means a replay or a clash.
  const copyIds = planned.flatMap((p) => [
    p.input.id,
    ...p.everyone.map((id) => messageCopyId(p.input.id, id)),
  ]);
  const taken = await tx
    .select({ id: messageCopies.id })
    .from(messageCopies)
    .where(inArray(messageCopies.id, copyIds))
    .limit(1);
  if (taken.length > 0) throw new SendOneByOne();
  const wanted = [...new Set(planned.flatMap((p) => p.everyone))];
  const found = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(inArray(members.id, wanted), isNull(members.deletedAt)));
  if (found.length !== wanted.length) throw new SendOneByOne();
  // Messages to non-friends are counted one by one, each in its own transaction (decision 1023).
  if (await hasStrangers(tx, ctx.memberId, wanted)) throw new SendOneByOne();

  // Same locks as one by one, taken in a fixed order so two batches never wait on each other.
  const groups = [...new Set(inputs.map((i) => i.groupMessageId))].sort();
  for (const group of groups) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`messages:${group}`}))`);
  }
  const latest = await tx
    .select({ group: messageCopies.groupMessageId, at: max(messageCopies.sentAt) })
    .from(messageCopies)
    .where(inArray(messageCopies.groupMessageId, groups))
    .groupBy(messageCopies.groupMessageId);
  const existing = latest.filter((l) => l.at).map((l) => l.group);
  if (existing.length > 0) {
    const mine = await tx
      .selectDistinct({ group: messageCopies.groupMessageId })
      .from(messageCopies)
      .where(
        and(
          eq(messageCopies.ownerMemberId, ctx.memberId),
          inArray(messageCopies.groupMessageId, existing),
        ),
      );
    if (mine.length !== existing.length) throw new SendOneByOne();
  }
  const lastAt = new Map(latest.map((l) => [l.group, l.at ? new Date(l.at).getTime() : -1]));

  const at = ctx.now.toISOString();
  const rows: CopyRow[] = [];
  const own: CopyRow[] = [];
  const events: NotificationEvent[] = [];
  for (const { input, to, cc, bcc, everyone } of planned) {
    // Each message after the one before it in its conversation, as one by one would.
    const after = (lastAt.get(input.groupMessageId) ?? -1) + 1;
    const sent = Math.max(ctx.now.getTime(), after);
    lastAt.set(input.groupMessageId, sent);
    const sentAt = new Date(sent).toISOString();
    const common = {
      messageId: input.id,
      groupMessageId: input.groupMessageId,
      senderMemberId: ctx.memberId,
      toIds: to,
      ccIds: cc,
      body: input.body,
      sentAt,
      hiddenAt: null,
      createdAt: at,
      updatedAt: at,
      changeSeq: 0,
      deletedAt: null,
    };
    const sender: CopyRow = {
      ...common,
      id: input.id,
      ownerMemberId: ctx.memberId,
      bccIds: bcc,
      readAt: sentAt,
    };
    own.push(sender);
    rows.push(
      sender,
      ...[...to, ...cc].map((id) => ({
        ...common,
        id: messageCopyId(input.id, id),
        ownerMemberId: id,
        bccIds: [],
        readAt: null,
      })),
      ...bcc.map((id) => ({
        ...common,
        id: messageCopyId(input.id, id),
        ownerMemberId: id,
        bccIds: [id],
        readAt: null,
      })),
    );
    events.push(...messageEvents(ctx.memberId, input, everyone));
  }
  // The rows are known in full: no RETURNING to read back (decision 0303).
  await tx.insert(messageCopies).values(rows);
  await emitNotifications(tx, events);
  return copiesForClient(tx, own);
}

function messageEvents(
  senderId: string,
  input: MessageSendInput,
  everyone: string[],
): NotificationEvent[] {
  const preview = input.body.length > 80 ? `${input.body.slice(0, 79)}…` : input.body;
  return everyone.map((memberId) => ({
    memberId,
    kind: 'message' as const,
    actorMemberId: senderId,
    subjectId: input.groupMessageId,
    link: `/messages/${input.groupMessageId}`,
    params: { preview },
  }));
}

export const sendMessageHandler: MutationHandler<'message.send'> = {
  run: sendMessage,
  runMany: sendMessages,
};

/** Marks the caller's received messages of a conversation read. */
export const readMessages: MutationHandler<'message.read'> = {
  async run(tx, ctx, input) {
    await requireParticipant(tx, ctx.memberId, input.groupMessageId);
    const updated = await tx
      .update(messageCopies)
      .set({ readAt: ctx.now.toISOString() })
      .where(
        and(
          eq(messageCopies.ownerMemberId, ctx.memberId),
          eq(messageCopies.groupMessageId, input.groupMessageId),
          isNull(messageCopies.readAt),
        ),
      )
      .returning({ id: messageCopies.id });
    await openMessageNotifications(tx, ctx.memberId, input.groupMessageId, ctx.now);
    return { read: updated.length };
  },
};

/** Hides a conversation from the caller's list (a new message brings it back). */
export const hideConversation: MutationHandler<'message.hide'> = {
  async run(tx, ctx, input) {
    await requireParticipant(tx, ctx.memberId, input.groupMessageId);
    const updated = await tx
      .update(messageCopies)
      .set({ hiddenAt: ctx.now.toISOString() })
      .where(
        and(
          eq(messageCopies.ownerMemberId, ctx.memberId),
          eq(messageCopies.groupMessageId, input.groupMessageId),
          isNull(messageCopies.hiddenAt),
        ),
      )
      .returning({ id: messageCopies.id });
    return { hidden: updated.length };
  },
};

/** Deletes the caller's copy of a message; the other participants keep theirs. */
export const deleteMessage: MutationHandler<'message.delete'> = {
  async run(tx, ctx, input) {
    const [row] = await tx
      .select()
      .from(messageCopies)
      .where(eq(messageCopies.id, input.id))
      .for('update');
    if (!row) throw new ApiError(404, 'not_found');
    if (row.ownerMemberId !== ctx.memberId) throw new ApiError(403, 'forbidden');
    if (row.deletedAt !== null) return oneForClient(tx, row);
    const [deleted] = await tx
      .update(messageCopies)
      .set({ deletedAt: ctx.now.toISOString() })
      .where(eq(messageCopies.id, row.id))
      .returning();
    if (!deleted) throw new ApiError(409, 'conflict');
    return oneForClient(tx, deleted);
  },
};

/** The caller's live copies (every conversation), for the list and the count. */
export async function liveCopies(db: Queryable, memberId: string): Promise<CopyRow[]> {
  return db
    .select()
    .from(messageCopies)
    .where(and(eq(messageCopies.ownerMemberId, memberId), isNull(messageCopies.deletedAt)))
    .orderBy(asc(messageCopies.sentAt), asc(messageCopies.id));
}

/** A page of a thread, newest first, sent before `before` when given. */
export async function threadPage(
  db: Queryable,
  memberId: string,
  groupMessageId: string,
  before: string | undefined,
  limit: number,
): Promise<CopyRow[]> {
  const conditions = [
    eq(messageCopies.ownerMemberId, memberId),
    eq(messageCopies.groupMessageId, groupMessageId),
    isNull(messageCopies.deletedAt),
  ];
  if (before) conditions.push(lt(messageCopies.sentAt, before));
  return db
    .select()
    .from(messageCopies)
    .where(and(...conditions))
    .orderBy(desc(messageCopies.sentAt), desc(messageCopies.id))
    .limit(limit);
}

export async function unreadMessageCount(db: Queryable, memberId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageCopies)
    .where(
      and(
        eq(messageCopies.ownerMemberId, memberId),
        isNull(messageCopies.readAt),
        isNull(messageCopies.hiddenAt),
        isNull(messageCopies.deletedAt),
      ),
    );
  return Number(row?.n ?? 0);
}

/** A pull page of copies as copiesForClient shapes them, built by the database. */
async function shapedCopies(
  tx: Queryable,
  memberId: string,
  cursor: number,
  limit: number,
): Promise<ShapedPullRow<'messages'>[]> {
  const rows = await jsonPullPage<ShapedPullRow<'messages'>>(
    tx,
    {
      object: sql`json_build_object(
        'id', c.id, 'ownerMemberId', c.owner_member_id, 'messageId', c.message_id,
        'groupMessageId', c.group_message_id, 'senderMemberId', c.sender_member_id,
        'to', c.to_ids, 'cc', c.cc_ids, 'bcc', c.bcc_ids, 'body', c.body,
        'sentAt', c.sent_at::text, 'readAt', c.read_at::text, 'hiddenAt', c.hidden_at::text,
        'createdAt', c.created_at::text, 'updatedAt', c.updated_at::text,
        'deletedAt', c.deleted_at::text, 'changeSeq', c.change_seq)`,
      table: 'message_copies',
      ownerColumn: 'owner_member_id',
    },
    memberId,
    cursor,
    limit,
  );
  // The people named are added as copiesForClient adds them.
  const named = (row: MessageCopy) => [row.senderMemberId, ...row.to, ...row.cc, ...row.bcc];
  const people = await peopleOf(tx, rows.flatMap(named));
  for (const row of rows) row.people = peopleNamed(named(row), people);
  return rows;
}

export const messagesPullSource: PullSource<'messages'> = {
  entity: 'messages',
  table: messageCopies,
  scope: (memberId) => sql`${messageCopies.ownerMemberId} = ${memberId}`,
  toClient: async (rows, { tx }) => await copiesForClient(tx, rows as CopyRow[]),
  fetchShaped: shapedCopies,
};
