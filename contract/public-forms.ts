// What the page and the service worker agree on about public form posts (wedding replies,
// contact-us) made offline (decisions 0720, 0721).

/** The public forms the worker queues. */
export const publicFormPaths = ['/api/weddingGuest', '/api/contactUs'] as const;
export type PublicFormPath = (typeof publicFormPaths)[number];
/** Set by the worker on its 202 answer for a queued post. */
export const publicFormQueuedHeader = 'x-queued-offline';
/** Page → worker: the network is back, send what waits. */
export const replayPublicFormsMessage = 'REPLAY_PUBLIC_FORMS';
