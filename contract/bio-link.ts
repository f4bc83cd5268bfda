import * as v from 'valibot';
import { bareDomainToHttps, noBackslash, noControlCharacters, urlTextProblem } from './url-rules';
import { TZDate } from '@date-fns/tz';
import { requiredText, uuidSchema } from './common';
import { vietnamTimeZone } from './vietnam-time';

// A member's bio link page (issue 17 item 2, spec §2 /action/bio-link): their chosen links and
// buttons, ordered, each on or off and optionally shown only between two instants. Public at
// /bio/{urlMinify} (docs/decisions/0940-bio-link.md); each click goes through a counting
// redirect. Ids are made by the client, so an item created offline keeps its id.

/** Prefix of a member's public bio link page. */
export const bioLinkPrefix = '/bio/';

/** The public path of a member's bio link page (by card link or id). */
export function bioLinkPath(key: string): string {
  return `${bioLinkPrefix}${encodeURIComponent(key)}`;
}

/** The counting redirect of one item of a bio link page. */
export function bioLinkClickPath(key: string, itemId: string): string {
  return `${bioLinkPath(key)}/go/${encodeURIComponent(itemId)}`;
}

export const bioLinkKinds = ['link', 'button'] as const;
export type BioLinkKind = (typeof bioLinkKinds)[number];

/** Why a target is refused, or null: only http(s) addresses with a host. */
export function bioLinkUrlProblem(target: string): string | null {
  const rule = urlTextProblem(target.trim());
  if (rule) return rule;
  let url: URL;
  try {
    url = new URL(target.trim());
  } catch {
    return 'bio_link_url_invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'bio_link_url_unsafe';
  if (!url.hostname) return 'bio_link_url_invalid';
  return null;
}

export const bioLinkUrlSchema = v.pipe(
  v.string('bio_link_url_required'),
  v.trim(),
  v.nonEmpty('bio_link_url_required'),
  noControlCharacters,
  noBackslash,
  bareDomainToHttps,
  v.maxLength(2000, 'too_long'),
  v.check((text) => bioLinkUrlProblem(text) !== 'bio_link_url_unsafe', 'bio_link_url_unsafe'),
  v.check((text) => bioLinkUrlProblem(text) !== 'bio_link_url_invalid', 'bio_link_url_invalid'),
);

/** An instant (ISO 8601 with offset) or null: no bound. */
const instantSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string('invalid_date'),
      v.trim(),
      v.check(
        (text) => !Number.isNaN(Date.parse(text)) && /^\d{4}-\d{2}-\d{2}T/.test(text),
        'invalid_date',
      ),
      v.transform((text) => new Date(text).toISOString()),
    ),
  ),
  null,
);

/** bioLink.upsert: the whole item by its client-made id (last write wins per item). */
export const bioLinkUpsertSchema = v.pipe(
  v.object(
    {
      id: uuidSchema,
      title: requiredText('bio_link_title_required', 120),
      url: bioLinkUrlSchema,
      kind: v.optional(v.picklist(bioLinkKinds, 'invalid_value'), 'link'),
      ordinal: v.optional(
        v.pipe(
          v.number('not_a_number'),
          v.integer('invalid_number'),
          v.minValue(0, 'invalid_number'),
          v.maxValue(1_000_000, 'invalid_number'),
        ),
        0,
      ),
      enabled: v.optional(v.boolean('invalid_value'), true),
      showFrom: instantSchema,
      showUntil: instantSchema,
    },
    'invalid_value',
  ),
  v.forward(
    v.check(
      (item) => !item.showFrom || !item.showUntil || item.showFrom < item.showUntil,
      'bio_link_schedule_order',
    ),
    ['showUntil'],
  ),
);
export type BioLinkUpsertInput = v.InferInput<typeof bioLinkUpsertSchema>;

/** bioLink.delete: soft delete by id. */
export const bioLinkDeleteSchema = v.object({ id: uuidSchema }, 'invalid_value');

/** A bio link item as the API returns it and the device mirrors it (Dexie `bioLinks`). */
export interface BioLink {
  id: string;
  memberId: string;
  title: string;
  url: string;
  kind: BioLinkKind;
  ordinal: number;
  enabled: boolean;
  showFrom: string | null;
  showUntil: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  changeSeq?: number;
}

/** The order of the page and the editor: ordinal, then creation. */
export function compareBioLinks(a: BioLink, b: BioLink): number {
  return (
    a.ordinal - b.ordinal || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)
  );
}

/** Whether visitors see an item now: live, on, and inside its schedule (from ≤ now < until). */
export function bioLinkShown(
  item: Pick<BioLink, 'deletedAt' | 'enabled' | 'showFrom' | 'showUntil'>,
  now: Date,
): boolean {
  if (item.deletedAt !== null || !item.enabled) return false;
  const at = now.getTime();
  if (item.showFrom && Date.parse(item.showFrom) > at) return false;
  if (item.showUntil && Date.parse(item.showUntil) <= at) return false;
  return true;
}

/** What visitors see, in order. */
export function shownBioLinks<T extends BioLink>(items: readonly T[], now: Date): T[] {
  return items.filter((item) => bioLinkShown(item, now)).sort(compareBioLinks);
}

/** 'YYYY-MM-DDTHH:mm' read on a clock in Vietnam → ISO instant; '' → null. */
export function vietnamLocalToInstant(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return new TZDate(y, mo - 1, d, h, mi, vietnamTimeZone).toISOString();
}

/** ISO instant → 'YYYY-MM-DDTHH:mm' on a clock in Vietnam (a datetime-local value). */
export function instantToVietnamLocal(instant: string | null): string {
  if (!instant) return '';
  const at = new TZDate(Date.parse(instant), vietnamTimeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** Clicks per bio link item id (read online, GET /api/bioLink/clicks). */
export type BioLinkClicks = Record<string, number>;

/** Tracking actions of the page (decision 0910): a view (value: the page path), a click. */
export const bioLinkViewAction = 'biolink-view';
/** Value: the item's address, as decision 0910 fixed it (the dashboards list clicks per address). */
export const bioLinkClickAction = 'biolink-click';
