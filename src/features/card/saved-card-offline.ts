// With no network, a card on this device still opens: the member's own card from the mirrored
// profile (decision 0610), a card saved to the phonebook from its snapshot in Dexie
// (savedCards). Loaded only when the network read failed.
import type { CardOwner } from '../../../contract/card';
import { appDb } from '../../db/app-db';
import { chooseTheme } from '../../../contract/theme-choice';
import { type CardPageData, type CardRoute } from '../../../contract/card-paths';
import { memberCardPath } from '../../../contract/card-prefixes';
import { cardAccountsOf } from '../../../contract/account-link';
import { ownCardView } from './card-preview';
import { runningPosters } from '../../../contract/content-writes';
import { vietnamToday } from '../../../contract/content';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value : null;

/** The member's own card page from the mirror, when the path names it. */
export async function ownCardPage(
  route: CardRoute,
  origin: string,
  pathname: string,
): Promise<CardPageData | null> {
  if (route.kind !== 'profile' || route.base === 'mbg') return null;
  const key = route.key.toLowerCase();
  const profile = (await appDb.profile.toArray()).find(
    (row) => row.id === key || row.urlMinify.toLowerCase() === key,
  );
  if (!profile) return null;
  const accounts = await appDb.accountLinks.where('memberId').equals(profile.id).toArray();
  const posters = await appDb.posters.where('memberId').equals(profile.id).toArray();
  const view = ownCardView(
    profile,
    cardAccountsOf(accounts),
    runningPosters(posters, vietnamToday(new Date())),
  );
  return {
    route,
    view,
    cardUrl: `${origin}${memberCardPath(profile.urlMinify)}`,
    pageUrl: `${origin}${pathname}`,
  };
}

export async function savedCardPage(
  route: CardRoute,
  origin: string,
  pathname: string,
): Promise<CardPageData | null> {
  if (route.kind !== 'profile' || route.base === 'mbg') return null;
  const saved =
    (await appDb.savedCards.get(route.key)) ??
    (await appDb.savedCards.where('urlMinify').equals(route.key).first());
  if (!saved) return null;
  const c = saved.card;
  const owner: CardOwner = {
    kind: 'member',
    id: saved.id,
    urlMinify: saved.urlMinify,
    type: 'personal',
    name: text(c.name) ?? saved.urlMinify,
    shortName: text(c.shortName),
    intro: text(c.intro),
    jobTitle: text(c.jobTitle),
    workplace: text(c.workplace),
    address: text(c.address),
    aboutMe: text(c.aboutMe),
    avatarUrl: text(c.avatarUrl),
    bannerUrl: text(c.bannerUrl),
    backgroundUrl: null,
    phone: text(c.phone),
    otherPhone: text(c.otherPhone),
    email: text(c.email),
    website: text(c.website),
    zalo: text(c.zalo),
    interests: [],
    businessSectors: [],
    companyInfo: null,
    banks: [],
    links: [],
    videos: [],
    language: 'VN',
    agencyId: null,
    updatedAt: saved.savedAt,
  };
  const choice = chooseTheme({
    memberType: 'personal',
    themeCode: text(c.theme),
    language: 'VN',
    hasAgency: false,
  });
  return {
    route,
    view: {
      owner,
      theme: choice.theme,
      themeMode: choice.mode,
      lightGreyMenu: false,
      isMe: false,
      posts: [],
      products: [],
      activities: [],
      relics: [],
      posters: [],
    },
    cardUrl: `${origin}${memberCardPath(saved.urlMinify)}`,
    pageUrl: `${origin}${pathname}`,
  };
}
