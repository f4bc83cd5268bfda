// Storage for the long run (issue 30, decision 1003): the browser may clear a site's data under
// pressure (and Safari after 7 days without a visit), outbox included. Asking for persistent
// storage, after login or in the installed app, makes it keep the data until the member clears
// it. Chromium answers without a dialog (from engagement and installation); Firefox asks once.

export type StorageAnswer = 'kept' | 'at-risk';

interface StorageManagerLike {
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

function storageManager(): StorageManagerLike | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

/** Whether this device keeps the app's data (no API means it may be cleared). */
export async function storageAnswer(): Promise<StorageAnswer> {
  try {
    return (await storageManager()?.persisted?.()) ? 'kept' : 'at-risk';
  } catch {
    return 'at-risk';
  }
}

/** Asks once per app start, unless already granted. */
export async function askForPersistentStorage(): Promise<StorageAnswer> {
  const manager = storageManager();
  try {
    if (await manager?.persisted?.()) return 'kept';
    return (await manager?.persist?.()) ? 'kept' : 'at-risk';
  } catch {
    return 'at-risk';
  }
}
