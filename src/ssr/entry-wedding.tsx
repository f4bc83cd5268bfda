// The light entry of public wedding pages: hydrates the server-rendered invitation and its
// reply form, nothing else (no router, Dexie or forms library). See docs/decisions/0720.
import { hydrateRoot, createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { cookieLocale } from '../../contract/cookie-names';
import { WeddingPage } from '../features/wedding-page/wedding-page';
import { activateWeddingLocale } from '../features/wedding-page/wedding-i18n';
import type { WeddingPageData } from '../features/wedding-page/wedding-page-data';
import { watchWaitingPublicPosts } from '../lib/public-form-post';
import { startServiceWorkerAfterLoad } from '../sw-start';
import '../ui/base.css';
import '../features/wedding-page/wedding-page.css';

function readData(): WeddingPageData | null {
  const script = document.getElementById('wedding-data');
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as WeddingPageData;
  } catch {
    return null;
  }
}

async function boot() {
  const data = readData();
  const root = document.getElementById('app');
  if (!data || !root) return;
  await activateWeddingLocale(cookieLocale(document.cookie) ?? 'vi');
  const app = (
    <I18nProvider i18n={i18n}>
      <WeddingPage data={data} />
    </I18nProvider>
  );
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
  watchWaitingPublicPosts();
  startServiceWorkerAfterLoad();
}

void boot();
