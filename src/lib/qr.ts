// What a card QR code carries and what a scanned code names (encoding and painting:
// src/lib/qr-code.ts and src/ui/qr-paint.ts).
import { memberCardPath } from '../../contract/card-prefixes';
import { isUuid } from '../../contract/common';

/** A member's card link by short link or id: what their QR code carries (decision 0902). */
export function cardLinkOf(origin: string, cardKey: string): string {
  return `${origin.replace(/\/$/, '')}${memberCardPath(cardKey)}`;
}

export function isMemberUuid(value: string): boolean {
  return isUuid(value);
}

export type ScannedCode =
  /** A member's card: their id or short link, and the path of the card page. */
  | { kind: 'card'; key: string; path: string }
  /** Some other link. */
  | { kind: 'link'; href: string }
  | { kind: 'text'; text: string };

/**
 * What a scanned text names: a member card link (/me/{id}, /new-me/{id}, /smc/{short link}
 * on any host: cards printed from older links too), a bare member id, another link, or text.
 */
export function readScannedCode(text: string): ScannedCode {
  const trimmed = text.trim();
  if (isMemberUuid(trimmed)) {
    return { kind: 'card', key: trimmed.toLowerCase(), path: `/me/${trimmed.toLowerCase()}` };
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { kind: 'text', text: trimmed };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'text', text: trimmed };
  const match = /^\/(me|new-me|smc)\/([^/?#]+)\/?$/.exec(url.pathname);
  if (match?.[2]) {
    const key = decodeURIComponent(match[2]);
    return { kind: 'card', key: isMemberUuid(key) ? key.toLowerCase() : key, path: url.pathname };
  }
  return { kind: 'link', href: url.href };
}
