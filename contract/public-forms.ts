// What the page and the service worker agree on about public form posts (wedding replies,
// contact-us) made offline (decisions 0720, 0721).

/** The public forms the worker queues. */
export const publicFormPaths = ['/api/weddingGuest', '/api/contactUs'] as const;
export type PublicFormPath = (typeof publicFormPaths)[number];
/** Set by the worker on its 202 answer for a queued post. */
export const publicFormQueuedHeader = 'x-queued-offline';
/** Page → worker: the network is back, send what waits. */
export const replayPublicFormsMessage = 'REPLAY_PUBLIC_FORMS';
/**
 * A queued post the server refused on replay (a bad phone...): the worker keeps it in this
 * cache under `refusedPublicPostPrefix + id` and tells open pages with this message; the form
 * shows it with the server's words and the typed text (decision 0930).
 */
export const refusedPublicPostsCache = 'public-forms-refused';
export const refusedPublicPostPrefix = '/__public-form-refused/';
export const publicFormRefusedMessage = 'PUBLIC_FORM_REFUSED';
export interface RefusedPublicPost {
  path: PublicFormPath;
  body: Record<string, unknown>;
  message: string;
  fields: Record<string, string>;
}
/** Honeypot: a field people never see; a filled one is a robot (answered as if stored). */
export const honeypotField = 'website';
/** Where a page with no service worker yet keeps the posts it could not send. */
export const pendingPublicPostsKey = 'mecards-pending-public-posts';
/**
 * The consent box of the card's contact form (issue 27 item 5, decision 1100): its text in the
 * page's language is stored with the time the visitor sent it.
 */
export const leadConsentText = {
  vi: 'Tôi đồng ý để chủ danh thiếp lưu thông tin này vào danh bạ và liên hệ với tôi.',
  en: 'I agree that the card owner keeps these details in their phonebook and contacts me.',
} as const;
