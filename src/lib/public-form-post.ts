// Posting a public form (wedding reply, contact-us) from a visitor's page, with no login.
// Offline, the service worker keeps the post and answers 202 queued (sw/public-forms.ts); a
// page without a worker yet keeps it in localStorage and sends it when back online. Either way
// the body's client-made id makes the server store it once.

import {
  pendingPublicPostsKey,
  publicFormQueuedHeader,
  replayPublicFormsMessage,
  type PublicFormPath,
} from '../../contract/public-forms';

export type PublicPostOutcome =
  | { kind: 'sent' }
  | { kind: 'queued' }
  | { kind: 'refused'; message: string; fields: Record<string, string> }
  | { kind: 'failed' };

interface PendingPost {
  path: PublicFormPath;
  body: Record<string, unknown>;
}

interface PageGlobals {
  localStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  navigator?: { serviceWorker?: { controller?: { postMessage(message: unknown): void } | null } };
  addEventListener?: (type: string, listener: () => void) => void;
}

const page = globalThis as unknown as PageGlobals;

function pending(): PendingPost[] {
  try {
    return JSON.parse(page.localStorage?.getItem(pendingPublicPostsKey) ?? '[]') as PendingPost[];
  } catch {
    return [];
  }
}

function keep(posts: PendingPost[]): void {
  try {
    page.localStorage?.setItem(pendingPublicPostsKey, JSON.stringify(posts));
  } catch {
    // Storage full or blocked: nothing more to do.
  }
}

async function send(path: PublicFormPath, body: Record<string, unknown>, lang: string) {
  return fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': lang },
    body: JSON.stringify(body),
  });
}

/** Sends a public form; the body must carry its client-made `id`. */
export async function postPublicForm(
  path: PublicFormPath,
  body: Record<string, unknown>,
  lang: 'vi' | 'en',
): Promise<PublicPostOutcome> {
  let res: Response;
  try {
    res = await send(path, body, lang);
  } catch {
    // No worker caught it (first visit, or no service worker): kept here instead.
    keep([...pending(), { path, body }]);
    return { kind: 'queued' };
  }
  if (res.status === 202 && res.headers.get(publicFormQueuedHeader)) return { kind: 'queued' };
  if (res.ok) return { kind: 'sent' };
  if (res.status >= 400 && res.status < 500) {
    const answer = (await res.json().catch(() => null)) as {
      error?: { message?: string; fields?: Record<string, string> };
    } | null;
    return {
      kind: 'refused',
      message: answer?.error?.message ?? '',
      fields: answer?.error?.fields ?? {},
    };
  }
  return { kind: 'failed' };
}

/** Sends what waits here and asks the worker to send what it keeps. */
export async function sendWaitingPublicPosts(): Promise<void> {
  const worker = page.navigator?.serviceWorker?.controller;
  worker?.postMessage({ type: replayPublicFormsMessage });
  const waiting = pending();
  if (waiting.length === 0) return;
  const left: PendingPost[] = [];
  for (const post of waiting) {
    try {
      const res = await send(post.path, post.body, 'vi');
      if (res.status >= 500 || res.status === 429) left.push(post);
    } catch {
      left.push(post);
    }
  }
  keep(left);
}

/** On a public page: send waiting posts now and whenever the network comes back. */
export function watchWaitingPublicPosts(): void {
  void sendWaitingPublicPosts();
  page.addEventListener?.('online', () => void sendWaitingPublicPosts());
}
