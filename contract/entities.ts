// Every table of the member's device database, declared ONCE (decision 0200, "Declared once"):
// its name (the Dexie table, and the `entity` of a pulled change), key and indexes, where its
// rows come from and whose rows they are. The Dexie schema's newest version
// (src/db/app-db.ts), the client's pulled and cleared tables, the server's pull sources
// (server/sync/pull-sources.ts, one per pulled name, checked by tsc) and the typed pull
// changes (contract/sync.ts) are all derived from it. tests/client/entity-table.test.ts fails
// when the opened database, the server's pull sources or its mutation handlers disagree.
import type { AccountLink } from './account-link';
import type { BioLink } from './bio-link';
import type { CheckIn } from './checkin';
import type { Contact } from './contact';
import type { ContactUsMessage } from './contact-us';
import type {
  ActivityRecord,
  PosterRecord,
  PostRecord,
  ProductRecord,
  RelicRecord,
} from './content-writes';
import type { MemberCv } from './cv';
import type { DiscountGroup } from './discount';
import type { SyncConflict } from './field-merge';
import type { Friendship } from './friend';
import type { JobDiaryEntry } from './job-diary';
import type { MirroredProfile } from './member';
import type { MutationName } from './mutations';
import type { RosterEntry } from './member-management';
import type { MessageCopy } from './message';
import type { NotificationItem } from './notification';
import type { OrderGroupRow, PointEntry, StaffGroup } from './points';
import type { ShortLink } from './short-link';
import type { SupportRequest } from './support';
import type { Wedding, WeddingGuest } from './wedding';

/**
 * Where a table's rows come from:
 * - `pull`: the server's delta pull (a pull source on the server sends them);
 * - `rest`: REST answers cached for the signed-in member (cleared with the mirror like pulled
 *   rows when another member signs in or the device resyncs);
 * - `device`: written by this device only (the outbox and other bookkeeping, saved cards).
 */
export type EntitySource = 'pull' | 'rest' | 'device';

export interface EntitySpec {
  /** Dexie primary key: a property, or `[a+b]` for a compound key. */
  key: string;
  /** Dexie indexes besides the key (`&x` unique, `[a+b]` compound), as in the newest version. */
  indexes: readonly string[];
  source: EntitySource;
  /** Whose rows a device holds (for pulled tables: the server's scope of its pull source). */
  reads: string;
  /**
   * The mutations (contract/mutations.ts) whose optimistic change lands in this table; a
   * mutation that writes no mirrored row of its own is listed nowhere.
   */
  mutations: readonly MutationName[];
}

export const entities = {
  profile: {
    key: 'id',
    indexes: [],
    source: 'pull',
    reads: 'the member themself',
    mutations: [
      'profile.update',
      'profile.setTheme',
      'profile.setImage',
      'profile.setPushSettings',
    ],
  },
  friendships: {
    key: 'id',
    indexes: ['status', 'direction', 'otherMemberId', 'updatedAt'],
    source: 'pull',
    reads: 'both members of the friendship',
    mutations: ['friend.add', 'friend.accept', 'friend.reject', 'friend.cancel', 'friend.unfriend'],
  },
  contacts: {
    key: 'id',
    indexes: ['cardMemberId'],
    source: 'pull',
    reads: 'the owner of the phonebook',
    mutations: ['contact.upsert', 'contact.delete', 'contact.exchange'],
  },
  pointEntries: {
    key: 'id',
    indexes: [
      'sellerGroupId',
      'buyerMemberId',
      'staffMemberId',
      'orderGroupId',
      'recordedAt',
      '[buyerMemberId+sellerGroupId]',
    ],
    source: 'pull',
    reads: 'the buyer, and the staff of the selling group',
    mutations: ['point.create'],
  },
  checkIns: {
    key: 'id',
    indexes: ['groupId', 'memberId', 'checkedInAt'],
    source: 'pull',
    reads: 'the member checked in, and the staff of the group',
    mutations: ['checkin.create'],
  },
  orderGroups: {
    key: 'id',
    indexes: ['sellerGroupId', 'buyerMemberId'],
    source: 'pull',
    reads: 'the buyer, and the staff of the selling group',
    mutations: ['orderGroup.upsert'],
  },
  staffGroups: {
    key: 'id',
    indexes: ['groupId'],
    source: 'pull',
    reads: 'the staff member',
    mutations: [],
  },
  memberBalances: {
    key: '[memberId+groupId]',
    indexes: ['memberId', 'groupId'],
    source: 'rest',
    reads: 'the member (balances as the points answers last gave them)',
    mutations: [],
  },
  notifications: {
    key: 'id',
    indexes: ['createdAt', 'openedAt', 'kind'],
    source: 'pull',
    reads: 'the member notified',
    mutations: ['notification.open'],
  },
  messages: {
    key: 'id',
    indexes: ['[groupMessageId+sentAt]'],
    source: 'pull',
    reads: "the member's own copies",
    mutations: ['message.send', 'message.read', 'message.hide', 'message.delete'],
  },
  jobDiary: {
    key: 'id',
    indexes: ['date', 'createdAt'],
    source: 'pull',
    reads: 'the member',
    mutations: ['jobDiary.upsert', 'jobDiary.delete'],
  },
  cvs: {
    key: 'id',
    indexes: [],
    source: 'pull',
    reads: 'the member',
    mutations: ['cv.save'],
  },
  accountLinks: {
    key: 'id',
    indexes: ['memberId', 'kind', 'ordinal'],
    source: 'pull',
    reads: 'the member',
    mutations: ['accountLink.upsert', 'accountLink.delete'],
  },
  shortLinks: {
    key: 'id',
    indexes: ['memberId', 'slug', 'createdAt'],
    source: 'pull',
    reads: 'the member',
    mutations: ['shortLink.upsert', 'shortLink.delete'],
  },
  bioLinks: {
    key: 'id',
    indexes: ['memberId', 'ordinal'],
    source: 'pull',
    reads: 'the member',
    mutations: ['bioLink.upsert', 'bioLink.delete'],
  },
  supportRequests: {
    key: 'id',
    indexes: ['memberId', 'createdAt'],
    source: 'pull',
    reads: 'the member who asked',
    mutations: ['supportRequest.create'],
  },
  posts: {
    key: 'id',
    indexes: ['memberId', 'groupId', 'updatedAt'],
    source: 'pull',
    reads: 'the author, and the owner and active admins of its brand',
    mutations: ['post.upsert', 'post.delete'],
  },
  products: {
    key: 'id',
    indexes: ['memberId', 'groupId', 'updatedAt'],
    source: 'pull',
    reads: 'the author, and the owner and active admins of its brand',
    mutations: ['product.upsert', 'product.delete'],
  },
  activities: {
    key: 'id',
    indexes: ['memberId', 'groupId', 'updatedAt'],
    source: 'pull',
    reads: 'the author, and the owner and active admins of its brand',
    mutations: ['activity.upsert', 'activity.delete'],
  },
  relics: {
    key: 'id',
    indexes: ['memberId', 'groupId', 'updatedAt'],
    source: 'pull',
    reads: 'the author, and the owner and active admins of its brand',
    mutations: ['relic.upsert', 'relic.delete'],
  },
  posters: {
    key: 'id',
    indexes: ['memberId', 'groupId', 'updatedAt'],
    source: 'pull',
    reads: 'the author, and the owner and active admins of its brand',
    mutations: ['poster.upsert', 'poster.delete'],
  },
  weddings: {
    key: 'id',
    indexes: ['memberId', 'updatedAt'],
    source: 'pull',
    reads: 'the couple (the member who made it)',
    mutations: ['wedding.upsert'],
  },
  weddingGuests: {
    key: 'id',
    indexes: ['weddingId', 'memberId', 'createdAt'],
    source: 'pull',
    reads: 'the couple of the wedding',
    mutations: [],
  },
  contactUs: {
    key: 'id',
    indexes: ['memberId', 'createdAt'],
    source: 'pull',
    reads: 'the member whose page received it',
    mutations: ['contactUs.update'],
  },
  groupRoster: {
    key: 'id',
    indexes: ['groupId', 'memberId', 'urlMinify', 'phone'],
    source: 'pull',
    reads: 'the staff of the group (its members and customers)',
    mutations: [],
  },
  discountGroups: {
    key: 'id',
    indexes: ['groupId', 'updatedAt'],
    source: 'pull',
    reads: 'the active members of the group',
    mutations: [],
  },
  conflicts: {
    key: 'id',
    indexes: ['[entity+rowId]'],
    source: 'pull',
    reads: 'the member whose write lost',
    mutations: ['conflict.resolve'],
  },
  savedCards: {
    key: 'id',
    indexes: ['urlMinify', 'savedAt'],
    source: 'device',
    reads: 'this device',
    mutations: [],
  },
  exploreDirectories: {
    key: 'agencyId',
    indexes: [],
    source: 'device',
    reads: 'this device',
    mutations: [],
  },
  outbox: {
    key: 'id',
    indexes: ['&seq', 'state', '[table+rowKey]', 'notBefore'],
    source: 'device',
    reads: 'this device (sent by the member who queued it)',
    mutations: [],
  },
  pendingImages: {
    key: 'id',
    indexes: ['memberId', 'state', 'createdAt'],
    source: 'device',
    reads: 'this device',
    mutations: [],
  },
  serverShadows: {
    key: 'id',
    indexes: [],
    source: 'device',
    reads: 'this device',
    mutations: [],
  },
  syncState: {
    key: 'key',
    indexes: [],
    source: 'device',
    reads: 'this device',
    mutations: [],
  },
} as const satisfies Record<string, EntitySpec>;

export type EntityName = keyof typeof entities;

type NamesOf<S extends EntitySource> = {
  [K in EntityName]: (typeof entities)[K]['source'] extends S ? K : never;
}[EntityName];

/** Tables the server's delta pull fills: each has a pull source on the server. */
export type PulledEntityName = NamesOf<'pull'>;
/** The signed-in member's mirror: pulled tables and REST caches (cleared together). */
export type MemberEntityName = NamesOf<'pull' | 'rest'>;

function namesOf<S extends EntitySource>(...sources: S[]): NamesOf<S>[] {
  return (Object.keys(entities) as EntityName[]).filter((name) =>
    (sources as EntitySource[]).includes(entities[name].source),
  ) as NamesOf<S>[];
}

export const entityNames = Object.keys(entities) as EntityName[];
export const pulledEntityNames: readonly PulledEntityName[] = namesOf('pull');
export const memberEntityNames: readonly MemberEntityName[] = namesOf('pull', 'rest');

/** A table's Dexie schema string: the key first, then its indexes. */
export function dexieSchemaOf(name: EntityName): string {
  const spec: EntitySpec = entities[name];
  return [spec.key, ...spec.indexes].join(', ');
}

/** The newest Dexie schema of every table, as `db.version(n).stores()` takes it. */
export function dexieStores(): Record<EntityName, string> {
  return Object.fromEntries(entityNames.map((name) => [name, dexieSchemaOf(name)])) as Record<
    EntityName,
    string
  >;
}

/** A pulled row as the client stores it, per table (what the pull source's toClient returns). */
export interface PulledRows {
  profile: MirroredProfile;
  friendships: Friendship;
  contacts: Contact;
  pointEntries: PointEntry;
  checkIns: CheckIn;
  orderGroups: OrderGroupRow;
  staffGroups: StaffGroup;
  notifications: NotificationItem;
  messages: MessageCopy;
  jobDiary: JobDiaryEntry;
  cvs: MemberCv;
  accountLinks: AccountLink;
  shortLinks: ShortLink;
  bioLinks: BioLink;
  supportRequests: SupportRequest;
  posts: PostRecord;
  products: ProductRecord;
  activities: ActivityRecord;
  relics: RelicRecord;
  posters: PosterRecord;
  weddings: Wedding;
  weddingGuests: WeddingGuest;
  contactUs: ContactUsMessage;
  groupRoster: RosterEntry;
  discountGroups: DiscountGroup;
  conflicts: SyncConflict;
}

// Every pulled table has a row type above, and nothing else does.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const pulledRowsCoverThePulledTables: Exactly<keyof PulledRows, PulledEntityName> = true;
