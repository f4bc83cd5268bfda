// What the page and the service worker agree on about public form posts (wedding replies,
// contact-us) made offline (decisions 0720, 0721).

/** The public forms the worker queues. */
export const publicFormPaths = ['/api/weddingGuest', '/api/contactUs'] as const;
export type PublicFormPath = (typeof publicFormPaths)[number];
/** Set by the worker on its 202 answer for a queued post. */
export const publicFormQueuedHeader = 'x-queued-offline';
/** Page → worker: the network is back, send what waits. */
export const replayPublicFormsMessage = 'REPLAY_PUBLIC_FORMS';
/** Honeypot: a field people never see; a filled one is a robot (answered as if stored). */
export const honeypotField = 'website';
/** Where a page with no service worker yet keeps the posts it could not send. */
export const pendingPublicPostsKey = 'mecards-pending-public-posts';
