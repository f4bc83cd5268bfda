// The server's side of every offline table of contract/entities.ts, listed ONCE: for a pulled
// table its pull sources (who may read which rows), for a table with mutations the handler of
// each. The type comes from the entity table, so a pulled table without a pull source or a
// declared mutation without a handler does not compile; the delta pull's sources and the push's
// handlers (pull-sources.ts, mutation-handlers.ts) are derived from this list.
import type { EntityName, PulledEntityName } from '../../contract/entities';
import type { MutationName, MutationsOf } from '../../contract/mutations';
import type { MutationHandler, PullSource } from './registry';
import {
  accountLinksPullSource,
  deleteAccountLink,
  upsertAccountLink,
} from '../domain/account-links';
import { deleteShortLink, shortLinksPullSource, upsertShortLink } from '../domain/short-links';
import { bioLinksPullSource, deleteBioLink, upsertBioLink } from '../domain/bio-links';
import { createSupportRequest, supportRequestsPullSource } from '../domain/support';
import { contactsPullSource, deleteContact, upsertContact } from '../domain/contacts';
import { exchangeCards } from '../domain/card-exchange';
import { conflictsPullSource } from '../domain/conflicts';
import { resolveConflict } from '../domain/conflict-resolve';
import {
  acceptFriend,
  addFriend,
  cancelFriend,
  friendshipsPullSource,
  rejectFriend,
  unfriend,
} from '../domain/friends';
import { profilePullSource, updateProfile } from '../domain/profile';
import { setMemberTheme } from '../domain/card-settings';
import { setProfileImage } from '../domain/profile-images';
import {
  activitiesPullSource,
  contentHandlers,
  postersPullSource,
  postsPullSource,
  productsPullSource,
  relicsPullSource,
} from '../domain/content';
import {
  deleteMessage,
  hideConversation,
  messagesPullSource,
  readMessages,
  sendMessageHandler,
} from '../domain/messages';
import {
  notificationsPullSource,
  openNotification,
  setPushSettings,
} from '../domain/notifications';
import { deleteJobDiary, jobDiaryPullSource, upsertJobDiary } from '../domain/job-diary';
import { cvPullSource, saveCv } from '../domain/cv';
import { upsertWedding, weddingGuestsPullSource, weddingsPullSource } from '../domain/wedding';
import { contactUsPullSource, updateContactUs } from '../domain/contact-us';
import { discountGroupsPullSource } from '../domain/discounts';
import {
  checkInsPullSource,
  orderGroupsPullSource,
  pointEntriesPullSource,
  staffGroupsPullSource,
} from '../domain/points/pull-sources';
import { checkInCreate } from '../domain/points/check-in-create';
import { orderGroupUpsert } from '../domain/points/order-group-upsert';
import { pointCreate } from '../domain/points/point-create';
import { rosterCustomersPullSource, rosterMembersPullSource } from '../domain/group-roster';

/** The handler of each mutation declared on table E. */
export type HandlersOf<E extends EntityName> = {
  [N in keyof MutationsOf<E> & MutationName]: MutationHandler<N>;
};

/** What the server brings to table E: pull sources if it is pulled, handlers if it has mutations. */
export type ServerSideOf<E extends EntityName> = (E extends PulledEntityName
  ? { pull: readonly [PullSource<E>, ...PullSource<E>[]] }
  : unknown) &
  ([keyof MutationsOf<E>] extends [never] ? unknown : { handlers: HandlersOf<E> });

/** Tables the server has a part in: pulled ones and those with mutations. */
type ServerEntityName = {
  [E in EntityName]: E extends PulledEntityName
    ? E
    : [keyof MutationsOf<E>] extends [never]
      ? never
      : E;
}[EntityName];

export type ServerEntities = { [E in ServerEntityName]: ServerSideOf<E> };

export const serverEntities: ServerEntities = {
  profile: {
    pull: [profilePullSource],
    handlers: {
      'profile.update': updateProfile,
      'profile.setTheme': setMemberTheme,
      'profile.setImage': setProfileImage,
      'profile.setPushSettings': setPushSettings,
    },
  },
  friendships: {
    pull: [friendshipsPullSource],
    handlers: {
      'friend.add': addFriend,
      'friend.accept': acceptFriend,
      'friend.reject': rejectFriend,
      'friend.cancel': cancelFriend,
      'friend.unfriend': unfriend,
    },
  },
  contacts: {
    pull: [contactsPullSource],
    handlers: {
      'contact.upsert': upsertContact,
      'contact.delete': deleteContact,
      'contact.exchange': exchangeCards,
    },
  },
  pointEntries: { pull: [pointEntriesPullSource], handlers: { 'point.create': pointCreate } },
  checkIns: { pull: [checkInsPullSource], handlers: { 'checkin.create': checkInCreate } },
  orderGroups: {
    pull: [orderGroupsPullSource],
    handlers: { 'orderGroup.upsert': orderGroupUpsert },
  },
  staffGroups: { pull: [staffGroupsPullSource] },
  notifications: {
    pull: [notificationsPullSource],
    handlers: { 'notification.open': openNotification },
  },
  messages: {
    pull: [messagesPullSource],
    handlers: {
      'message.send': sendMessageHandler,
      'message.read': readMessages,
      'message.hide': hideConversation,
      'message.delete': deleteMessage,
    },
  },
  jobDiary: {
    pull: [jobDiaryPullSource],
    handlers: { 'jobDiary.upsert': upsertJobDiary, 'jobDiary.delete': deleteJobDiary },
  },
  cvs: { pull: [cvPullSource], handlers: { 'cv.save': saveCv } },
  accountLinks: {
    pull: [accountLinksPullSource],
    handlers: { 'accountLink.upsert': upsertAccountLink, 'accountLink.delete': deleteAccountLink },
  },
  shortLinks: {
    pull: [shortLinksPullSource],
    handlers: { 'shortLink.upsert': upsertShortLink, 'shortLink.delete': deleteShortLink },
  },
  bioLinks: {
    pull: [bioLinksPullSource],
    handlers: { 'bioLink.upsert': upsertBioLink, 'bioLink.delete': deleteBioLink },
  },
  supportRequests: {
    pull: [supportRequestsPullSource],
    handlers: { 'supportRequest.create': createSupportRequest },
  },
  posts: {
    pull: [postsPullSource],
    handlers: {
      'post.upsert': contentHandlers['post.upsert'],
      'post.delete': contentHandlers['post.delete'],
    },
  },
  products: {
    pull: [productsPullSource],
    handlers: {
      'product.upsert': contentHandlers['product.upsert'],
      'product.delete': contentHandlers['product.delete'],
    },
  },
  activities: {
    pull: [activitiesPullSource],
    handlers: {
      'activity.upsert': contentHandlers['activity.upsert'],
      'activity.delete': contentHandlers['activity.delete'],
    },
  },
  relics: {
    pull: [relicsPullSource],
    handlers: {
      'relic.upsert': contentHandlers['relic.upsert'],
      'relic.delete': contentHandlers['relic.delete'],
    },
  },
  posters: {
    pull: [postersPullSource],
    handlers: {
      'poster.upsert': contentHandlers['poster.upsert'],
      'poster.delete': contentHandlers['poster.delete'],
    },
  },
  weddings: { pull: [weddingsPullSource], handlers: { 'wedding.upsert': upsertWedding } },
  weddingGuests: { pull: [weddingGuestsPullSource] },
  contactUs: { pull: [contactUsPullSource], handlers: { 'contactUs.update': updateContactUs } },
  groupRoster: { pull: [rosterMembersPullSource, rosterCustomersPullSource] },
  discountGroups: { pull: [discountGroupsPullSource] },
  conflicts: { pull: [conflictsPullSource], handlers: { 'conflict.resolve': resolveConflict } },
};
