// Server rendering of public card pages and a visitor's first app screen, built by `vite build --ssr` so that Lingui's macros
// and the CSS imports are compiled exactly as in the browser build.
import { renderToString } from 'react-dom/server';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { messages as viMessages } from '../locales/vi/card.po';
import { messages as enMessages } from '../locales/en/card.po';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { messages as viAppMessages } from '../locales/vi/messages.po';
import { messages as enAppMessages } from '../locales/en/messages.po';
import { routeTree } from '../routeTree.gen';
import { CardApp } from '../features/card/card-app';
import type { CardPageData } from '../../contract/card-paths';
import type { AuthProviders } from '../../contract/auth';
import { knowAuthProviders } from '../features/auth/use-providers';
import { messages as viWeddingMessages } from '../locales/vi/wedding.po';
import { messages as enWeddingMessages } from '../locales/en/wedding.po';
import { WeddingPage } from '../features/wedding-page/wedding-page';
import type { WeddingPageData } from '../features/wedding-page/wedding-page-data';
import '../features/wedding-page/wedding-page.css';
import { CvView } from '../features/cv/cv-view';
import type { CvDocument } from '../../contract/cv';

export function renderCardPage(data: CardPageData, locale: 'vi' | 'en'): string {
  const i18n = setupI18n({ locale, messages: { vi: viMessages, en: enMessages } });
  return renderToString(
    <I18nProvider i18n={i18n}>
      <CardApp data={data} />
    </I18nProvider>,
  );
}

/** A public wedding invitation (docs/decisions/0720), with its own small catalog. */
export function renderWeddingPage(data: WeddingPageData, locale: 'vi' | 'en'): string {
  const i18n = setupI18n({ locale, messages: { vi: viWeddingMessages, en: enWeddingMessages } });
  return renderToString(
    <I18nProvider i18n={i18n}>
      <WeddingPage data={data} />
    </I18nProvider>,
  );
}

/** A public CV as a visitor reads it with no script (server/ssr/cv-pages.ts). */
export function renderCvPage(cv: CvDocument, locale: 'vi' | 'en'): string {
  const i18n = setupI18n({ locale, messages: { vi: viAppMessages, en: enAppMessages } });
  return renderToString(
    <I18nProvider i18n={i18n}>
      <main className="cv-screen page stack">
        <CvView cv={cv} avatarSrc={cv.avatarUrl} />
      </main>
    </I18nProvider>,
  );
}

/**
 * The first screen a visitor gets at an app path (the login and register forms), rendered
 * with the app's own router so that it paints before any script runs; the app replaces it
 * when it starts (docs/decisions/0003).
 */
export async function renderAppScreen(
  pathname: string,
  locale: 'vi' | 'en',
  providers?: AuthProviders,
): Promise<string> {
  // The login screen shows the outside logins the server has on, with no request of its own.
  if (providers) knowAuthProviders(providers);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [pathname] }),
  });
  await router.load();
  const i18n = setupI18n({ locale, messages: { vi: viAppMessages, en: enAppMessages } });
  return renderToString(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}
