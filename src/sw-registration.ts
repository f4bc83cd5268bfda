// Registers the service worker (sw/sw.ts) and runs the prompt-to-update flow. Loaded after the
// first render, and never inside the Zalo in-app browser (spec §1; see main.tsx).
import { Workbox } from 'workbox-window';
import { t } from '@lingui/core/macro';
import { toast } from './ui/toast';

const updateToastId = 'sw-update';

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
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
  } catch (error) {
    // The app works without it (online only); nothing to tell the user.
    console.warn('service worker registration failed', error);
  }
}
