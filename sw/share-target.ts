/// <reference lib="webworker" />
// Web Share Target (issue 30, decision 1001): another app shares a vCard, a card link, a phone
// number or a picture. The worker keeps the share in a cache (no network needed) and opens the
// screen that uses it: the phonebook's "add contact" for a contact, a post draft for a picture.
// The screen then writes through the outbox like any other edit.
import { registerRoute } from 'workbox-routing';
import {
  shareTargetPath,
  sharedItemKey,
  sharedItemsCache,
  type SharedItem,
} from '../contract/share-target';

declare const self: ServiceWorkerGlobalScope;

const vcardTypes = /^(text\/(x-)?vcard|text\/directory)/i;

function isVCardFile(file: File): boolean {
  return vcardTypes.test(file.type) || /\.(vcf|vcard)$/i.test(file.name);
}

async function keepShare(request: Request): Promise<Response> {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.slice(0, 10_000) : '';
  };
  const files = form.getAll('file').filter((f): f is File => typeof f !== 'string');
  const vcardFile = files.find(isVCardFile);
  const picture = files.find((f) => f.type.startsWith('image/'));
  const id = crypto.randomUUID();
  const item: SharedItem = {
    title: text('title'),
    text: text('text'),
    url: text('url'),
    // A vCard is small; a bigger "vCard" is not a contact card.
    vcard: vcardFile && vcardFile.size <= 512_000 ? await vcardFile.text() : null,
    pictureType: !vcardFile && picture ? picture.type : null,
    receivedAt: new Date().toISOString(),
  };
  const cache = await caches.open(sharedItemsCache);
  await cache.put(
    sharedItemKey(id),
    new Response(JSON.stringify(item), { headers: { 'content-type': 'application/json' } }),
  );
  if (item.pictureType && picture) {
    await cache.put(
      `${sharedItemKey(id)}/file`,
      new Response(picture, { headers: { 'content-type': picture.type } }),
    );
    return Response.redirect(`/action/content/post?shared=${id}`, 303);
  }
  return Response.redirect(`/action/phonebook?shared=${id}`, 303);
}

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === shareTargetPath,
  ({ request }) =>
    keepShare(request).catch(() => Response.redirect('/action/phonebook?shared=failed', 303)),
  'POST',
);
