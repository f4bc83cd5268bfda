// Every kind of row the delta pull carries, listed once (no registration by import).
import type { PullSource } from './registry';
import { accountLinksPullSource } from '../domain/account-links';
import { shortLinksPullSource } from '../domain/short-links';
import { bioLinksPullSource } from '../domain/bio-links';
import { supportRequestsPullSource } from '../domain/support';
import { contactsPullSource } from '../domain/contacts';
import { conflictsPullSource } from '../domain/conflicts';
import { friendshipsPullSource } from '../domain/friends';
import { profilePullSource } from '../domain/profile';
import { contentPullSources } from '../domain/content';
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

export const pullSources: readonly PullSource[] = [
  pointEntriesPullSource,
  checkInsPullSource,
  orderGroupsPullSource,
  staffGroupsPullSource,
  friendshipsPullSource,
  contactsPullSource,
  profilePullSource,
  ...contentPullSources,
  messagesPullSource,
  notificationsPullSource,
  accountLinksPullSource,
  jobDiaryPullSource,
  cvPullSource,
  weddingsPullSource,
  weddingGuestsPullSource,
  contactUsPullSource,
  rosterMembersPullSource,
  rosterCustomersPullSource,
  discountGroupsPullSource,
  shortLinksPullSource,
  supportRequestsPullSource,
  bioLinksPullSource,
  conflictsPullSource,
];
