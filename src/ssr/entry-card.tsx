// The light entry of public card pages: hydrates the server-rendered card and nothing else
// (no router, Dexie, Firebase, scanner, forms or editor). See docs/decisions/0400.
import { hydrateRoot, createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { activateCardLocale, cardLocaleFromCookie } from '../features/card/card-i18n';
import { CardApp } from '../features/card/card-app';
import type { CardPageData } from '../../contract/card-paths';
import { trackCard } from '../features/card/card-tracking';
import { reactToCardRoute } from '../features/card/card-navigation';
import { startServiceWorkerAfterLoad } from '../sw-start';
import '../ui/base.css';

function readData(): CardPageData | null {
  const script = document.getElementById('card-data');
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as CardPageData;
  } catch {
    return null;
  }
}

const loggedIn = /(?:^|;\s*)isLoggedIn=true\b/.test(document.cookie);

async function refreshAsViewer(data: CardPageData): Promise<CardPageData | null> {
  const { loadCardPageData } = await import('../features/card/card-data-client');
  return loadCardPageData(data.route, window.location.origin, window.location.pathname);
}

async function boot() {
  const data = readData();
  const root = document.getElementById('app');
  if (!data || !root) {
    // No card in the page (the server could not render one): open the full app instead.
    await import('../main');
    return;
  }
  if (reactToCardRoute(data.route, data.view.owner)) return;
  await activateCardLocale(cardLocaleFromCookie(document.cookie));
  const refresh = loggedIn ? () => refreshAsViewer(data) : undefined;
  const app = (
    <I18nProvider i18n={i18n}>
      <CardApp data={data} refresh={refresh} />
    </I18nProvider>
  );
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
  if (data.route.kind === 'profile') trackCard(data.view.owner, 'view', data.pageUrl);
  startServiceWorkerAfterLoad();
}

void boot();
