// A card page runs no sync loop (decision 1100, amendment): a member's write there — "Trao đổi
// thẻ" with the network off — is sent at once, and when that finds no network, sent again when
// the page hears the network come back (browsers without Background Sync, e.g. iOS Safari).
import { expect, it, vi } from 'vitest';

const outcomes = ['offline', 'synced'];
const calls: unknown[] = [];
vi.mock('../../src/sync/sync-engine', () => ({
  syncNow: (options: unknown) => {
    calls.push(options);
    return Promise.resolve({ status: outcomes.shift() ?? 'synced', pushed: 0, rejected: 0 });
  },
}));
const page = new EventTarget();
(globalThis as { window?: unknown }).window = page;
const { sendQueuedNow } = await import('../../src/features/card/send-queued-now');
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

it('sends again when the network is back, once, after a send that found none', async () => {
  sendQueuedNow();
  await vi.waitFor(() => expect(calls).toHaveLength(1));
  await settle();
  expect(calls).toHaveLength(1);
  page.dispatchEvent(new Event('online'));
  await vi.waitFor(() => expect(calls).toHaveLength(2));
  // The member just acted: an earlier failure's wait does not hold the write back.
  expect(calls).toEqual([{ force: true }, { force: true }]);
  // Sent: nothing is left listening.
  await settle();
  page.dispatchEvent(new Event('online'));
  await settle();
  expect(calls).toHaveLength(2);
});
