// What both wallet passes show of a member's card, read from the current profile on each
// request, so a pass fetched again after an edit carries the edit (decision 1101).
import { findTheme, themeCatalogue } from '../../contract/theme';
import { avatarJpegVariant, parseImageUrl } from '../../contract/image';
import { memberCardPath } from '../../contract/card-prefixes';
import { readVariant } from '../images/image-store';
import type { Queryable } from '../db/client';
import { findMember } from './cards';

export interface WalletCard {
  /** The member's id: one pass per card, replaced in the wallet when fetched again. */
  serial: string;
  name: string;
  jobTitle: string | null;
  company: string | null;
  /** The card's readable short link (the QR's content). */
  link: string;
  /** Pass colours from the card's theme, #rrggbb. */
  background: string;
  foreground: string;
  /** The avatar as a JPEG (the small upload variant), when the member uploaded one. */
  avatarJpeg: Buffer | null;
  /** Absolute address of the avatar picture, when there is one. */
  avatarUrl: string | null;
  updatedAt: Date;
}

const hex = /^#[0-9a-f]{6}$/i;

/** The member's own card for a wallet pass; undefined when the member is gone or locked. */
export async function walletCardOf(
  db: Queryable,
  memberId: string,
  origin: string,
): Promise<WalletCard | undefined> {
  const member = await findMember(db, memberId);
  if (!member) return undefined;
  // The catalogue colours of the member's theme: the menu bar is the card's strongest colour.
  const colours = (findTheme(member.theme) ?? themeCatalogue[0]!).value;
  const upload = parseImageUrl(member.avatarUrl);
  const jpeg = upload ? await readVariant(db, upload.uploadId, avatarJpegVariant) : undefined;
  return {
    serial: member.id,
    name: member.name,
    jobTitle: member.jobTitle?.trim() || null,
    company: member.workplace?.trim() || null,
    link: `${origin}${memberCardPath(member.urlMinify)}`,
    background: hex.test(colours.menu) ? colours.menu : '#0b4a8b',
    foreground: hex.test(colours.menuText) ? colours.menuText : '#ffffff',
    avatarJpeg: jpeg?.bytes ?? null,
    avatarUrl: member.avatarUrl ? new URL(member.avatarUrl, origin).href : null,
    updatedAt: new Date(member.updatedAt),
  };
}
