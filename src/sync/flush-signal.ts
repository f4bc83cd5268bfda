// "The outbox has something new": wakes this context's flusher and asks the service worker's
// Background Sync to flush later even if every tab is closed by then (Chromium only).
export const backgroundSyncTag = 'mecards-outbox';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}
interface RegistrationLike {
  sync?: SyncManagerLike;
}
interface ServiceWorkerContainerLike {
  getRegistration(): Promise<RegistrationLike | undefined>;
}

const listeners = new Set<() => void>();

/** Subscribes the flusher of this context; returns the unsubscribe function. */
export function onOutboxChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function outboxChanged(): void {
  for (const listener of listeners) listener();
  void registerBackgroundSync();
}

/** Registers the sync tag; silently nothing where Background Sync does not exist. */
export async function registerBackgroundSync(): Promise<boolean> {
  try {
    const scope = globalThis as {
      registration?: RegistrationLike;
      navigator?: { serviceWorker?: ServiceWorkerContainerLike };
    };
    const registration =
      scope.registration ?? (await scope.navigator?.serviceWorker?.getRegistration());
    if (!registration?.sync) return false;
    await registration.sync.register(backgroundSyncTag);
    return true;
  } catch {
    // Permission refused or no active worker yet: the other triggers still flush.
    return false;
  }
}
