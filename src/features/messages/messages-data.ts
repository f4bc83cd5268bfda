// Messages read from the device store (Dexie) and written through the outbox: every screen
// works offline, and what is sent while offline leaves once, in order, on reconnect.
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type MessageRow } from '../../db/app-db';
import { queueMutation } from '../../sync/mutate';
import {
  compareMessages,
  conversationsOf,
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

export function useConversations(me: string | undefined): Conversation[] | undefined {
  return useLiveQuery(
    async () => (me ? conversationsOf(await appDb.messages.toArray(), me) : []),
    [me],
  );
}

/** A conversation's messages, oldest first (deleted ones left out). */
export function useThread(groupMessageId: string): MessageRow[] | undefined {
  return useLiveQuery(
    async () =>
      (
        await appDb.messages
          .where('[groupMessageId+sentAt]')
          .between([groupMessageId, Dexie.minKey], [groupMessageId, Dexie.maxKey])
          .toArray()
      )
        .filter((m) => m.deletedAt === null)
        .sort(compareMessages),
    [groupMessageId],
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
