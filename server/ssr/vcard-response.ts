import type { Context } from 'hono';
import type { CardOwner } from '../../contract/card';
import { avatarJpegVariant, parseImageUrl } from '../../contract/image';
import { buildVCard, vcardFileName } from '../../contract/vcard';
import { readVariant } from '../images/image-store';
import type { CardReadDatabase } from '../domain/cards';

/** The vCard of a card owner (phones, email, address…) for GET …/getVfc…Id. */
export function vcardFor(
  owner: CardOwner,
  origin: string,
  photoJpegBase64?: string | null,
): string {
  return buildVCard({
    name: owner.name,
    // A brand's card is the organisation itself, not a person working there.
    kind: owner.kind === 'group' ? 'org' : 'individual',
    organization: owner.kind === 'group' ? owner.name : owner.workplace,
    title: owner.jobTitle,
    phones: [
      ...(owner.phone ? [{ number: owner.phone, type: 'cell' as const }] : []),
      ...(owner.otherPhone ? [{ number: owner.otherPhone, type: 'work' as const }] : []),
    ],
    email: owner.email,
    website: owner.website,
    address: owner.address,
    note: owner.intro,
    photoJpegBase64: photoJpegBase64 ?? null,
    cardUrl: `${origin}/${owner.kind === 'group' ? 'mbg' : 'me'}/${owner.urlMinify}`,
  });
}

/** The uploaded avatar's small JPEG (decision 0620), base64; none for any other picture. */
export async function avatarJpegBase64(
  db: CardReadDatabase,
  avatarUrl: string | null,
): Promise<string | null> {
  const parsed = parseImageUrl(avatarUrl);
  if (!parsed) return null;
  const jpeg = await readVariant(db, parsed.uploadId, avatarJpegVariant);
  return jpeg ? jpeg.bytes.toString('base64') : null;
}

export async function cardVCard(
  c: Context,
  owner: CardOwner,
  origin: string,
  db: CardReadDatabase,
): Promise<Response> {
  const photo = await avatarJpegBase64(db, owner.avatarUrl);
  c.header('Content-Type', 'text/vcard; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${vcardFileName(owner.name)}"`);
  c.header('Cache-Control', 'no-store');
  return c.body(vcardFor(owner, origin, photo));
}
