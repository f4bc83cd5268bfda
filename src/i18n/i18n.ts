import { i18n } from '@lingui/core';
import { messages as viMessages } from '../locales/vi/messages.po';

export type Locale = 'vi' | 'en';
export const locales: readonly Locale[] = ['vi', 'en'];
const langCookie = 'lang';

/** Vietnamese is bundled (default and fallback); English loads on demand. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (locale === 'en') {
    const { messages } = await import('../locales/en/messages.po');
    i18n.loadAndActivate({ locale: 'en', messages });
  } else {
    i18n.loadAndActivate({ locale: 'vi', messages: viMessages });
  }
  document.documentElement.lang = locale;
  document.cookie = `${langCookie}=${locale}; path=/; max-age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}

export function savedLocale(): Locale {
  const match = /(?:^|;\s*)lang=(vi|en)\b/.exec(document.cookie);
  return match?.[1] === 'en' ? 'en' : 'vi';
}

/** Spec §4: profile language VN gives Vietnamese, anything else English. */
export function localeFromProfileLanguage(language: string | null | undefined): Locale {
  return language === 'VN' || language == null ? 'vi' : 'en';
}

export { i18n };
