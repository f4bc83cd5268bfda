// A contact shared into the app (Web Share Target, decision 1001): the worker kept the share in
// a cache; the phonebook reads it once, fills "add contact" with it and forgets it.
import { contactDraftFromShare, type ContactDraft } from '../../../contract/share-target';
import { readSharedItem } from '../../lib/shared-items';

export type SharedContact = { kind: 'draft'; draft: ContactDraft } | { kind: 'unreadable' };

/** The draft a share describes; `unreadable` when it is gone or names no contact. */
export async function readSharedContact(id: string): Promise<SharedContact> {
  const item = await readSharedItem(id);
  const draft = item ? contactDraftFromShare(item) : null;
  return draft ? { kind: 'draft', draft } : { kind: 'unreadable' };
}
