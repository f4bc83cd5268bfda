// The service worker's notification click (sw/push.ts, decision 0661) with no window of the
// app open: it must open the app at the notification's target. Chromium lets a worker open a
// window only while it handles a real click on a shown notification (user activation), and CDP
// can deliver a push but cannot click a notification; so the handler runs here against a fake
// worker scope: the same listener code, its clients API observed. (The open-window path also
// runs for real in e2e/messages-push.spec.ts.)
import 'fake-indexeddb/auto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

const origin = 'https://mecards.test';
const listeners = new Map<string, (event: unknown) => void>();
let windows: FakeWindow[] = [];
const openWindow = vi.fn((url: string) => Promise.resolve({ url }));
const matchAll = vi.fn(() => Promise.resolve(windows));
const showNotification = vi.fn(() => Promise.resolve());

beforeAll(async () => {
  const scope = {
    location: new URL(`${origin}/sw.js`),
    clients: { matchAll, openWindow },
    registration: { showNotification },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners.set(type, listener);
    },
  };
  Object.defineProperty(globalThis, 'self', { value: scope, configurable: true });
  await import('../../sw/push');
});

beforeEach(() => {
  windows = [];
  openWindow.mockClear();
  matchAll.mockClear();
});

/** Dispatches a notification click as the browser does and waits for its work. */
async function click(data: unknown): Promise<{ closed: boolean }> {
  const pending: Promise<unknown>[] = [];
  let closed = false;
  listeners.get('notificationclick')!({
    notification: {
      data,
      close: () => {
        closed = true;
      },
    },
    waitUntil: (promise: Promise<unknown>) => pending.push(promise),
  });
  await Promise.all(pending);
  return { closed };
}

describe('notification click', () => {
  it('opens the app at the notification’s target when no window is open', async () => {
    const { closed } = await click({ link: '/messages/3f0c2a4e-0000-4000-8000-000000000001' });
    expect(closed).toBe(true);
    expect(matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(openWindow).toHaveBeenCalledTimes(1);
    expect(openWindow).toHaveBeenCalledWith(
      `${origin}/messages/3f0c2a4e-0000-4000-8000-000000000001`,
    );
  });

  it('opens the notifications list when the notification names no target', async () => {
    await click(null);
    expect(openWindow).toHaveBeenCalledWith(`${origin}/notifications`);
  });

  it('never opens another site', async () => {
    await click({ link: 'https://evil.example/phish' });
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('with a window of the app open, focuses it and moves it to the target instead', async () => {
    const open: FakeWindow = {
      url: `${origin}/notifications`,
      focus: vi.fn(() => Promise.resolve()),
      navigate: vi.fn(() => Promise.resolve()),
    };
    windows = [{ url: 'https://other.example/', focus: vi.fn(), navigate: vi.fn() }, open];
    await click({ link: '/friends/abc' });
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${origin}/friends/abc`);
    expect(openWindow).not.toHaveBeenCalled();
  });
});
