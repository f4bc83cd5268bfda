// Every kind of row the delta pull carries, listed once (no registration by import), keyed by
// the pulled tables of contract/entities.ts: a pulled table without a source, or a source of a
// name the entity table does not pull, does not compile.
import type { AnyPullSource, PullSourcesByEntity } from './registry';
import { accountLinksPullSource } from '../domain/account-links';
import { shortLinksPullSource } from '../domain/short-links';
import { bioLinksPullSource } from '../domain/bio-links';
import { supportRequestsPullSource } from '../domain/support';
import { contactsPullSource } from '../domain/contacts';
import { conflictsPullSource } from '../domain/conflicts';
import { friendshipsPullSource } from '../domain/friends';
import { profilePullSource } from '../domain/profile';
import {
  activitiesPullSource,
  postersPullSource,
  postsPullSource,
  productsPullSource,
  relicsPullSource,
} from '../domain/content';
import { messagesPullSource } from '../domain/messages';
import { notificationsPullSource } from '../domain/notifications';
import { jobDiaryPullSource } from '../domain/job-diary';
import { cvPullSource } from '../domain/cv';
import { weddingGuestsPullSource, weddingsPullSource } from '../domain/wedding';
import { contactUsPullSource } from '../domain/contact-us';
import { discountGroupsPullSource } from '../domain/discounts';
import {
  checkInsPullSource,
  orderGroupsPullSource,
  pointEntriesPullSource,
  staffGroupsPullSource,
} from '../domain/points/pull-sources';
import { rosterCustomersPullSource, rosterMembersPullSource } from '../domain/group-roster';

export const pullSourcesByEntity: PullSourcesByEntity = {
  pointEntries: [pointEntriesPullSource],
  checkIns: [checkInsPullSource],
  orderGroups: [orderGroupsPullSource],
  staffGroups: [staffGroupsPullSource],
  friendships: [friendshipsPullSource],
  contacts: [contactsPullSource],
  profile: [profilePullSource],
  posts: [postsPullSource],
  products: [productsPullSource],
  activities: [activitiesPullSource],
  relics: [relicsPullSource],
  posters: [postersPullSource],
  messages: [messagesPullSource],
  notifications: [notificationsPullSource],
  accountLinks: [accountLinksPullSource],
  jobDiary: [jobDiaryPullSource],
  cvs: [cvPullSource],
  weddings: [weddingsPullSource],
  weddingGuests: [weddingGuestsPullSource],
  contactUs: [contactUsPullSource],
  groupRoster: [rosterMembersPullSource, rosterCustomersPullSource],
  discountGroups: [discountGroupsPullSource],
  shortLinks: [shortLinksPullSource],
  supportRequests: [supportRequestsPullSource],
  bioLinks: [bioLinksPullSource],
  conflicts: [conflictsPullSource],
};

/** Every source, in the order above (a pulled page lists its changes source by source). */
export const pullSources: readonly AnyPullSource[] = Object.values(pullSourcesByEntity).flat();
