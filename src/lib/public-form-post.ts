// Posting a public form (wedding reply, contact-us) from a visitor's page, with no login.
// Offline, the service worker keeps the post and answers 202 queued (sw/public-forms.ts); a
// page without a worker yet keeps it in localStorage and sends it when back online. Either way
// the body's client-made id makes the server store it once.

import {
  pendingPublicPostsKey,
  publicFormQueuedHeader,
  publicFormRefusedMessage,
  refusedPublicPostPrefix,
  refusedPublicPostsCache,
  replayPublicFormsMessage,
  type PublicFormPath,
  type RefusedPublicPost,
} from '../../contract/public-forms';

export type PublicPostOutcome =
  | { kind: 'sent' }
  | { kind: 'queued' }
  | { kind: 'refused'; message: string; fields: Record<string, string> }
  | { kind: 'failed' };

interface PendingPost {
  path: PublicFormPath;
  body: Record<string, unknown>;
  /** The page's language, for the server's words if it refuses the post. */
  lang?: 'vi' | 'en';
}

interface PageGlobals {
  localStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  navigator?: {
    serviceWorker?: {
      controller?: { postMessage(message: unknown): void } | null;
      addEventListener?: (type: 'message', listener: (event: { data: unknown }) => void) => void;
    };
  };
  addEventListener?: (type: string, listener: () => void) => void;
  caches?: CacheStorage;
}

const page = globalThis as unknown as PageGlobals;
/** Where a page with no worker keeps the posts the server refused, for the form to show. */
const refusedKey = `${pendingPublicPostsKey}-refused`;

function read<T>(key: string): T[] {
  try {
    return JSON.parse(page.localStorage?.getItem(key) ?? '[]') as T[];
  } catch {
    return [];
  }
}

function write(key: string, list: unknown[]): void {
  try {
    page.localStorage?.setItem(key, JSON.stringify(list));
  } catch {
    // Storage full or blocked: nothing more to do.
  }
}

const pending = () => read<PendingPost>(pendingPublicPostsKey);
const keep = (posts: PendingPost[]) => write(pendingPublicPostsKey, posts);

async function refusal(
  res: Response,
): Promise<{ message: string; fields: Record<string, string> }> {
  const answer = (await res.json().catch(() => null)) as {
    error?: { message?: string; fields?: Record<string, string> };
  } | null;
  return { message: answer?.error?.message ?? '', fields: answer?.error?.fields ?? {} };
}

const refusedListeners = new Set<() => void>();
const tellRefused = () => refusedListeners.forEach((listener) => listener());

/** Calls back when a waiting post was refused (by the worker's replay or this page's). */
export function onPublicPostRefused(listener: () => void): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

/**
 * Takes (and forgets) the refused posts to `path` that `mine` recognises, from the worker's
 * cache and this page's list: the form shows them to be fixed and sent again.
 */
export async function takeRefusedPublicPosts(
  path: PublicFormPath,
  mine: (body: Record<string, unknown>) => boolean,
): Promise<RefusedPublicPost[]> {
  const taken: RefusedPublicPost[] = [];
  const local = read<RefusedPublicPost>(refusedKey);
  const ours = (post: RefusedPublicPost) => post.path === path && mine(post.body);
  taken.push(...local.filter(ours));
  write(
    refusedKey,
    local.filter((post) => !ours(post)),
  );
  const cache = await page.caches?.open(refusedPublicPostsCache).catch(() => undefined);
  for (const request of (await cache?.keys()) ?? []) {
    if (!new URL(request.url).pathname.startsWith(refusedPublicPostPrefix)) continue;
    const post = (await (
      await cache?.match(request)
    )
      ?.json()
      .catch(() => null)) as RefusedPublicPost | null;
    if (!post || !ours(post)) continue;
    taken.push(post);
    await cache?.delete(request);
  }
  return taken;
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
    keep([...pending(), { path, body, lang }]);
    return { kind: 'queued' };
  }
  if (res.status === 202 && res.headers.get(publicFormQueuedHeader)) return { kind: 'queued' };
  if (res.ok) return { kind: 'sent' };
  if (res.status >= 400 && res.status < 500) return { kind: 'refused', ...(await refusal(res)) };
  return { kind: 'failed' };
}

/** Sends what waits here and asks the worker to send what it keeps. */
export async function sendWaitingPublicPosts(): Promise<void> {
  const worker = page.navigator?.serviceWorker?.controller;
  worker?.postMessage({ type: replayPublicFormsMessage });
  const waiting = pending();
  if (waiting.length === 0) return;
  const left: PendingPost[] = [];
  const refused: RefusedPublicPost[] = [];
  for (const post of waiting) {
    try {
      const res = await send(post.path, post.body, post.lang ?? 'vi');
      if (res.status >= 500 || res.status === 429) left.push(post);
      else if (res.status >= 400)
        refused.push({ path: post.path, body: post.body, ...(await refusal(res)) });
    } catch {
      left.push(post);
    }
  }
  keep(left);
  if (refused.length > 0) {
    write(refusedKey, [...read<RefusedPublicPost>(refusedKey), ...refused]);
    tellRefused();
  }
}

/** On a public page: send waiting posts now and whenever the network comes back. */
export function watchWaitingPublicPosts(): void {
  void sendWaitingPublicPosts();
  page.addEventListener?.('online', () => void sendWaitingPublicPosts());
  page.navigator?.serviceWorker?.addEventListener?.('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === publicFormRefusedMessage) tellRefused();
  });
}
