// Card views and taps → POST /api/tracking/action, only when there is a value (spec §5).
// Offline: the service worker queues the post and sends it later (sw/card-cache.ts). No visitor
// id is sent: the server derives one it cannot be handed (decision 0108).
import type { CardOwner } from '../../../contract/card';

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
