import * as v from 'valibot';
import { visibleWhenPresent } from './visible-text';
import { uuidSchema } from './common';

// Messages (spec §3 Message: groupMessageId, time, receiver, to, cc, bcc; §5 recipient
// required). A message is kept once per participant (decision 0660): each member mirrors and
// reads, hides and deletes their own copy. Ids are made by the client, so a message written
// offline keeps its id when it reaches the server and a replay stores nothing twice.

/** Most people one message may go to (to + cc + bcc); more is refused with a clear message. */
export const maxMessageRecipients = 500;
export const maxMessageLength = 5000;

const recipientList = (code: string) =>
  v.pipe(
    v.array(uuidSchema, code),
    v.maxLength(maxMessageRecipients, 'message_too_many_recipients'),
  );

export const messageBodySchema = v.pipe(
  v.string('message_body_required'),
  v.trim(),
  v.nonEmpty('message_body_required'),
  visibleWhenPresent,
  v.maxLength(maxMessageLength, 'too_long'),
);

/** message.send: a new message, or a reply when groupMessageId names an existing conversation. */
export const messageSendSchema = v.pipe(
  v.object({
    id: uuidSchema,
    groupMessageId: uuidSchema,
    to: v.pipe(recipientList('recipient_required'), v.minLength(1, 'recipient_required')),
    cc: v.optional(recipientList('invalid_value'), []),
    bcc: v.optional(recipientList('invalid_value'), []),
    body: messageBodySchema,
  }),
  v.forward(
    v.check(
      (input) => input.to.length + input.cc.length + input.bcc.length <= maxMessageRecipients,
      'message_too_many_recipients',
    ),
    ['to'],
  ),
);
export type MessageSendInput = v.InferOutput<typeof messageSendSchema>;

/** sendMany: the same text to many people, each in a conversation of their own. */
export const messageSendManySchema = v.object({
  to: v.pipe(
    v.array(uuidSchema, 'recipient_required'),
    v.minLength(1, 'recipient_required'),
    v.maxLength(maxMessageRecipients, 'message_too_many_recipients'),
  ),
  body: messageBodySchema,
});

/** message.read and message.hide: a whole conversation, for the caller only. */
export const messageConversationSchema = v.object({ groupMessageId: uuidSchema });

/** message.delete: one copy of the caller's (soft, the other participants keep theirs). */
export const messageDeleteSchema = v.object({ id: uuidSchema });

export const messageListQuerySchema = v.object({
  filter: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'too_long'))),
});

export const messageThreadQuerySchema = v.object({
  groupMessageId: uuidSchema,
  /** Paging back: only messages sent before this time. */
  time: v.optional(v.pipe(v.string('invalid_date'), v.isoTimestamp('invalid_date'))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.decimal('invalid_number'),
      v.transform(Number),
      v.minValue(1, 'invalid_number'),
      v.maxValue(200, 'invalid_number'),
    ),
    '50',
  ),
});

/** A participant as a message shows them. */
export interface MessagePerson {
  id: string;
  name: string;
  urlMinify: string;
  avatarUrl: string | null;
}

/** One member's copy of a message, as the API returns it and the client mirrors it. */
export interface MessageCopy {
  id: string;
  ownerMemberId: string;
  messageId: string;
  groupMessageId: string;
  senderMemberId: string;
  to: string[];
  cc: string[];
  /** Only on the sender's copy (and a bcc receiver sees only themself). */
  bcc: string[];
  body: string;
  sentAt: string;
  readAt: string | null;
  hiddenAt: string | null;
  /** Everyone the copy names, by id. */
  people: Record<string, MessagePerson>;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  changeSeq?: number;
}

/** A conversation as the list shows it: its newest visible message and the caller's unread. */
export interface Conversation {
  groupMessageId: string;
  last: MessageCopy;
  unread: number;
  /** Everyone in the conversation except the caller. */
  others: MessagePerson[];
}

/**
 * The id of a receiver's copy: the same on every server process and in a replay. The sender's
 * copy has the message's own id (the one the client wrote optimistically).
 */
export function messageCopyKey(messageId: string, memberId: string): string {
  return `message-copy:${messageId.toLowerCase()}:${memberId.toLowerCase()}`;
}

/** Participants of a copy other than `me` (sender, to, cc, and bcc where visible). */
export function otherParticipants(copy: MessageCopy, me: string): string[] {
  const ids = new Set([copy.senderMemberId, ...copy.to, ...copy.cc, ...copy.bcc]);
  ids.delete(me);
  return [...ids];
}

/**
 * Conversations gathered from a member's copies, a page at a time: it keeps one entry per
 * conversation, not the copies, so a device with many messages reads them in pages.
 */
export class ConversationFold {
  private readonly byGroup = new Map<
    string,
    { last: MessageCopy; unread: number; others: Set<string> }
  >();

  constructor(private readonly me: string) {}

  add(copies: readonly MessageCopy[]): void {
    const me = this.me;
    for (const copy of copies) {
      if (copy.deletedAt !== null || copy.hiddenAt !== null) continue;
      const entry = this.byGroup.get(copy.groupMessageId);
      const unread = copy.senderMemberId !== me && copy.readAt === null ? 1 : 0;
      if (!entry) {
        this.byGroup.set(copy.groupMessageId, {
          last: copy,
          unread,
          others: new Set(otherParticipants(copy, me)),
        });
        continue;
      }
      entry.unread += unread;
      for (const id of otherParticipants(copy, me)) entry.others.add(id);
      if (compareMessages(copy, entry.last) > 0) entry.last = copy;
    }
  }

  /** Newest first. */
  conversations(): Conversation[] {
    return [...this.byGroup.entries()]
      .map(([groupMessageId, { last, unread, others }]) => ({
        groupMessageId,
        last,
        unread,
        others: [...others].map(
          (id) => last.people[id] ?? { id, name: '', urlMinify: '', avatarUrl: null },
        ),
      }))
      .sort((a, b) => compareMessages(b.last, a.last));
  }
}

/** Conversations from a member's copies: newest first, hidden and deleted copies left out. */
export function conversationsOf(copies: readonly MessageCopy[], me: string): Conversation[] {
  const fold = new ConversationFold(me);
  fold.add(copies);
  return fold.conversations();
}

/** Thread order: sending time, then id. */
export function compareMessages(a: MessageCopy, b: MessageCopy): number {
  return a.sentAt < b.sentAt
    ? -1
    : a.sentAt > b.sentAt
      ? 1
      : a.id < b.id
        ? -1
        : a.id > b.id
          ? 1
          : 0;
}

/** Unread messages of a member: received, not read, not hidden or deleted. */
export function unreadCount(copies: readonly MessageCopy[], me: string): number {
  return copies.filter(
    (c) =>
      c.senderMemberId !== me && c.readAt === null && c.hiddenAt === null && c.deletedAt === null,
  ).length;
}

/** Pieces of a message text: plain text and http(s) links, for safe rendering as text. */
export function linkifyParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  const pattern = /\bhttps?:\/\/[^\s<>"']+/gi;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    // Closing punctuation after a link belongs to the sentence.
    const href = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    try {
      const url = new URL(href);
      parts.push(
        url.protocol === 'http:' || url.protocol === 'https:'
          ? { text: href, href }
          : { text: href },
      );
    } catch {
      parts.push({ text: href });
    }
    last = start + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
