// Every kind of row the delta pull carries, listed once (no registration by import).
import type { PullSource } from './registry';
import { accountLinksPullSource } from './account-links-sync';
import { shortLinksPullSource } from './short-links-sync';
import { bioLinksPullSource } from './bio-links-sync';
import { supportRequestsPullSource } from './support-sync';
import { contactsPullSource } from './contacts-sync';
import { friendshipsPullSource } from './friends-sync';
import { profilePullSource } from './profile-sync';
import { contentPullSources } from './content-sync';
import { messagesPullSource } from './messages-sync';
import { notificationsPullSource } from './notifications-sync';
import { jobDiaryPullSource } from './job-diary-sync';
import { cvPullSource } from './cv-sync';
import { weddingGuestsPullSource, weddingsPullSource } from './wedding-sync';
import { contactUsPullSource } from './contact-us-sync';
import { discountGroupsPullSource } from './discounts-sync';
import {
  checkInsPullSource,
  orderGroupsPullSource,
  pointEntriesPullSource,
  staffGroupsPullSource,
} from './points/pull-sources';
import { rosterCustomersPullSource, rosterMembersPullSource } from './group-roster-sync';

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
];
