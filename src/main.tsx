import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { activateLocale, i18n, needsFullCatalog, savedLocale } from './i18n/i18n';
import { hasLoginCookie } from './lib/cookies';
import { router } from './router';
import { startServiceWorkerAfterLoad } from './sw-start';
import { restoreSessionAtStart } from './features/auth/session-start';
import { captureInstallPrompt } from './lib/install-platform';
import './ui/base.css';

// Chromium's install prompt may come before any screen could offer it (issue 30).
captureInstallPrompt();

/**
 * A member's screen reads the device store: on a new device, creating it (33 tables) takes
 * 0.3–0.5 s, which ran only once the screen asked. Begun here, it overlaps the catalog, the
 * profile call and the screen's modules (the route's chunks come with the HTML).
 */
function openDeviceStoreEarly(): void {
  if (!hasLoginCookie() || !needsFullCatalog(location.pathname)) return;
  void import('./db/app-db').then(({ appDb }) => appDb.open()).catch(() => undefined);
}

/**
 * The first route resolved: its lazy chunks (and the route's loaders) are in. At the latest
 * after 10 s: the worker is what keeps the app offline, whatever the first screen does.
 */
function firstRouteResolved(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stop();
      clearTimeout(latest);
      resolve();
    };
    const stop = router.subscribe('onResolved', done);
    const latest = setTimeout(done, 10_000);
    if (router.state.resolvedLocation) done();
  });
}

async function boot() {
  openDeviceStoreEarly();
  await activateLocale(savedLocale(), { remember: false });
  const root = document.getElementById('app');
  if (!root) throw new Error('#app is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
  startServiceWorkerAfterLoad({ firstScreen: firstRouteResolved() });
  // Spec §4 app start: profile, session and language, in the background (offline-safe).
  void restoreSessionAtStart().catch(() => undefined);
}

// A chunk of an older deploy is gone (no service worker, e.g. inside Zalo): load the new
// version, at most once a minute so a broken deploy cannot loop.
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem('chunkReloadAt') ?? 0);
  if (Date.now() - last < 60_000) return;
  event.preventDefault();
  sessionStorage.setItem('chunkReloadAt', String(Date.now()));
  window.location.reload();
});

void boot();
