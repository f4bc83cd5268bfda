// The message writes as the screens queue them: each builds the optimistic change and the
// outbox entry of one declared mutation (queueMutation runs it; tests run the same through
// queueMutationIn on their own database). All of them work offline and are sent once, in order.
import type { AppDb, MessageRow } from '../../db/app-db';
import type { QueueMutationInput } from '../../sync/mutate';
import type { MessagePerson } from '../../../contract/message';

export interface NewMessage {
  /** An existing conversation (a reply), or none for a new one. */
  groupMessageId?: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  body: string;
  /** Names of the people, as far as the device knows them (friends, phonebook cards). */
  people: MessagePerson[];
}

/** message.send — offline: shown at once as sent by me, delivered on reconnect. */
export function sendMessageWrite(
  me: MessagePerson,
  input: NewMessage,
): QueueMutationInput<'message.send'> {
  const id = crypto.randomUUID();
  const groupMessageId = input.groupMessageId ?? crypto.randomUUID();
  const now = new Date().toISOString();
  const people = Object.fromEntries([me, ...input.people].map((p) => [p.id, p]));
  const row: MessageRow = {
    id,
    ownerMemberId: me.id,
    messageId: id,
    groupMessageId,
    senderMemberId: me.id,
    to: input.to,
    cc: input.cc ?? [],
    bcc: input.bcc ?? [],
    body: input.body.trim(),
    sentAt: now,
    readAt: now,
    hiddenAt: null,
    people,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  return {
    name: 'message.send',
    payload: {
      id,
      groupMessageId,
      to: input.to,
      cc: input.cc ?? [],
      bcc: input.bcc ?? [],
      body: input.body,
    },
    table: 'messages',
    rowId: id,
    apply: (db: AppDb) => db.messages.put(row),
  };
}

async function ownCopies(db: AppDb, groupMessageId: string): Promise<MessageRow[]> {
  return db.messages.where('groupMessageId').equals(groupMessageId).toArray();
}

/**
 * A copy the server has (pulled, or answered). Entries about a whole conversation are filed
 * only under those: a message still waiting to be sent is covered by the server's own
 * handling of the conversation (it is sent first, in order), and if it is refused there is
 * nothing left on the device to hide or read.
 */
export function onServer(copy: MessageRow): boolean {
  return copy.changeSeq !== undefined;
}

/**
 * message.read — offline: the unread badge drops at once. One entry per copy it changes (each
 * entry undoes only its own row if refused); the server reads the whole conversation on the
 * first and finds nothing left for the others.
 */
export async function readConversationWrites(
  db: AppDb,
  me: string,
  groupMessageId: string,
): Promise<QueueMutationInput<'message.read'>[]> {
  const unread = (await ownCopies(db, groupMessageId)).filter(
    (c) => c.readAt === null && c.senderMemberId !== me && c.deletedAt === null && onServer(c),
  );
  return unread.map((copy) => ({
    name: 'message.read',
    payload: { groupMessageId },
    table: 'messages',
    rowId: copy.id,
    apply: async (tx: AppDb) => {
      const current = await tx.messages.get(copy.id);
      if (current) await tx.messages.put({ ...current, readAt: new Date().toISOString() });
    },
  }));
}

/** message.hide — offline: the conversation leaves this member's list at once (per copy, as read). */
export async function hideConversationWrites(
  db: AppDb,
  groupMessageId: string,
): Promise<QueueMutationInput<'message.hide'>[]> {
  const shown = (await ownCopies(db, groupMessageId)).filter(
    (c) => c.hiddenAt === null && c.deletedAt === null && onServer(c),
  );
  return shown.map((copy) => ({
    name: 'message.hide',
    payload: { groupMessageId },
    table: 'messages',
    rowId: copy.id,
    apply: async (tx: AppDb) => {
      const current = await tx.messages.get(copy.id);
      if (current) await tx.messages.put({ ...current, hiddenAt: new Date().toISOString() });
    },
  }));
}

/**
 * message.delete — offline: this member's copy disappears at once (the others keep theirs).
 * Offered for copies on the server only (onServer).
 */
export function deleteMessageWrite(copy: MessageRow): QueueMutationInput<'message.delete'> {
  return {
    name: 'message.delete',
    payload: { id: copy.id },
    table: 'messages',
    rowId: copy.id,
    apply: (db: AppDb) => db.messages.put({ ...copy, deletedAt: new Date().toISOString() }),
  };
}
