import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { messages as viFirstScreen } from '../locales/vi/first-screen.po';
import { cookieNames } from '../../contract/cookie-names';
import { readCookie, writeCookie } from '../lib/cookies';

export type Locale = 'vi' | 'en';
export const locales: readonly Locale[] = ['vi', 'en'];
export const defaultLocale: Locale = 'vi';

/** Narrows any text to a supported locale; Vietnamese is the fallback (spec §1). */
export function toLocale(value: string | null | undefined): Locale {
  return value === 'en' ? 'en' : 'vi';
}

/** Paths a visitor's first screen (login) serves with the small first-screen catalog alone. */
const firstScreenPaths = new Set(['/', '/login']);

/** Whether a screen needs the app's full catalog (every screen but the first). */
export function needsFullCatalog(pathname: string): boolean {
  return !firstScreenPaths.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

let fullCatalogWanted = false;
const fullCatalogLoaded = new Set<Locale>();

async function firstScreenMessages(locale: Locale): Promise<Messages> {
  return locale === 'en' ? (await import('../locales/en/first-screen.po')).messages : viFirstScreen;
}

async function fullMessages(locale: Locale): Promise<Messages> {
  return locale === 'en'
    ? (await import('../locales/en/messages.po')).messages
    : (await import('../locales/vi/messages.po')).messages;
}

/**
 * The first screen's Vietnamese is bundled (source, default and fallback); the rest of the app's
 * texts and English load on demand (docs/decisions/0003). The choice is kept in the `lang`
 * cookie and mirrored on `<html lang>`.
 */
export async function activateLocale(locale: Locale, { remember = true } = {}): Promise<void> {
  const [first, full] = await Promise.all([
    firstScreenMessages(locale),
    fullCatalogWanted ? fullMessages(locale) : undefined,
  ]);
  // Catalogs a screen merged in (the card's, the contact form's) stay: activating the same
  // language again (after login, a profile sync) would otherwise show their ids.
  const kept = i18n.locale === locale ? i18n.messages : {};
  i18n.loadAndActivate({ locale, messages: { ...kept, ...first, ...full } });
  if (full) fullCatalogLoaded.add(locale);
  else fullCatalogLoaded.delete(locale);
  document.documentElement.lang = locale;
  if (remember) writeCookie(cookieNames.lang, locale);
}

/** Loads the full catalog of the active language (and of any language chosen later). */
export async function ensureFullCatalog(): Promise<void> {
  fullCatalogWanted = true;
  const locale = toLocale(i18n.locale);
  if (fullCatalogLoaded.has(locale)) return;
  i18n.load(locale, await fullMessages(locale));
  fullCatalogLoaded.add(locale);
}

export function savedLocale(): Locale {
  return toLocale(readCookie(cookieNames.lang));
}

/**
 * The language chosen on this device with the switch, if any (decision 1042): it wins over the
 * profile's language, which is the card's language for its visitors.
 */
export function chosenLocale(): Locale | undefined {
  const value = readCookie(cookieNames.lang);
  return value === 'en' || value === 'vi' ? value : undefined;
}

/** The interface language after a login or at app start: the device's choice, else the profile's. */
export async function activateMemberLocale(profileLanguage: string | null | undefined) {
  await activateLocale(chosenLocale() ?? localeFromProfileLanguage(profileLanguage), {
    remember: false,
  });
}

/** Spec §4: profile language VN gives Vietnamese, anything else English. */
export function localeFromProfileLanguage(language: string | null | undefined): Locale {
  return language === 'VN' || language == null ? 'vi' : 'en';
}

export { i18n };
