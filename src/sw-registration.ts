// Registers the service worker (sw/sw.ts) and runs the prompt-to-update flow. Loaded after the
// first render, and never inside the Zalo in-app browser (spec §1; see main.tsx).
import { Workbox } from 'workbox-window';
import { t } from '@lingui/core/macro';
import { toast } from './ui/toast';

const updateToastId = 'sw-update';

/** Resolves true once registered, false if it failed (the app then works online only). */
export async function registerServiceWorker(): Promise<boolean> {
  const wb = new Workbox('/sw.js', { scope: '/' });

  // A new version installed and waits: offer to switch; reload once it controls the page.
  wb.addEventListener('waiting', () => {
    toast.info(t`Đã có phiên bản mới`, {
      id: updateToastId,
      durationMs: Infinity,
      action: {
        label: t`Tải lại`,
        onAction: () => {
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        },
      },
    });
  });

  try {
    await wb.register();
    return true;
  } catch (error) {
    // Nothing the user can act on; the app keeps working online.
    console.warn('service worker registration failed', error);
    return false;
  }
}
