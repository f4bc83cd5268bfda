// The wedding page's own small catalog (src/locales/{vi,en}/wedding.po), like the card's.
import { i18n } from '@lingui/core';
import { messages as viWeddingMessages } from '../../locales/vi/wedding.po';

export async function activateWeddingLocale(locale: 'vi' | 'en'): Promise<void> {
  const messages =
    locale === 'en' ? (await import('../../locales/en/wedding.po')).messages : viWeddingMessages;
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}
