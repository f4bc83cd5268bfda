// Web Share Target (issue 30): what another app shares into m.e Cards. The service worker keeps
// the raw share in a cache and opens the right screen; the screen reads it back and turns it
// into a contact draft with these functions (one parser for the worker, the app and tests).
import { cardPagePathPattern } from './card-prefixes';

/** Where the manifest's share target posts. */
export const shareTargetPath = '/share-target';
/** The cache the worker keeps shares in until the screen has read them. */
export const sharedItemsCache = 'mecards-shared';
/** The cache key of one share. */
export function sharedItemKey(id: string): string {
  return `/shared/${encodeURIComponent(id)}`;
}

/** A share as the worker stores it (a picture is kept as its own cache entry). */
export interface SharedItem {
  title: string;
  text: string;
  url: string;
  /** The text of a shared vCard file, when one came. */
  vcard: string | null;
  /** The type of a shared picture, when one came (stored at `${key}/file`). */
  pictureType: string | null;
  receivedAt: string;
}

/** The phonebook's "add contact" fields a share fills in. */
export interface ContactDraft {
  name: string;
  phone: string;
  email: string;
  company: string;
  jobTitle: string;
  address: string;
  note: string;
}

function emptyDraft(): ContactDraft {
  return { name: '', phone: '', email: '', company: '', jobTitle: '', address: '', note: '' };
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...new TextEncoder().encode(text[i]));
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

function unescapeVCardText(value: string): string {
  return value.replace(/\\([\\,;nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** Splits a structured value (N, ADR, ORG) at unescaped semicolons. */
function structuredParts(value: string): string[] {
  return value.split(/(?<!\\);/).map((part) => unescapeVCardText(part).trim());
}

/**
 * Reads the first card of a vCard text (2.1, 3.0 or 4.0, as phones' contact apps share them):
 * folded lines, escapes, quoted-printable values. Null when there is no card with a name or a
 * phone in it.
 */
export function parseVCard(source: string): ContactDraft | null {
  const text = source.replace(/^\uFEFF/, '');
  if (!/BEGIN:VCARD/i.test(text)) return null;
  // Unfold: a line starting with a space or tab continues the previous one.
  const lines = text
    .replace(/\r\n|\r/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
  const draft = emptyDraft();
  const notes: string[] = [];
  let fallbackName = '';
  let inCard = false;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] ?? '';
    // A quoted-printable soft line break (= at the end) joins the next line.
    if (/QUOTED-PRINTABLE/i.test(line.split(':')[0] ?? '')) {
      while (line.endsWith('=') && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i];
    }
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const [rawName = '', ...params] = line.slice(0, colon).split(';');
    // Grouped properties ("item1.TEL") name the property after the dot.
    const property = rawName.split('.').pop()?.toUpperCase() ?? '';
    let value = line.slice(colon + 1);
    if (property === 'BEGIN') {
      if (inCard) break;
      inCard = true;
      continue;
    }
    if (property === 'END') break;
    if (!inCard) continue;
    if (params.some((p) => /^(ENCODING=)?QUOTED-PRINTABLE$/i.test(p))) {
      value = decodeQuotedPrintable(value);
    }
    switch (property) {
      case 'FN':
        draft.name ||= unescapeVCardText(value).trim();
        break;
      case 'N': {
        const [family = '', given = '', middle = ''] = structuredParts(value);
        // Vietnamese order: family name first.
        fallbackName = [family, middle, given].filter(Boolean).join(' ');
        break;
      }
      case 'TEL':
        draft.phone ||= value.replace(/^tel:/i, '').trim();
        break;
      case 'EMAIL':
        draft.email ||= unescapeVCardText(value).trim();
        break;
      case 'ORG':
        draft.company ||= structuredParts(value).filter(Boolean).join(', ');
        break;
      case 'TITLE':
        draft.jobTitle ||= unescapeVCardText(value).trim();
        break;
      case 'ADR':
        draft.address ||= structuredParts(value).filter(Boolean).join(', ');
        break;
      case 'URL':
        notes.push(unescapeVCardText(value).trim());
        break;
      case 'NOTE':
        notes.push(unescapeVCardText(value).trim());
        break;
    }
  }
  draft.name ||= fallbackName;
  draft.note = notes.filter(Boolean).join('\n');
  return draft.name || draft.phone ? draft : null;
}

const linkPattern = /\bhttps?:\/\/[^\s<>"']+/i;
// Digits with the usual separators, 9 to 13 digits (a Vietnamese mobile or landline, +84 …).
const phonePattern = /(?:\+?\d[\d .()-]{7,18}\d)/;

/** A link to an m.e card page (any host: cards are shared from the production address). */
export function cardLinkIn(text: string): string | null {
  const found = linkPattern.exec(text)?.[0]?.replace(/[.,;:!?)\]]+$/, '');
  if (!found) return null;
  try {
    return cardPagePathPattern.test(new URL(found).pathname) ? found : null;
  } catch {
    return null;
  }
}

/** The first phone number in a text, as written (separators kept). */
export function phoneIn(text: string): string | null {
  const withoutLinks = text.replace(new RegExp(linkPattern.source, 'gi'), ' ');
  const found = phonePattern.exec(withoutLinks)?.[0]?.trim();
  if (!found) return null;
  const digits = found.replace(/\D/g, '').length;
  return digits >= 9 && digits <= 13 ? found : null;
}

/**
 * The contact a share describes: a vCard's fields; else a card link (kept in the note, the
 * shared title as the name) and any phone number in the text. Null when it names no contact.
 */
export function contactDraftFromShare(
  item: Pick<SharedItem, 'title' | 'text' | 'url' | 'vcard'>,
): ContactDraft | null {
  if (item.vcard) {
    const fromCard = parseVCard(item.vcard);
    if (fromCard) return fromCard;
  }
  const everything = [item.url, item.text, item.title].join('\n');
  // Some apps put a shared vCard's text in the text field instead of a file.
  const inlineCard = parseVCard(item.text);
  if (inlineCard) return inlineCard;
  const link = cardLinkIn(everything);
  const phone = phoneIn(everything);
  if (!link && !phone) return null;
  const draft = emptyDraft();
  const title = item.title.trim();
  if (title && !linkPattern.test(title) && !phoneIn(title)) draft.name = title.slice(0, 120);
  draft.phone = phone ?? '';
  draft.note = link ?? '';
  return draft;
}
