// Finding a member at the booth with no network (decision 0801): the device mirrors the
// members and customers of the groups it staffs, and a short link, a phone number or part of
// a name typed by the staffer is matched here, against that mirror only.
import { searchKey } from '../../../contract/member-management';
import { looksLikePhone, normalizePhone, phoneDigits } from '../../../contract/phone';
import type { AppDb, GroupRosterRow } from '../../db/app-db';

/** Most suggestions shown while typing. */
export const rosterSuggestionLimit = 8;

/** A short link as typed or pasted: the last path segment of a card address, lower case. */
export function linkKey(text: string): string {
  const trimmed = text
    .trim()
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
  return (trimmed.split('/').pop() ?? '').toLowerCase();
}

/**
 * People of the staffed groups matching `text`, best first: the exact short link or member
 * id, then a phone number ending in or holding the typed digits, then names holding every
 * typed word (marks ignored). Only people with a member card (points need one); one row per
 * person.
 */
export async function findInRoster(
  db: AppDb,
  text: string,
  staffGroupIds: readonly string[],
  limit = rosterSuggestionLimit,
): Promise<GroupRosterRow[]> {
  const typed = text.trim();
  if (!typed || staffGroupIds.length === 0) return [];
  const groups = new Set(staffGroupIds);
  const rows = (
    await db.groupRoster
      .where('groupId')
      .anyOf([...groups])
      .toArray()
  ).filter((r) => r.deletedAt === null && r.memberId !== null);
  const link = linkKey(typed);
  const digits = looksLikePhone(typed) ? phoneDigits(typed) : '';
  const words = searchKey(typed).split(/\s+/).filter(Boolean);
  const scored: { row: GroupRosterRow; score: number }[] = [];
  for (const row of rows) {
    let score = 0;
    if (row.urlMinify?.toLowerCase() === link || row.memberId === link) score = 3;
    else if (digits.length >= 6 && phoneDigits(row.phone).includes(digits)) score = 2;
    else if (words.length > 0 && words.every((w) => searchKey(row.name).includes(w))) score = 1;
    if (score > 0) scored.push({ row, score });
  }
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      a.row.name.localeCompare(b.row.name, 'vi') ||
      (a.row.id < b.row.id ? -1 : 1),
  );
  const seen = new Set<string>();
  const found: GroupRosterRow[] = [];
  for (const { row } of scored) {
    if (seen.has(row.memberId!)) continue;
    seen.add(row.memberId!);
    found.push(row);
    if (found.length >= limit) break;
  }
  return found;
}

/**
 * The member a short link, member id or whole phone number ("0901 234 567", "+84901234567")
 * names, if the roster knows them exactly.
 */
export async function memberIdByKey(
  db: AppDb,
  text: string,
  staffGroupIds: readonly string[],
): Promise<string | undefined> {
  const [best] = await findInRoster(db, text, staffGroupIds, 1);
  if (!best) return undefined;
  const link = linkKey(text);
  const phone = normalizePhone(text);
  const exact =
    best.urlMinify?.toLowerCase() === link ||
    best.memberId === link ||
    (phone !== null && phoneDigits(best.phone) === phone);
  return exact ? (best.memberId ?? undefined) : undefined;
}
