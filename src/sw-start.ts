import { isZaloInAppBrowser } from './lib/in-app-browser';

/**
 * Registers the worker after the first screen, off its critical path, and never inside Zalo
 * (spec §1). The outcome is written on <html data-service-worker> (support and e2e read it).
 */
export function startServiceWorkerAfterLoad(): void {
  const mark = (state: 'registered' | 'failed' | 'skipped' | 'unsupported') => {
    document.documentElement.dataset.serviceWorker = state;
  };
  if (!import.meta.env.PROD || isZaloInAppBrowser(navigator.userAgent)) return mark('skipped');
  if (!('serviceWorker' in navigator)) return mark('unsupported');
  const start = () => {
    void import('./sw-registration')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .then((ok) => mark(ok ? 'registered' : 'failed'))
      .catch(() => mark('failed'));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
