import { isZaloInAppBrowser } from './lib/in-app-browser';
import { keepVisitedPageMessage, type KeepVisitedPage } from '../contract/keep-visited-page';

/**
 * Registers the worker after the first screen, off its critical path: after the load event
 * and `firstScreen` (the app's first route with its lazy chunks: they load after the load
 * event), when the main thread is idle (workbox-window and the worker's precache of every
 * chunk must not compete with the first screen, docs/decisions/0003). Never inside Zalo
 * (spec §1). The outcome is written on <html data-service-worker> (support and e2e read it).
 */
export function startServiceWorkerAfterLoad(
  options: {
    /**
     * false: register only, never the update prompt (the visitor's card page: it has no React
     * for the prompt, and the worker it registers serves its pages network-first anyway).
     */
    updatePrompt?: boolean;
    /**
     * Public reads the worker keeps with this page though the page did not make them (the
     * visitor's CV is server HTML; offline, the installed app draws it from its read).
     */
    reads?: string[];
    /** Settles once the first screen's code is in (the app's router resolved its route). */
    firstScreen?: Promise<unknown>;
  } = {},
): void {
  const mark = (state: 'registered' | 'failed' | 'skipped' | 'unsupported') => {
    document.documentElement.dataset.serviceWorker = state;
  };
  if (!import.meta.env.PROD || isZaloInAppBrowser(navigator.userAgent)) return mark('skipped');
  if (!('serviceWorker' in navigator)) return mark('unsupported');
  const start = () => {
    const registered =
      navigator.serviceWorker.controller && options.updatePrompt !== false
        ? withUpdatePrompt()
        : firstRegistration(options.updatePrompt !== false, options.reads ?? []);
    void registered.then((ok) => mark(ok ? 'registered' : 'failed')).catch(() => mark('failed'));
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 0);
  };
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  void Promise.all([loaded, options.firstScreen]).then(whenIdle, whenIdle);
}

/** The prompt-to-update flow (workbox-window), for a page that an installed version controls. */
function withUpdatePrompt(): Promise<boolean> {
  return import('./sw-registration').then(({ registerServiceWorker }) => registerServiceWorker());
}

/**
 * A first visit has no installed version to update from, so the plain registration is enough
 * and workbox-window stays unloaded (docs/decisions/0003). Should a new version arrive while
 * this page runs, the prompt takes over once it waits (workbox-window announces a worker that
 * was already waiting when it registers).
 */
async function firstRegistration(updatePrompt: boolean, reads: string[]): Promise<boolean> {
  try {
    // The worker did not see this visit: once it takes the page over, it keeps what was loaded.
    navigator.serviceWorker.addEventListener('controllerchange', () => keepThisPage(reads), {
      once: true,
    });
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    registration.addEventListener('updatefound', () => {
      const incoming = registration.installing;
      incoming?.addEventListener('statechange', () => {
        if (updatePrompt && incoming.state === 'installed' && navigator.serviceWorker.controller) {
          void withUpdatePrompt();
        }
      });
    });
    return true;
  } catch {
    return false;
  }
}

/** Asks the worker that just took this page over to keep it, its reads and its pictures. */
function keepThisPage(extraReads: string[]): void {
  const worker = navigator.serviceWorker.controller;
  if (!worker) return;
  const origin = window.location.origin;
  const loaded = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const reads = loaded
    .filter((entry) => entry.initiatorType === 'fetch' || entry.initiatorType === 'xmlhttprequest')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${origin}/api/`));
  const images = [...document.images]
    .map((image) => image.currentSrc || image.src)
    .filter((url) => /^https?:/.test(url));
  const message: KeepVisitedPage = {
    type: keepVisitedPageMessage,
    page: window.location.href,
    reads: [...reads, ...extraReads.map((read) => new URL(read, origin).href)],
    images,
  };
  worker.postMessage(message);
}
