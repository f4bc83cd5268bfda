// Many messages on the device (issue 25): the conversation list is read in pages and folded,
// and a thread reads only its newest messages; both must say what reading everything says.
import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { compareMessages, conversationsOf, type MessageCopy } from '../../contract/message';
import { createAppDb } from '../../src/db/app-db';
import { readConversations, readThread } from '../../src/features/messages/messages-data';

const me = 'member-me';
const person = (id: string) => ({ id, name: `Người ${id}`, urlMinify: id, avatarUrl: null });

function copyOf(
  n: number,
  group: string,
  sender: string,
  sentAt: string,
  extra: Partial<MessageCopy> = {},
): MessageCopy {
  const other = sender === me ? `peer-${group}` : sender;
  return {
    // Ids in no order of time or conversation: a page of the primary key cuts across both.
    id: `${((n * 7_919) % 100_003).toString(36).padStart(5, '0')}-${n}`,
    ownerMemberId: me,
    messageId: `m-${n}`,
    groupMessageId: group,
    senderMemberId: sender,
    to: [sender === me ? other : me],
    cc: [],
    bcc: [],
    body: `Lời nhắn ${n}`,
    sentAt,
    readAt: n % 5 === 0 ? null : sentAt,
    hiddenAt: null,
    people: { [me]: person(me), [other]: person(other) },
    createdAt: sentAt,
    updatedAt: sentAt,
    deletedAt: null,
    ...extra,
  };
}

const minute = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

describe('many messages on the device', () => {
  const db = createAppDb(`mecards-messages-${crypto.randomUUID()}`);
  afterAll(async () => {
    db.close();
    await db.delete();
  });

  it('lists 300 conversations of 6,500 copies as reading them all would', async () => {
    const copies: MessageCopy[] = [];
    for (let n = 0; n < 6_500; n++) {
      const group = `g-${n % 300}`;
      const sender = n % 3 === 0 ? me : `peer-g-${n % 300}`;
      copies.push(
        copyOf(n, group, sender, minute(n % 4_000), {
          // Some hidden and deleted copies, among them newest ones of their conversation.
          hiddenAt: n % 97 === 0 ? minute(n) : null,
          deletedAt: n % 89 === 0 ? minute(n) : null,
        }),
      );
    }
    await db.messages.bulkPut(copies);
    const listed = await readConversations(db, me);
    expect(listed).toEqual(conversationsOf(copies, me));
    expect(listed).toHaveLength(300);
    expect(listed.reduce((sum, c) => sum + c.unread, 0)).toBeGreaterThan(0);
  });

  it('opens a thread of 250 on its newest 100, then 200, then all that are not deleted', async () => {
    const group = 'g-long';
    const thread: MessageCopy[] = [];
    for (let n = 0; n < 250; n++) {
      // Pairs sent in the same minute: the order falls back to the id, as compareMessages says.
      thread.push(
        copyOf(10_000 + n, group, n % 2 ? me : 'peer-long', minute(Math.floor(n / 2)), {
          deletedAt: n === 3 || n === 200 || n === 249 ? minute(n) : null,
        }),
      );
    }
    await db.messages.bulkPut(thread);
    const kept = thread.filter((m) => m.deletedAt === null).sort(compareMessages);
    expect(kept).toHaveLength(247);

    const first = await readThread(db, group, 100, 100);
    expect(first.messages.map((m) => m.id)).toEqual(kept.slice(-100).map((m) => m.id));
    expect(first.earlier).toBe(100);

    const second = await readThread(db, group, 200, 100);
    expect(second.messages.map((m) => m.id)).toEqual(kept.slice(-200).map((m) => m.id));
    expect(second.earlier).toBe(47);

    const all = await readThread(db, group, 300, 100);
    expect(all.messages.map((m) => m.id)).toEqual(kept.map((m) => m.id));
    expect(all.earlier).toBe(0);

    expect(await readThread(db, 'g-none', 100, 100)).toEqual({ messages: [], earlier: 0 });
  });
});
