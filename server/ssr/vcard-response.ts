import type { Context } from 'hono';
import type { CardOwner } from '../../contract/card';
import { buildVCard, vcardFileName } from '../../src/lib/vcard';
import { absoluteUrl } from './meta';

/** The vCard of a card owner (phones, email, address…) for GET …/getVfc…Id. */
export function vcardFor(owner: CardOwner, origin: string): string {
  return buildVCard({
    name: owner.name,
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
    photoUrl: absoluteUrl(origin, owner.avatarUrl),
    cardUrl: `${origin}/${owner.kind === 'group' ? 'mbg' : 'me'}/${owner.urlMinify}`,
  });
}

export function cardVCard(c: Context, owner: CardOwner, origin: string): Response {
  c.header('Content-Type', 'text/vcard; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${vcardFileName(owner.name)}"`);
  c.header('Cache-Control', 'no-store');
  return c.body(vcardFor(owner, origin));
}
