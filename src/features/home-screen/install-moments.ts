// When the app offers to install (issue 30, decision 1002): after login (on the member's home)
// and after the first write made with no network. Each moment offers once: a dismissal is kept
// on this device, so the offer never comes back for it.

export type InstallMoment = 'login' | 'offline';

const dismissedKey = (moment: InstallMoment) => `mecards.installOffer.${moment}.dismissed`;
const offlineWriteKey = 'mecards.installOffer.offlineWrite';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode without storage: the offer may come again next time.
  }
}

export function isMomentDismissed(moment: InstallMoment): boolean {
  return read(dismissedKey(moment)) !== null;
}

export function dismissMoment(moment: InstallMoment): void {
  write(dismissedKey(moment), new Date().toISOString());
}

export function hadOfflineWrite(): boolean {
  return read(offlineWriteKey) !== null;
}

export function rememberOfflineWrite(): void {
  write(offlineWriteKey, new Date().toISOString());
}

/** The moment to offer at now, if any (the offline one comes after the login one). */
export function currentMoment(pathname: string): InstallMoment | null {
  if (hadOfflineWrite() && !isMomentDismissed('offline')) return 'offline';
  if (pathname === '/action' && !isMomentDismissed('login')) return 'login';
  return null;
}
