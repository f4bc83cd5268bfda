// What another app shared into m.e Cards (Web Share Target, decision 1001): the worker keeps
// each share in a cache until a screen has used it; these read it back and drop it.
import { sharedItemKey, sharedItemsCache, type SharedItem } from '../../contract/share-target';

/** The share kept under `id`, or null when it is gone (used already, or storage cleared). */
export async function readSharedItem(id: string): Promise<SharedItem | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(sharedItemsCache);
  const stored = await cache.match(sharedItemKey(id));
  return stored ? ((await stored.json()) as SharedItem) : null;
}

/** The picture of a share, with its type, or null when the share carried none. */
export async function readSharedPicture(id: string): Promise<Blob | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(sharedItemsCache);
  const stored = await cache.match(`${sharedItemKey(id)}/file`);
  if (!stored) return null;
  const blob = await stored.blob();
  // Cache Storage keeps the bytes; the type is the stored header's.
  const type = stored.headers.get('content-type') ?? blob.type;
  return blob.type === type ? blob : new Blob([blob], { type });
}

/** Drops a share once it is used or set aside. */
export async function forgetSharedItem(id: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(sharedItemsCache);
  await cache.delete(sharedItemKey(id));
  await cache.delete(`${sharedItemKey(id)}/file`);
}
