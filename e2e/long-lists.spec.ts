// Long lists on a phone (issue 25, item 2): a member with 2,000 friends, 600 conversations and
// a conversation of 250 messages. The lists put only the rows in view in the page, reach the
// last row by scrolling, find a far one by search, and keep the layout rules at 360 and 768 px.
// The rows are written into the device's store as a pull writes them: the server's fair-use
// limits rightly stop one member from making 2,000 friends in a test.
import type { Page } from '@playwright/test';
import { expect, test } from './support/axe';
import type { Friendship } from '../contract/friend';
import type { MessageCopy } from '../contract/message';
import { findLayoutProblems } from './support/layout';
import { logInThroughForm, registerMemberByApi } from './support/session';

const friendCount = 2000;
const conversationCount = 600;
const threadLength = 250;

function friendName(i: number): string {
  return `Bạn Số ${String(i).padStart(4, '0')}`;
}

function friendships(me: string): Friendship[] {
  return Array.from({ length: friendCount }, (_, i) => {
    const other = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    return {
      id: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      fromMemberId: other,
      toMemberId: me,
      status: 'accepted',
      direction: 'received',
      otherMemberId: other,
      other: {
        id: other,
        name: friendName(i),
        urlMinify: `ban-so-${i}`,
        avatarUrl: null,
        jobTitle: 'Kỹ sư phần mềm cao cấp phụ trách hạ tầng',
        workplace: 'Công ty Cổ phần Công nghệ Cao Nguyên Đà Lạt',
      },
      searchKey: `ban so ${String(i).padStart(4, '0')}`,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      deletedAt: null,
      changeSeq: 1,
    };
  });
}

function messages(me: string): MessageCopy[] {
  const rows: MessageCopy[] = [];
  const copy = (group: number, n: number, other: string, sentAt: string): MessageCopy => ({
    id: `20000000-0000-4000-${String(group).padStart(4, '0')}-${String(n).padStart(12, '0')}`,
    ownerMemberId: me,
    messageId: `30000000-0000-4000-${String(group).padStart(4, '0')}-${String(n).padStart(12, '0')}`,
    groupMessageId: `40000000-0000-4000-8000-${String(group).padStart(12, '0')}`,
    senderMemberId: other,
    to: [me],
    cc: [],
    bcc: [],
    body: `Lời nhắn ${n} của cuộc trò chuyện ${group}: hẹn gặp ở gian hàng số ${group} nhé`,
    sentAt,
    readAt: sentAt,
    hiddenAt: null,
    people: {
      [other]: { id: other, name: friendName(group), urlMinify: '', avatarUrl: null },
      [me]: { id: me, name: 'Người Nhiều Bạn', urlMinify: '', avatarUrl: null },
    },
    createdAt: sentAt,
    updatedAt: sentAt,
    deletedAt: null,
    changeSeq: 1,
  });
  for (let group = 0; group < conversationCount; group++) {
    const other = `00000000-0000-4000-8000-${String(group).padStart(12, '0')}`;
    // Conversation 0 is the newest and the long one.
    const length = group === 0 ? threadLength : 1;
    for (let n = 0; n < length; n++) {
      const at = Date.UTC(2026, 10, 20) - group * 3_600_000 + n * 1000;
      rows.push(copy(group, n, other, new Date(at).toISOString()));
    }
  }
  return rows;
}

/** Writes rows into the app's store in the page (the app has opened it at its version). */
async function writeDeviceRows(page: Page, rows: { friendships: unknown[]; messages: unknown[] }) {
  await page.evaluate(async (rows) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('mecards');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(['friendships', 'messages'], 'readwrite');
      for (const row of rows.friendships) tx.objectStore('friendships').put(row);
      for (const row of rows.messages) tx.objectStore('messages').put(row);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('write failed'));
    });
    db.close();
  }, rows);
}

async function checkLayout(page: Page, name: string) {
  for (const width of [360, 768]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await findLayoutProblems(page), `${name} at ${width} px`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
}

test('2,000 friends, 600 conversations and a long thread: bounded lists that reach every row', async ({
  page,
  request,
}) => {
  const member = await registerMemberByApi(request, { name: 'Người Nhiều Bạn' });
  const me = await logInThroughForm(page, member);
  await writeDeviceRows(page, { friendships: friendships(me), messages: messages(me) });

  // Friends: a few dozen rows in the page, the last one reached by scrolling, a far one found.
  await page.goto(`/friends/${me}`);
  const friends = page.getByRole('list', { name: 'Bạn bè' });
  await expect(friends.getByText(friendName(0), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Bạn bè \(2\.000\)/ })).toBeVisible();
  expect(await friends.getByRole('listitem').count()).toBeLessThan(40);
  await checkLayout(page, 'friends-2000');
  await friends.evaluate((box) => box.scrollTo(0, box.scrollHeight));
  await expect(friends.getByText(friendName(friendCount - 1), { exact: true })).toBeVisible();
  expect(await friends.getByRole('listitem').count()).toBeLessThan(40);
  await page.getByLabel('Tìm theo tên').fill('ban so 1234');
  await expect(friends.getByRole('listitem')).toHaveCount(1);
  await expect(friends.getByText(friendName(1234), { exact: true })).toBeVisible();

  // Conversations: newest first, bounded, the oldest reached by scrolling.
  await page.goto('/messages');
  const conversations = page.getByRole('list', { name: 'Cuộc trò chuyện' });
  await expect(conversations.getByText(friendName(0), { exact: true })).toBeVisible();
  expect(await conversations.getByRole('listitem').count()).toBeLessThan(40);
  await checkLayout(page, 'conversations-600');
  await conversations.evaluate((box) => box.scrollTo(0, box.scrollHeight));
  await expect(
    conversations.getByText(friendName(conversationCount - 1), { exact: true }),
  ).toBeVisible();

  // The composer offers 30 people and finds the others by name.
  await page.getByRole('button', { name: 'Lời nhắn mới' }).click();
  // By its class: its name changes with the language below.
  const to = page.locator('fieldset.composer__people');
  await expect(to).toHaveAccessibleName('Gửi đến');
  await expect(to.getByRole('checkbox')).toHaveCount(30);
  await expect(to.getByText('Còn 1.970 người nữa: gõ tên để tìm')).toBeVisible();
  await to.getByLabel('Tìm người nhận').fill('so 1999');
  await to.getByRole('checkbox', { name: friendName(1999) }).check();
  await to.getByLabel('Tìm người nhận').fill('');
  // The one chosen stays first, checked, whatever is typed.
  await expect(to.getByRole('checkbox').first()).toBeChecked();
  await expect(to.getByRole('checkbox')).toHaveCount(31);
  await checkLayout(page, 'composer-2000');
  // The same screen in English says the same, in English only.
  await page.getByRole('button', { name: 'English' }).click();
  // Numbers are grouped as everywhere in the app (contract/format), whatever the language.
  await expect(to.getByText(/^1[.,]969 more: type a name to find them$/)).toBeVisible();
  await expect(to.getByLabel('Find recipients')).toBeVisible();
  await page.getByRole('button', { name: 'Tiếng Việt' }).click();
  await expect(to.getByText('Còn 1.969 người nữa: gõ tên để tìm')).toBeVisible();

  // The long conversation opens on its newest 100 messages; earlier ones come on request.
  await page.goto('/messages');
  await conversations.getByText(friendName(0), { exact: true }).click();
  const thread = page.getByRole('list', { name: 'Tin nhắn' });
  await expect(thread.getByTestId('message')).toHaveCount(100);
  await expect(thread.getByText(/^Lời nhắn 249 /)).toBeVisible();
  await checkLayout(page, 'thread-250');
  await page.getByRole('button', { name: 'Xem 100 tin nhắn cũ hơn' }).click();
  await expect(thread.getByTestId('message')).toHaveCount(200);
  await page.getByRole('button', { name: 'Xem 50 tin nhắn cũ hơn' }).click();
  await expect(thread.getByTestId('message')).toHaveCount(threadLength);
  await expect(thread.getByText(/^Lời nhắn 0 /)).toBeVisible();
  await expect(page.getByRole('button', { name: /tin nhắn cũ hơn/ })).toHaveCount(0);
});
