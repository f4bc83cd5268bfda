// Messages read from the device store (Dexie) and written through the outbox: every screen
// works offline, and what is sent while offline leaves once, in order, on reconnect.
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type AppDb, type MessageRow } from '../../db/app-db';
import { queueMutation } from '../../sync/mutate';
import {
  compareMessages,
  ConversationFold,
  type Conversation,
  type MessagePerson,
} from '../../../contract/message';
import {
  deleteMessageWrite,
  hideConversationWrites,
  readConversationWrites,
  sendMessageWrite,
  type NewMessage,
} from './message-writes';

/** Message copies read at a time for the conversation list: memory holds one page. */
const conversationReadPage = 2_000;

/**
 * The member's conversations, newest first: the copies are read in pages of the primary key
 * and folded, so the device never holds all of them at once.
 */
export async function readConversations(db: AppDb, me: string): Promise<Conversation[]> {
  const fold = new ConversationFold(me);
  let after: string | undefined;
  for (;;) {
    const from =
      after === undefined ? db.messages.toCollection() : db.messages.where(':id').above(after);
    const page = await from.limit(conversationReadPage).toArray();
    fold.add(page);
    if (page.length < conversationReadPage) return fold.conversations();
    after = page.at(-1)!.id;
  }
}

export function useConversations(me: string | undefined): Conversation[] | undefined {
  return useLiveQuery(async () => (me ? readConversations(appDb, me) : []), [me]);
}

export interface ThreadWindow {
  /** The newest `shown` messages, oldest first (deleted ones left out). */
  messages: MessageRow[];
  /** How many older ones the next "earlier" step would add, at most `step`; 0: none left. */
  earlier: number;
}

/**
 * A conversation's newest messages, read from the newest back: a long thread is not read
 * whole, only what is shown and the next step.
 */
export async function readThread(
  db: AppDb,
  groupMessageId: string,
  shown: number,
  step: number,
): Promise<ThreadWindow> {
  const newest = await db.messages
    .where('[groupMessageId+sentAt]')
    .between([groupMessageId, Dexie.minKey], [groupMessageId, Dexie.maxKey])
    .reverse()
    .filter((m) => m.deletedAt === null)
    .limit(shown + step)
    .toArray();
  newest.sort((a, b) => compareMessages(b, a));
  return {
    messages: newest.slice(0, shown).reverse(),
    earlier: Math.max(0, newest.length - shown),
  };
}

export function useThread(
  groupMessageId: string,
  shown: number,
  step: number,
): ThreadWindow | undefined {
  return useLiveQuery(
    () => readThread(appDb, groupMessageId, shown, step),
    [groupMessageId, shown, step],
  );
}

/** People the member can write to: friends and phonebook contacts that are members. */
export function useReachablePeople(me: string | undefined): MessagePerson[] | undefined {
  return useLiveQuery(async () => {
    if (!me) return [];
    const people = new Map<string, MessagePerson>();
    for (const f of await appDb.friendships.toArray()) {
      if (f.status !== 'accepted' || f.deletedAt !== null) continue;
      people.set(f.otherMemberId, {
        id: f.otherMemberId,
        name: f.other.name,
        urlMinify: f.other.urlMinify,
        avatarUrl: f.other.avatarUrl,
      });
    }
    // Saved cards only, through their index: a phonebook of 100,000 is not read whole.
    for (const c of await appDb.contacts.where('cardMemberId').above('').toArray()) {
      if (!c.cardMemberId || c.deletedAt !== null || people.has(c.cardMemberId)) continue;
      people.set(c.cardMemberId, {
        id: c.cardMemberId,
        name: c.name,
        urlMinify: c.cardSnapshot?.urlMinify ?? '',
        avatarUrl: c.cardSnapshot?.avatarUrl ?? null,
      });
    }
    people.delete(me);
    return [...people.values()].sort((a, b) => a.name.localeCompare(b.name, 'vi'));
  }, [me]);
}

async function myself(me: string): Promise<MessagePerson> {
  const profile = await appDb.profile.get(me);
  return {
    id: me,
    name: profile?.name ?? '',
    urlMinify: profile?.urlMinify ?? '',
    avatarUrl: profile?.avatarUrl ?? null,
  };
}

/** Sends one message (a new conversation or a reply). Offline: queued and shown as sent. */
export async function sendMessage(me: string, input: NewMessage): Promise<string> {
  const write = sendMessageWrite(await myself(me), input);
  await queueMutation(write);
  return write.payload.groupMessageId;
}

/** The same text to several people, each in a conversation of their own (spec sendMany). */
export async function sendToMany(me: string, people: MessagePerson[], body: string): Promise<void> {
  const self = await myself(me);
  for (const person of people) {
    await queueMutation(sendMessageWrite(self, { to: [person.id], body, people: [person] }));
  }
}

export async function markConversationRead(me: string, groupMessageId: string): Promise<void> {
  for (const write of await readConversationWrites(appDb, me, groupMessageId)) {
    await queueMutation(write);
  }
}

export async function hideConversation(groupMessageId: string): Promise<void> {
  for (const write of await hideConversationWrites(appDb, groupMessageId)) {
    await queueMutation(write);
  }
}

export async function deleteMessage(copy: MessageRow): Promise<void> {
  await queueMutation(deleteMessageWrite(copy));
}
