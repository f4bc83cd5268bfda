/**
 * Spec §1: no service worker and no push client inside the Zalo in-app browser, recognised by
 * its user agent (it carries "Zalo", e.g. "… Zalo iOS/…" or "ZaloTheme/… ZaloLanguage/…").
 */
export function isZaloInAppBrowser(userAgent: string): boolean {
  return /Zalo/i.test(userAgent);
}

/** Zalo and Facebook in-app browsers cannot save files (the card's vCard download). */
export function isInAppBrowser(userAgent: string): boolean {
  return /\bZalo\b|FBAN|FBAV|FB_IAB|FBIOS|Instagram/i.test(userAgent);
}
