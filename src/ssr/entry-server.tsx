// Server rendering of public card pages, built by `vite build --ssr` so that Lingui's macros
// and the CSS imports are compiled exactly as in the browser build.
import { renderToString } from 'react-dom/server';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { messages as viMessages } from '../locales/vi/card.po';
import { messages as enMessages } from '../locales/en/card.po';
import { CardApp } from '../features/card/card-app';
import type { CardPageData } from '../features/card/card-route';

export function renderCardPage(data: CardPageData, locale: 'vi' | 'en'): string {
  const i18n = setupI18n({ locale, messages: { vi: viMessages, en: enMessages } });
  return renderToString(
    <I18nProvider i18n={i18n}>
      <CardApp data={data} />
    </I18nProvider>,
  );
}
