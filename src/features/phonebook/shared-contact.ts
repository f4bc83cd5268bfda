// A contact shared into the app (Web Share Target, decision 1001): the worker kept the share in
// a cache; the phonebook reads it once, fills "add contact" with it and forgets it.
import {
  contactDraftFromShare,
  sharedItemKey,
  sharedItemsCache,
  type ContactDraft,
  type SharedItem,
} from '../../../contract/share-target';

export type SharedContact = { kind: 'draft'; draft: ContactDraft } | { kind: 'unreadable' };

/** The draft a share describes; `unreadable` when it is gone or names no contact. */
export async function readSharedContact(id: string): Promise<SharedContact> {
  if (typeof caches === 'undefined') return { kind: 'unreadable' };
  const cache = await caches.open(sharedItemsCache);
  const stored = await cache.match(sharedItemKey(id));
  if (!stored) return { kind: 'unreadable' };
  const item = (await stored.json()) as SharedItem;
  const draft = contactDraftFromShare(item);
  return draft ? { kind: 'draft', draft } : { kind: 'unreadable' };
}

/** Drops a share once it is saved or set aside. */
export async function forgetSharedItem(id: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(sharedItemsCache);
  await cache.delete(sharedItemKey(id));
  await cache.delete(`${sharedItemKey(id)}/file`);
}
