// A card as the phonebook keeps it. No schema library here: the card page's button imports it,
// and a visitor's card must not download valibot for it.

/** What a card shows that the phonebook keeps. */
export interface PublicCardForPhonebook {
  /** The card's member id. */
  memberId: string;
  urlMinify: string;
  name: string;
  shortName?: string | null;
  intro?: string | null;
  jobTitle?: string | null;
  workplace?: string | null;
  address?: string | null;
  avatarUrl?: string | null;
  bannerUrl?: string | null;
  phone?: string | null;
  otherPhone?: string | null;
  email?: string | null;
  website?: string | null;
  zalo?: string | null;
  theme?: string | null;
  aboutMe?: string | null;
}

/** The phonebook's fields of a card's owner (the card screen's owner, the server's member). */
export function phonebookCardOf(
  memberId: string,
  owner: Omit<PublicCardForPhonebook, 'memberId' | 'theme'>,
  theme?: string | null,
): PublicCardForPhonebook {
  return {
    memberId,
    urlMinify: owner.urlMinify,
    name: owner.name,
    shortName: owner.shortName,
    intro: owner.intro,
    jobTitle: owner.jobTitle,
    workplace: owner.workplace,
    address: owner.address,
    avatarUrl: owner.avatarUrl,
    bannerUrl: owner.bannerUrl,
    phone: owner.phone,
    otherPhone: owner.otherPhone,
    email: owner.email,
    website: owner.website,
    zalo: owner.zalo,
    ...(theme === undefined ? {} : { theme }),
    aboutMe: owner.aboutMe,
  };
}
