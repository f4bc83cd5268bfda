// How this browser installs the app (issue 30, decision 1002). Chromium announces
// `beforeinstallprompt`, which fires early, often before any screen that offers to install has
// loaded: main.tsx starts listening at boot and keeps the event here for the offer to use.

/** The part of Chromium's BeforeInstallPromptEvent the offer uses. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Keeps Chromium's install prompt for a button to show later (called once, at boot). */
export function captureInstallPrompt(): void {
  globalThis.addEventListener('beforeinstallprompt', (event: Event) => {
    // The browser's own mini-infobar would nag; the app offers at the right moments instead.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  globalThis.addEventListener('appinstalled', () => {
    deferred = null;
    changed();
  });
}

/** The kept install prompt (Chromium, not installed yet), or null. */
export function installPrompt(): InstallPromptEvent | null {
  return deferred;
}

/** The prompt can be shown once; after that the browser sends a new event if it may. */
export function installPromptUsed(): void {
  deferred = null;
  changed();
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Running as the installed app (home-screen icon), not in a browser tab. */
export function isInstalledApp(): boolean {
  const standalone = ['standalone', 'fullscreen', 'minimal-ui', 'window-controls-overlay'].some(
    // globalThis: src/lib is also type-checked for the worker, which has no `window`.
    (mode) =>
      (globalThis as { matchMedia?: (query: string) => { matches: boolean } }).matchMedia?.(
        `(display-mode: ${mode})`,
      ).matches,
  );
  return standalone || (navigator as { standalone?: boolean }).standalone === true;
}

export type InstallPlatform = 'ios' | 'in-app' | 'other';

/**
 * How installing works here: iOS only through Safari's Share menu; in-app browsers (Zalo,
 * Facebook, Messenger, Instagram) cannot install at all, the page must open in the browser.
 */
export function installPlatformOf(userAgent: string, maxTouchPoints = 0): InstallPlatform {
  if (/Zalo|FBAN|FBAV|FB_IAB|FBIOS|Messenger|Instagram|Line\//i.test(userAgent)) return 'in-app';
  // iPadOS presents itself as a Mac; only its touch screen tells them apart.
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) {
    return 'ios';
  }
  return 'other';
}

/** iPhone or iPad, in any browser (all use Safari's engine and its push rules). */
export function isAppleMobile(userAgent: string, maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}
