// Opens the sync panel (the details of waiting and refused changes) from any screen: the home's
// "refused" line is one tap from it, though features do not import each other.
const openSyncPanelEvent = 'me-cards:open-sync-panel';

export function openSyncPanel(): void {
  globalThis.dispatchEvent(new Event(openSyncPanelEvent));
}

export function onOpenSyncPanel(listener: () => void): () => void {
  globalThis.addEventListener(openSyncPanelEvent, listener);
  return () => globalThis.removeEventListener(openSyncPanelEvent, listener);
}
