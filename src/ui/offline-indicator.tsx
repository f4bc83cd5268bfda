import { useSyncExternalStore } from 'react';
import { Trans } from '@lingui/react/macro';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the browser says it is online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** A small badge shown only while offline. */
export function OfflineIndicator() {
  const online = useOnline();
  if (online) return null;
  return (
    <span className="offline-indicator" role="status">
      <Trans>Ngoại tuyến</Trans>
    </span>
  );
}
