// Any screen can ask the sync panel (features/sync-status) to open — the home's "refused"
// line does — without one feature importing another.
const openSyncPanelEvent = 'mecards:open-sync-panel';

export function requestSyncPanel(): void {
  window.dispatchEvent(new Event(openSyncPanelEvent));
}

export function onSyncPanelRequest(open: () => void): () => void {
  window.addEventListener(openSyncPanelEvent, open);
  return () => window.removeEventListener(openSyncPanelEvent, open);
}
