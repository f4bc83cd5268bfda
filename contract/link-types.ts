// What a member types for a link of a known network (issue 23, decision 1020): a Zalo phone, a
// Facebook page name, a TikTok or YouTube handle — each becomes that network's address, so no
// one has to know the address form. The row keeps only the address; the type is read back from
// it when the link is edited. The server applies the same link schema to the address.
import * as v from 'valibot';
import { normalizePhone } from './phone';
import { withWebScheme } from './url-rules';
import { webLinkFieldsSchema } from './account-link';

export const webLinkTypes = ['website', 'facebook', 'zalo', 'tiktok', 'youtube'] as const;
export type WebLinkType = (typeof webLinkTypes)[number];

/** The network's own name, the title a link of that type gets when none is typed. */
export const webLinkTypeNames: Record<Exclude<WebLinkType, 'website'>, string> = {
  facebook: 'Facebook',
  zalo: 'Zalo',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

const hostsOf: Record<Exclude<WebLinkType, 'website'>, RegExp> = {
  facebook: /^(?:[\w-]+\.)?(?:facebook\.com|fb\.com|fb\.me)$/i,
  zalo: /^(?:[\w-]+\.)?zalo\.me$/i,
  tiktok: /^(?:[\w-]+\.)?tiktok\.com$/i,
  youtube: /^(?:[\w-]+\.)?(?:youtube\.com|youtu\.be)$/i,
};

/** A name or handle alone (no address): letters, digits, dots, dashes, underscores. */
const handlePattern = /^@?[\p{L}\p{N}._-]{1,100}$/u;

/**
 * The address a typed text stands for: a phone for Zalo, a name for Facebook, a handle for
 * TikTok and YouTube. Anything else (an address, or text that is none of these) is returned as
 * typed, for the link schema to complete (`instagram.com/x` → https) or to refuse.
 */
export function linkAddressOf(type: WebLinkType, typed: string): string {
  const text = typed.trim();
  if (type === 'website' || text === '' || text.includes('/')) return text;
  if (type === 'zalo') {
    const phone = normalizePhone(text);
    return phone ? `https://zalo.me/${phone}` : text;
  }
  if (!handlePattern.test(text) || /\.(?:com|vn|me|net|be)$/i.test(text)) return text;
  const name = text.replace(/^@/, '');
  if (type === 'facebook') return `https://www.facebook.com/${name}`;
  if (type === 'tiktok') return `https://www.tiktok.com/@${name}`;
  return `https://www.youtube.com/@${name}`;
}

/** The type a stored address is of (its host), for editing it in the right form. */
export function linkTypeOf(url: string): WebLinkType {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return 'website';
  }
  for (const type of webLinkTypes) {
    if (type !== 'website' && hostsOf[type].test(host)) return type;
  }
  return 'website';
}

const typeCodes: Record<Exclude<WebLinkType, 'website'>, string> = {
  facebook: 'invalid_facebook_link',
  zalo: 'invalid_zalo_link',
  tiktok: 'invalid_tiktok_link',
  youtube: 'invalid_youtube_channel',
};

/**
 * The link form's schema for one type: the typed text made an address, the network's name as
 * the title when none is typed, then the link rules the server applies; a network's address
 * must be on that network, checked first so "12345" for Zalo says what Zalo wants.
 */
export function typedLinkSchema(type: WebLinkType) {
  const { kind, title, url } = webLinkFieldsSchema.entries;
  const titled = v.pipe(
    v.optional(v.string(), ''),
    v.transform((text: string) =>
      text.trim() === '' && type !== 'website' ? webLinkTypeNames[type] : text,
    ),
    title.wrapped,
  );
  const address = v.pipe(
    v.string('link_required'),
    v.transform((text: string) => linkAddressOf(type, text)),
  );
  if (type === 'website') return v.object({ kind, title: titled, url: v.pipe(address, url) });
  const onNetwork = v.check(
    (text: string) => text.trim() === '' || linkTypeOf(withWebScheme(text.trim())) === type,
    typeCodes[type],
  );
  return v.object({ kind, title: titled, url: v.pipe(address, onNetwork, url) });
}
