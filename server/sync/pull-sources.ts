// Every kind of row the delta pull carries, listed once (no registration by import).
import type { PullSource } from './registry';
import { accountLinksPullSource } from './account-links-sync';
import { shortLinksPullSource } from './short-links-sync';
import { supportRequestsPullSource } from './support-sync';
import { contactsPullSource } from './contacts-sync';
import { friendshipsPullSource } from './friends-sync';
import { profilePullSource } from './profile-sync';
import { contentPullSources } from './content-sync';
import { messagesPullSource } from './messages-sync';
import { notificationsPullSource } from './notifications-sync';
import {
  checkInsPullSource,
  orderGroupsPullSource,
  pointEntriesPullSource,
  staffGroupsPullSource,
} from './points/pull-sources';

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
  shortLinksPullSource,
  supportRequestsPullSource,
];
