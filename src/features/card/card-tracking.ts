// Card views and taps → POST /api/tracking/action, only when there is a value (spec §5).
// Offline: the service worker queues the post and sends it later (sw/card-cache.ts).
import type { CardOwner } from '../../../contract/card';

const visitorKey = 'mecards-visitor';

function visitorId(): string | undefined {
  try {
    let id = localStorage.getItem(visitorKey);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(visitorKey, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

export function trackCard(
  owner: CardOwner,
  action: string,
  value: string | null | undefined,
): void {
  const trimmed = value?.trim();
  if (!trimmed) return;
  const body = {
    action,
    value: trimmed.slice(0, 500),
    ...(owner.kind === 'group' ? { groupId: owner.id } : { memberId: owner.id }),
    visitorId: visitorId(),
  };
  void fetch('/api/tracking/action', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => {
    // Offline without a service worker: a lost view count is acceptable.
  });
}
