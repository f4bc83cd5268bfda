// A card page runs no sync loop (visitors never load it): after a member's write there, send the
// outbox at once. Offline, nothing is lost: the page sends it when the network comes back while
// it is open, else Background Sync or the app's next start does.
let waitingForNetwork = false;

export function sendQueuedNow(): void {
  void import('../../sync/sync-engine')
    .then(async ({ syncNow }) => {
      // The member just acted: an earlier failure's wait does not hold this write back.
      const outcome = await syncNow({ force: true });
      if (outcome.status === 'offline' || outcome.status === 'backoff') sendWhenOnline();
    })
    .catch(() => undefined);
}

function sendWhenOnline(): void {
  if (waitingForNetwork || typeof window === 'undefined') return;
  waitingForNetwork = true;
  window.addEventListener(
    'online',
    () => {
      waitingForNetwork = false;
      sendQueuedNow();
    },
    { once: true },
  );
}
