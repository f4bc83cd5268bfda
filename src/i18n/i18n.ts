import { i18n } from '@lingui/core';
import { messages as viMessages } from '../locales/vi/messages.po';
import { cookieNames, readCookie, writeCookie } from '../lib/cookies';

export type Locale = 'vi' | 'en';
export const locales: readonly Locale[] = ['vi', 'en'];
export const defaultLocale: Locale = 'vi';

/** Narrows any text to a supported locale; Vietnamese is the fallback (spec §1). */
export function toLocale(value: string | null | undefined): Locale {
  return value === 'en' ? 'en' : 'vi';
}

/**
 * Vietnamese is bundled (source, default and fallback); English loads on demand. The choice is
 * kept in the `lang` cookie and mirrored on `<html lang>`.
 */
export async function activateLocale(locale: Locale, { remember = true } = {}): Promise<void> {
  if (locale === 'en') {
    const { messages } = await import('../locales/en/messages.po');
    i18n.loadAndActivate({ locale: 'en', messages });
  } else {
    i18n.loadAndActivate({ locale: 'vi', messages: viMessages });
  }
  document.documentElement.lang = locale;
  if (remember) writeCookie(cookieNames.lang, locale);
}

export function savedLocale(): Locale {
  return toLocale(readCookie(cookieNames.lang));
}

/** Spec §4: profile language VN gives Vietnamese, anything else English. */
export function localeFromProfileLanguage(language: string | null | undefined): Locale {
  return language === 'VN' || language == null ? 'vi' : 'en';
}

export { i18n };
