// Card views and taps → POST /api/tracking/action, only when there is a value (spec §5). Sent
// with sendBeacon (it survives the page leaving); offline, a fetch the service worker queues and
// sends later (sw/card-cache.ts). The visitor id is the server's own cookie (decision 0910).
import type { CardOwner } from '../../../contract/card';

export function trackCard(
  owner: Pick<CardOwner, 'kind' | 'id'>,
  action: string,
  value: string | null | undefined,
): void {
  const trimmed = value?.trim();
  if (!trimmed) return;
  const fields: Record<string, string> = {
    action,
    value: trimmed.slice(0, 500),
    [owner.kind === 'group' ? 'groupId' : 'memberId']: owner.id,
  };
  // Where the visit came from: the server keeps the referrer's host only.
  if (document.referrer) fields.referrer = document.referrer.slice(0, 2000);
  const utm = new URLSearchParams(location.search).get('utm_source');
  if (utm) fields.utm = utm.slice(0, 100);
  // A form body: a simple request for sendBeacon, read like JSON by the server.
  const body = new URLSearchParams(fields);
  const url = '/api/tracking/action';
  if (navigator.onLine && navigator.sendBeacon?.(url, body)) return;
  void fetch(url, { method: 'POST', body, keepalive: true }).catch(() => {
    // Offline without a service worker: a lost view count is acceptable.
  });
}

/**
 * A tracked tap, in both renderings: the React handler in the app, and data attributes the
 * visitor page's island script reads (src/ssr/card-island.ts) where React does not run.
 */
export function trackedTap(owner: Pick<CardOwner, 'kind' | 'id'>, action: string, value: string) {
  return {
    'data-track': action,
    'data-track-value': value,
    onClick: () => trackCard(owner, action, value),
  };
}
