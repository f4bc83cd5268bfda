// The card pages' own small catalog (src/locales/{vi,en}/card.po): the light entry loads it
// instead of the whole app's catalog, and the app merges it in when it shows a card.
import { i18n } from '@lingui/core';
import { cookieLocale } from '../../../contract/cookie-names';
import { messages as viCardMessages } from '../../locales/vi/card.po';

export type CardLocale = 'vi' | 'en';

/** The browser's rule of src/i18n: the `lang` cookie, else Vietnamese. */
export function cardLocaleFromCookie(cookie: string): CardLocale {
  return cookieLocale(cookie) ?? 'vi';
}

async function cardMessages(locale: CardLocale) {
  if (locale === 'en') return (await import('../../locales/en/card.po')).messages;
  return viCardMessages;
}

/** Light entry: activates the card catalog alone. */
export async function activateCardLocale(locale: CardLocale): Promise<void> {
  i18n.loadAndActivate({ locale, messages: await cardMessages(locale) });
  document.documentElement.lang = locale;
}

/** Inside the app: adds the card messages to the active catalog. */
export async function mergeCardMessages(locale: string): Promise<void> {
  i18n.load(locale, await cardMessages(locale === 'en' ? 'en' : 'vi'));
}
