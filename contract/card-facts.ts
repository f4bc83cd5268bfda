// What a card shows a visitor, as facts: the actions and their addresses, the contact rows,
// the bank accounts with their VietQR payloads, the section links, the items and videos, and
// what its QR code carries. One shape for the server-made visitor page and the app's card
// screen (decision 0403): both render from it, and tests/unit/card-facts.test.tsx checks that
// each fact reaches the markup.
import type { CardOwner, CardView } from './card';
import { cardPaths, type CardPageData } from './card-paths';
import { memberCardPath } from './card-prefixes';
import { mailtoHref, telHref, zaloHref } from './contact-links';
import { vcardFileName } from './vcard';
import { canMakeVietQr, vietQrPayload } from './vietqr';
import { youtubeId } from './youtube';

export type ContactKey = 'phone' | 'other' | 'email' | 'web' | 'zalo' | 'address';
export type SectionKey = 'products' | 'posts' | 'activities' | 'relics';

export interface ContactFact {
  key: ContactKey;
  text: string;
  href?: string;
  external?: boolean;
}

export interface BankFact {
  bankName: string;
  ownerName: string;
  accountNumber: string;
  /** The NAPAS transfer payload when the bank and number make one (drawn as a QR code). */
  vietQr: string | null;
  /** A picture of a QR code the owner uploaded instead. */
  qrUrl: string | null;
}

export interface CardFacts {
  name: string;
  /** Call, Zalo, save contact (a server address: works with no script), share. */
  actions: {
    call: string | null;
    zalo: string | null;
    /** The phone or Zalo number the Zalo action opens (tracking value). */
    zaloNumber: string | null;
    vcard: string;
    vcardFileName: string;
    share: string;
  };
  contacts: ContactFact[];
  banks: BankFact[];
  /** The sections a visitor may open (only those with something in them; all for the owner). */
  sections: { key: SectionKey; href: string }[];
  /** What the card's QR code carries. */
  qrLink: string;
}

/** The vCard download of a card owner (a server address). */
export function vcardPath(owner: Pick<CardOwner, 'kind' | 'id'>): string {
  return owner.kind === 'group'
    ? `/api/groupAndBrand/getVfcGroupId/${owner.id}`
    : `/api/members/getVfcMemberId/${owner.id}`;
}

/**
 * What the card's QR code carries: a member's readable `{origin}/me/{short link}` (decision
 * 0902; the id when there is none), which a booth scanner finds in its roster with no network.
 */
export function cardQrLink(owner: CardOwner, cardUrl: string): string {
  return owner.kind === 'member'
    ? `${new URL(cardUrl).origin}${memberCardPath(owner.urlMinify || owner.id)}`
    : cardUrl;
}

function contactFacts(owner: CardOwner): ContactFact[] {
  const rows: ContactFact[] = [];
  if (owner.phone) rows.push({ key: 'phone', text: owner.phone, href: telHref(owner.phone) });
  if (owner.otherPhone)
    rows.push({ key: 'other', text: owner.otherPhone, href: telHref(owner.otherPhone) });
  if (owner.email) rows.push({ key: 'email', text: owner.email, href: mailtoHref(owner.email) });
  if (owner.website && /^https?:\/\//i.test(owner.website))
    rows.push({
      key: 'web',
      text: owner.website.replace(/^https?:\/\//i, ''),
      href: owner.website,
      external: true,
    });
  if (owner.zalo)
    rows.push({ key: 'zalo', text: owner.zalo, href: zaloHref(owner.zalo), external: true });
  if (owner.address) rows.push({ key: 'address', text: owner.address });
  return rows;
}

export function sectionFacts(view: CardView): CardFacts['sections'] {
  const paths = cardPaths(view);
  // A visitor sees only the sections that have something in them; the owner sees all four,
  // to know where to add.
  const shown = (items: readonly unknown[]) => view.isMe || items.length > 0;
  const sections: CardFacts['sections'] = [];
  if (shown(view.products)) sections.push({ key: 'products', href: paths.products });
  if (shown(view.posts)) sections.push({ key: 'posts', href: paths.posts });
  if (shown(view.activities)) sections.push({ key: 'activities', href: paths.activities });
  if (shown(view.relics)) sections.push({ key: 'relics', href: paths.relics });
  return sections;
}

export function cardFacts(data: Pick<CardPageData, 'view' | 'cardUrl'>): CardFacts {
  const { view, cardUrl } = data;
  const { owner } = view;
  const zaloNumber = owner.zalo || owner.phone || null;
  return {
    name: owner.name,
    actions: {
      call: owner.phone ? telHref(owner.phone) : null,
      zalo: zaloNumber ? zaloHref(zaloNumber) : null,
      zaloNumber,
      vcard: vcardPath(owner),
      vcardFileName: vcardFileName(owner.name),
      share: cardUrl,
    },
    contacts: contactFacts(owner),
    banks: owner.banks.map((bank) => ({
      bankName: bank.bankName,
      ownerName: bank.ownerName,
      accountNumber: bank.accountNumber,
      vietQr:
        bank.bin && canMakeVietQr(bank.bin, bank.accountNumber)
          ? vietQrPayload({ bin: bank.bin, accountNumber: bank.accountNumber })
          : null,
      qrUrl: bank.qrUrl ?? null,
    })),
    sections: sectionFacts(view),
    qrLink: cardQrLink(owner, cardUrl),
  };
}

/** The texts a card's server-drawn QR codes carry: its own link and every VietQR payload. */
export function cardQrTexts(facts: CardFacts): string[] {
  return [facts.qrLink, ...facts.banks.flatMap((bank) => (bank.vietQr ? [bank.vietQr] : []))];
}

/** YouTube ids of a card's videos, one per video however its link is written. */
export function videoKey(link: string): string {
  return youtubeId(link) ?? link;
}
