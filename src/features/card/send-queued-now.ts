// A card page runs no sync loop (visitors never load it): after a member's write there, send the
// outbox at once. Offline, nothing is lost: Background Sync or the app's next start sends it.
export function sendQueuedNow(): void {
  void import('../../sync/sync-engine').then(({ syncNow }) => syncNow()).catch(() => undefined);
}
