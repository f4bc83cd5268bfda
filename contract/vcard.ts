// vCard 3.0 (RFC 2426) for "save contact": UTF-8 text, escaped values, lines folded at 75
// octets without cutting a Vietnamese character in half, CRLF line ends.
import { dialablePhone } from './contact-links';

export interface VCardInput {
  name: string;
  /**
   * An organisation (a brand's card): no person's name is made up from it — `N` stays empty,
   * `ORG` and `FN` carry the name, with RFC 6350's `KIND:org` and the `X-ABShowAs:COMPANY` that
   * Apple's and other contact apps read from a 3.0 card.
   */
  kind?: 'individual' | 'org';
  organization?: string | null;
  title?: string | null;
  phones?: { number: string; type: 'cell' | 'work' | 'home' }[];
  email?: string | null;
  website?: string | null;
  address?: string | null;
  note?: string | null;
  /**
   * The photo carried inline: a small JPEG, base64. Phones' contact apps read an inline
   * photo; most neither fetch a `VALUE=uri` photo nor read SVG.
   */
  photoJpegBase64?: string | null;
  /** Link back to the card. */
  cardUrl?: string | null;
  /** A stable id (a contact's uuid): a CRM or a re-import updates the same contact. */
  uid?: string | null;
}

/**
 * Escapes a text value: backslash, newline and comma; semicolons only inside structured
 * values (N, ADR, ORG) where they separate parts, as parsers read single values verbatim.
 */
export function escapeVCardText(value: string, structured = false): string {
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/,/g, '\\,');
  return structured ? escaped.replace(/;/g, '\\;') : escaped;
}

/** UTF-8 length of the code point at `index` (and how many UTF-16 units it takes). */
function utf8Width(line: string, index: number): [bytes: number, units: number] {
  const code = line.charCodeAt(index);
  if (code < 0x80) return [1, 1];
  if (code < 0x800) return [2, 1];
  // A high surrogate with its low half is one code point of 4 bytes.
  if (code >= 0xd800 && code <= 0xdbff && index + 1 < line.length) {
    const next = line.charCodeAt(index + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return [4, 2];
  }
  return [3, 1];
}

/**
 * Folds a content line at 75 octets; continuation lines start with one space. One pass over
 * the line, cutting with slice (no per-character encoding or string growth), so a 50k-card
 * export folds in linear time.
 */
export function foldVCardLine(line: string): string {
  // Every UTF-16 unit is at most 3 octets: a line this short never needs folding.
  if (line.length * 3 <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let bytes = 0;
  let index = 0;
  while (index < line.length) {
    const [width, units] = utf8Width(line, index);
    const limit = parts.length === 0 ? 75 : 74; // the leading space counts
    if (bytes + width > limit) {
      parts.push(line.slice(start, index));
      start = index;
      bytes = 0;
    }
    bytes += width;
    index += units;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}

function splitName(name: string): { family: string; given: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { family: '', given: words[0] ?? '' };
  // Vietnamese names put the family name first.
  return { family: words[0] ?? '', given: words.slice(1).join(' ') };
}

function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Builds the .vcf text. */
export function buildVCard(input: VCardInput): string {
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:3.0'];
  if (input.uid) lines.push(`UID:urn:uuid:${escapeVCardText(input.uid)}`);
  const isOrg = input.kind === 'org';
  if (isOrg) {
    lines.push('KIND:org', 'X-ABShowAs:COMPANY', 'N:;;;;');
  } else {
    const { family, given } = splitName(input.name);
    lines.push(`N:${escapeVCardText(family, true)};${escapeVCardText(given, true)};;;`);
  }
  lines.push(`FN:${escapeVCardText(input.name.trim())}`);
  const org = isOrg ? clean(input.name) : clean(input.organization);
  if (org) lines.push(`ORG:${escapeVCardText(org, true)}`);
  const title = clean(input.title);
  if (title) lines.push(`TITLE:${escapeVCardText(title)}`);
  for (const phone of input.phones ?? []) {
    const number = dialablePhone(phone.number);
    if (number) lines.push(`TEL;TYPE=${phone.type.toUpperCase()},VOICE:${number}`);
  }
  const email = clean(input.email);
  if (email) lines.push(`EMAIL;TYPE=INTERNET:${escapeVCardText(email)}`);
  const website = clean(input.website);
  if (website) lines.push(`URL:${escapeVCardText(website)}`);
  const cardUrl = clean(input.cardUrl);
  if (cardUrl && cardUrl !== website) lines.push(`URL;TYPE=PROFILE:${escapeVCardText(cardUrl)}`);
  const address = clean(input.address);
  if (address) lines.push(`ADR;TYPE=WORK:;;${escapeVCardText(address, true)};;;;`);
  const note = clean(input.note);
  if (note) lines.push(`NOTE:${escapeVCardText(note)}`);
  const photo = clean(input.photoJpegBase64);
  if (photo && /^[A-Za-z0-9+/]+=*$/.test(photo)) lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${photo}`);
  lines.push('END:VCARD');
  return `${lines.map(foldVCardLine).join('\r\n')}\r\n`;
}

/** A file name for the card: letters and digits only, no diacritics. */
export function vcardFileName(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${base || 'contact'}.vcf`;
}
