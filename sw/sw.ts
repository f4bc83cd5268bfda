/// <reference lib="webworker" />
// The service worker, built by vite-plugin-pwa (injectManifest). A composition of small modules;
// import order is routing order (Workbox uses the first registered route that matches).

// 1. The app shell and every chunk (precache).
import './precache';

// 2. Feature modules: each registers its own routes and listeners.
//    Add one import line per module here, e.g.:
//    import './card-cache';        public cards and images (runtime cache)
//    import './background-sync';   `sync` event → flush the outbox
//    import './push';              push → notification

import './share-target';
import './public-forms';
import './card-cache';
import './page-cache';
import './background-sync';
import './push';

// 3. Every other navigation → the precached index.html.
import './navigation-fallback';

// 4. Update flow (SKIP_WAITING on request, claim on first install).
import './update';
