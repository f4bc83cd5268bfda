import * as v from 'valibot';
import {
  bareDomainToHttps,
  isLocalPath,
  noBackslash,
  noControlCharacters,
  urlTextProblem,
} from './url-rules';
import { optionalText, uuidSchema } from './common';
import { urlMinifySchema } from './card-settings';

// A member's short links (spec §2 /action/shortenedLink, route name smc): /smc/{slug} sends a
// visitor on to the target and counts the click (docs/decisions/0900-short-links.md). Ids are
// made by the client, so a link created offline keeps its id; the slug is checked on the
// server (slugs are unique across cards and short links, which a device cannot promise).

/** Prefix of a short link's public address. */
export const shortLinkPrefix = '/smc/';

/** The public path of a short link. */
export function shortLinkPath(slug: string): string {
  return `${shortLinkPrefix}${encodeURIComponent(slug)}`;
}

/**
 * Why a target is refused, or null when it may be used: only http(s) addresses and paths of
 * this site; never a script or data address, never another short link (a redirect loop).
 */
export function shortLinkTargetProblem(target: string): string | null {
  const text = target.trim();
  const rule = urlTextProblem(text);
  if (rule) return rule;
  if (text.startsWith('/')) {
    // `//host` and `/\host` are other sites to a browser, never a path of this one.
    if (!isLocalPath(text)) return 'short_link_target_invalid';
    return text.toLowerCase().startsWith(shortLinkPrefix) ? 'short_link_target_loop' : null;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'short_link_target_invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'short_link_target_unsafe';
  if (!url.hostname) return 'short_link_target_invalid';
  return null;
}

/** The slug of a short link address (`/smc/x` on any host), to refuse loops on the server. */
export function shortLinkSlugOf(target: string): string | null {
  try {
    const path = new URL(target, 'http://local.invalid').pathname.toLowerCase();
    if (!path.startsWith(shortLinkPrefix)) return null;
    return decodeURIComponent(path.slice(shortLinkPrefix.length)).replace(/\/+$/, '') || null;
  } catch {
    return null;
  }
}

export const shortLinkTargetSchema = v.pipe(
  v.string('short_link_target_required'),
  v.trim(),
  v.nonEmpty('short_link_target_required'),
  noControlCharacters,
  noBackslash,
  bareDomainToHttps,
  v.maxLength(2000, 'too_long'),
  v.check(
    (text) => shortLinkTargetProblem(text) !== 'short_link_target_unsafe',
    'short_link_target_unsafe',
  ),
  v.check(
    (text) => shortLinkTargetProblem(text) !== 'short_link_target_invalid',
    'short_link_target_invalid',
  ),
  v.check(
    (text) => shortLinkTargetProblem(text) !== 'short_link_target_loop',
    'short_link_target_loop',
  ),
);

/** shortLink.upsert: the whole link by its client-made id (last write wins per link). */
export const shortLinkUpsertSchema = v.object(
  {
    id: uuidSchema,
    slug: urlMinifySchema,
    target: shortLinkTargetSchema,
    title: optionalText(120),
    enabled: v.optional(v.boolean('invalid_value'), true),
  },
  'invalid_value',
);
export type ShortLinkUpsertInput = v.InferInput<typeof shortLinkUpsertSchema>;

/** shortLink.delete: soft delete by id (the slug stays taken). */
export const shortLinkDeleteSchema = v.object({ id: uuidSchema }, 'invalid_value');

/** A short link as the API returns it and the device mirrors it (Dexie `shortLinks`). */
export interface ShortLink {
  id: string;
  memberId: string;
  slug: string;
  target: string;
  title: string | null;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  changeSeq?: number;
}

/** Clicks per short link id (read online, GET /api/shortenedLink/clicks). */
export type ShortLinkClicks = Record<string, number>;

/** Tracking action of a click on a short link (value: the slug). */
export const shortLinkClickAction = 'short_link_click';
