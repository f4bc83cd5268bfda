// Every table of the member's device database, declared ONCE (decision 0200, "Declared once"):
// its name (the Dexie table, and the `entity` of a pulled change), key and indexes, where its
// rows come from, whose rows they are, and the mutations whose optimistic change lands in it
// (decision 0205). Derived from it: the Dexie schema (src/db/app-db.ts), the device's mirrored
// row types, the client's pulled and cleared tables, the typed pull changes (contract/sync.ts),
// the mutation registry (contract/mutations.ts) and the shape of the server's entity list
// (server/sync/server-entities.ts: a pull source per pulled table and a handler per mutation,
// checked by tsc). tests/client/entity-table.test.ts fails when the opened database or the
// server disagree. docs/how-to-add-an-offline-entity.md walks through adding one.
import type { DiscountGroup } from './discount';
import type { RosterEntry } from './member-management';
import type { StaffGroup } from './points';
import type { WeddingGuest } from './wedding';
import { declare, type AnyMutationDeclaration } from './mutation-declaration';
import { contactDeleteSchema, contactUpsertSchema, type Contact } from './contact';
import { contactExchangeSchema } from './card-exchange';
import { friendRequestSchema, type Friendship } from './friend';
import {
  orderGroupUpsertSchema,
  pointCreateSchema,
  type OrderGroupRow,
  type PointEntry,
} from './points';
import { checkInCreateSchema, type CheckIn } from './checkin';
import { themeSetSchema, type ThemeSetting } from './card-settings';
import { profileUpdateSchema, type MirroredProfile } from './member';
import { profileSetImageSchema, type ProfileImages } from './image';
import {
  activityUpsertSchema,
  contentDeleteSchema,
  posterUpsertSchema,
  postUpsertSchema,
  productUpsertSchema,
  relicUpsertSchema,
  type ActivityRecord,
  type PosterRecord,
  type PostRecord,
  type ProductRecord,
  type RelicRecord,
} from './content-writes';
import {
  messageConversationSchema,
  messageDeleteSchema,
  messageSendSchema,
  type MessageCopy,
} from './message';
import {
  notificationOpenSchema,
  pushSettingsPatchSchema,
  type NotificationItem,
  type PushSettings,
} from './notification';
import { accountLinkDeleteSchema, accountLinkUpsertSchema, type AccountLink } from './account-link';
import { jobDiaryDeleteSchema, jobDiaryUpsertSchema, type JobDiaryEntry } from './job-diary';
import { cvSaveSchema, type MemberCv } from './cv';
import { weddingUpsertSchema, type Wedding } from './wedding';
import { contactUsUpdateSchema, type ContactUsMessage } from './contact-us';
import { shortLinkDeleteSchema, shortLinkUpsertSchema, type ShortLink } from './short-link';
import { supportRequestCreateSchema, type SupportRequest } from './support';
import { bioLinkDeleteSchema, bioLinkUpsertSchema, type BioLink } from './bio-link';
import { conflictResolveSchema, type SyncConflict } from './field-merge';

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
   * The mutations whose optimistic change lands in this table, by name (`entity.verb`): each
   * with its payload schema, result type and sync-status label. The server must handle each
   * one (server/sync/server-entities.ts); a feature queues it with queueMutation.
   */
  mutations: Readonly<Record<string, AnyMutationDeclaration>>;
}

export const entities = {
  profile: {
    key: 'id',
    indexes: [],
    source: 'pull',
    reads: 'the member themself',
    mutations: {
      'profile.update': declare<MirroredProfile>()(profileUpdateSchema, {
        vi: 'Sửa hồ sơ',
        en: 'Edit profile',
      }),
      'profile.setTheme': declare<ThemeSetting>()(themeSetSchema, {
        vi: 'Đổi giao diện thẻ',
        en: 'Change card theme',
      }),
      'profile.setImage': declare<ProfileImages>()(profileSetImageSchema, {
        vi: 'Đổi ảnh hồ sơ',
        en: 'Change profile picture',
      }),
      'profile.setPushSettings': declare<PushSettings>()(pushSettingsPatchSchema, {
        vi: 'Đổi cài đặt thông báo đẩy',
        en: 'Change push notification settings',
      }),
    },
  },
  friendships: {
    key: 'id',
    indexes: ['status', 'direction', 'otherMemberId', 'updatedAt'],
    source: 'pull',
    reads: 'both members of the friendship',
    mutations: {
      'friend.add': declare<Friendship>()(friendRequestSchema, {
        vi: 'Gửi lời mời kết bạn',
        en: 'Send friend request',
      }),
      'friend.accept': declare<Friendship>()(friendRequestSchema, {
        vi: 'Chấp nhận kết bạn',
        en: 'Accept friend request',
      }),
      'friend.reject': declare<Friendship>()(friendRequestSchema, {
        vi: 'Từ chối kết bạn',
        en: 'Reject friend request',
      }),
      'friend.cancel': declare<Friendship>()(friendRequestSchema, {
        vi: 'Huỷ lời mời kết bạn',
        en: 'Cancel friend request',
      }),
      'friend.unfriend': declare<Friendship>()(friendRequestSchema, {
        vi: 'Huỷ kết bạn',
        en: 'Unfriend',
      }),
    },
  },
  contacts: {
    key: 'id',
    indexes: ['cardMemberId'],
    source: 'pull',
    reads: 'the owner of the phonebook',
    mutations: {
      'contact.upsert': declare<Contact>()(contactUpsertSchema, {
        vi: 'Lưu liên hệ',
        en: 'Save contact',
      }),
      'contact.delete': declare<Contact>()(contactDeleteSchema, {
        vi: 'Xoá liên hệ',
        en: 'Delete contact',
      }),
      'contact.exchange': declare<Contact>()(contactExchangeSchema, {
        vi: 'Trao đổi thẻ',
        en: 'Exchange cards',
      }),
    },
  },
  pointEntries: {
    key: 'id',
    // The one index screens read (a buyer's ledger at a group, or any of the buyer's entries by
    // its first half): every index is written again for each entry a booth logs, sends and
    // settles (issue 25).
    indexes: ['[buyerMemberId+sellerGroupId]'],
    source: 'pull',
    reads: 'the buyer, and the staff of the selling group',
    mutations: {
      'point.create': declare<PointEntry>()(
        pointCreateSchema,
        { vi: 'Tích điểm', en: 'Log points' },
        { answersRow: true },
      ),
    },
  },
  checkIns: {
    key: 'id',
    indexes: ['groupId', 'memberId', 'checkedInAt'],
    source: 'pull',
    reads: 'the member checked in, and the staff of the group',
    mutations: {
      'checkin.create': declare<CheckIn>()(
        checkInCreateSchema,
        { vi: 'Check-in', en: 'Check-in' },
        { answersRow: true },
      ),
    },
  },
  orderGroups: {
    key: 'id',
    indexes: ['sellerGroupId', 'buyerMemberId'],
    source: 'pull',
    reads: 'the buyer, and the staff of the selling group',
    mutations: {
      'orderGroup.upsert': declare<OrderGroupRow>()(orderGroupUpsertSchema, {
        vi: 'Lưu nhóm đơn hàng',
        en: 'Save order group',
      }),
    },
  },
  staffGroups: {
    key: 'id',
    indexes: ['groupId'],
    source: 'pull',
    reads: 'the staff member',
    mutations: {},
  },
  memberBalances: {
    key: '[memberId+groupId]',
    indexes: ['memberId', 'groupId'],
    source: 'rest',
    reads: 'the member (balances as the points answers last gave them)',
    mutations: {},
  },
  notifications: {
    key: 'id',
    indexes: ['createdAt', 'openedAt', 'kind'],
    source: 'pull',
    reads: 'the member notified',
    mutations: {
      'notification.open': declare<NotificationItem>()(notificationOpenSchema, {
        vi: 'Mở thông báo',
        en: 'Open notification',
      }),
    },
  },
  messages: {
    key: 'id',
    indexes: ['[groupMessageId+sentAt]'],
    source: 'pull',
    reads: "the member's own copies",
    mutations: {
      'message.send': declare<MessageCopy>()(messageSendSchema, {
        vi: 'Gửi lời nhắn',
        en: 'Send message',
      }),
      'message.read': declare<{ read: number }>()(messageConversationSchema, {
        vi: 'Đánh dấu đã đọc',
        en: 'Mark as read',
      }),
      'message.hide': declare<{ hidden: number }>()(messageConversationSchema, {
        vi: 'Ẩn cuộc trò chuyện',
        en: 'Hide conversation',
      }),
      'message.delete': declare<MessageCopy>()(messageDeleteSchema, {
        vi: 'Xoá lời nhắn',
        en: 'Delete message',
      }),
    },
  },
  jobDiary: {
    key: 'id',
    indexes: ['date', 'createdAt'],
    source: 'pull',
    reads: 'the member',
    mutations: {
      'jobDiary.upsert': declare<JobDiaryEntry>()(jobDiaryUpsertSchema, {
        vi: 'Lưu nhật ký công việc',
        en: 'Save job diary entry',
      }),
      'jobDiary.delete': declare<JobDiaryEntry>()(jobDiaryDeleteSchema, {
        vi: 'Xoá nhật ký công việc',
        en: 'Delete job diary entry',
      }),
    },
  },
  cvs: {
    key: 'id',
    indexes: [],
    source: 'pull',
    reads: 'the member',
    mutations: {
      'cv.save': declare<MemberCv>()(cvSaveSchema, { vi: 'Lưu CV', en: 'Save CV' }),
    },
  },
  accountLinks: {
    key: 'id',
    indexes: ['memberId', 'kind', 'ordinal'],
    source: 'pull',
    reads: 'the member',
    mutations: {
      'accountLink.upsert': declare<AccountLink>()(accountLinkUpsertSchema, {
        vi: 'Lưu ngân hàng, liên kết hoặc video',
        en: 'Save bank account, link or video',
      }),
      'accountLink.delete': declare<AccountLink>()(accountLinkDeleteSchema, {
        vi: 'Xoá ngân hàng, liên kết hoặc video',
        en: 'Delete bank account, link or video',
      }),
    },
  },
  shortLinks: {
    key: 'id',
    indexes: ['memberId', 'slug', 'createdAt'],
    source: 'pull',
    reads: 'the member',
    mutations: {
      'shortLink.upsert': declare<ShortLink>()(shortLinkUpsertSchema, {
        vi: 'Lưu đường dẫn rút gọn',
        en: 'Save short link',
      }),
      'shortLink.delete': declare<ShortLink>()(shortLinkDeleteSchema, {
        vi: 'Xoá đường dẫn rút gọn',
        en: 'Delete short link',
      }),
    },
  },
  bioLinks: {
    key: 'id',
    indexes: ['memberId', 'ordinal'],
    source: 'pull',
    reads: 'the member',
    mutations: {
      'bioLink.upsert': declare<BioLink>()(bioLinkUpsertSchema, {
        vi: 'Lưu liên kết trang bio',
        en: 'Save bio link',
      }),
      'bioLink.delete': declare<BioLink>()(bioLinkDeleteSchema, {
        vi: 'Xoá liên kết trang bio',
        en: 'Delete bio link',
      }),
    },
  },
  supportRequests: {
    key: 'id',
    indexes: ['memberId', 'createdAt'],
    source: 'pull',
    reads: 'the member who asked',
    mutations: {
      'supportRequest.create': declare<SupportRequest>()(supportRequestCreateSchema, {
        vi: 'Gửi yêu cầu hỗ trợ',
        en: 'Send support request',
      }),
    },
  },
  posts: {
    key: 'id',
    indexes: ['memberId', 'groupId', 'updatedAt'],
    source: 'pull',
    reads: 'the author, and the owner and active admins of its brand',
    mutations: {
      'post.upsert': declare<PostRecord>()(postUpsertSchema, {
        vi: 'Lưu bài viết',
        en: 'Save post',
      }),
      'post.delete': declare<PostRecord>()(contentDeleteSchema, {
        vi: 'Xoá bài viết',
        en: 'Delete post',
      }),
    },
  },
  products: {
    key: 'id',
    indexes: ['memberId', 'groupId', 'updatedAt'],
    source: 'pull',
    reads: 'the author, and the owner and active admins of its brand',
    mutations: {
      'product.upsert': declare<ProductRecord>()(productUpsertSchema, {
        vi: 'Lưu sản phẩm',
        en: 'Save product',
      }),
      'product.delete': declare<ProductRecord>()(contentDeleteSchema, {
        vi: 'Xoá sản phẩm',
        en: 'Delete product',
      }),
    },
  },
  activities: {
    key: 'id',
    indexes: ['memberId', 'groupId', 'updatedAt'],
    source: 'pull',
    reads: 'the author, and the owner and active admins of its brand',
    mutations: {
      'activity.upsert': declare<ActivityRecord>()(activityUpsertSchema, {
        vi: 'Lưu hoạt động',
        en: 'Save activity',
      }),
      'activity.delete': declare<ActivityRecord>()(contentDeleteSchema, {
        vi: 'Xoá hoạt động',
        en: 'Delete activity',
      }),
    },
  },
  relics: {
    key: 'id',
    indexes: ['memberId', 'groupId', 'updatedAt'],
    source: 'pull',
    reads: 'the author, and the owner and active admins of its brand',
    mutations: {
      'relic.upsert': declare<RelicRecord>()(relicUpsertSchema, {
        vi: 'Lưu kỷ vật',
        en: 'Save relic',
      }),
      'relic.delete': declare<RelicRecord>()(contentDeleteSchema, {
        vi: 'Xoá kỷ vật',
        en: 'Delete relic',
      }),
    },
  },
  posters: {
    key: 'id',
    indexes: ['memberId', 'groupId', 'updatedAt'],
    source: 'pull',
    reads: 'the author, and the owner and active admins of its brand',
    mutations: {
      'poster.upsert': declare<PosterRecord>()(posterUpsertSchema, {
        vi: 'Lưu poster',
        en: 'Save poster',
      }),
      'poster.delete': declare<PosterRecord>()(contentDeleteSchema, {
        vi: 'Xoá poster',
        en: 'Delete poster',
      }),
    },
  },
  weddings: {
    key: 'id',
    indexes: ['memberId', 'updatedAt'],
    source: 'pull',
    reads: 'the couple (the member who made it)',
    mutations: {
      'wedding.upsert': declare<Wedding>()(weddingUpsertSchema, {
        vi: 'Lưu thiệp cưới',
        en: 'Save wedding invitation',
      }),
    },
  },
  weddingGuests: {
    key: 'id',
    indexes: ['weddingId', 'memberId', 'createdAt'],
    source: 'pull',
    reads: 'the couple of the wedding',
    mutations: {},
  },
  contactUs: {
    key: 'id',
    indexes: ['memberId', 'createdAt'],
    source: 'pull',
    reads: 'the member whose page received it',
    mutations: {
      'contactUs.update': declare<ContactUsMessage>()(contactUsUpdateSchema, {
        vi: 'Cập nhật liên hệ',
        en: 'Update contact request',
      }),
    },
  },
  groupRoster: {
    key: 'id',
    indexes: ['groupId', 'memberId', 'urlMinify', 'phone'],
    source: 'pull',
    reads: 'the staff of the group (its members and customers)',
    mutations: {},
  },
  discountGroups: {
    key: 'id',
    indexes: ['groupId', 'updatedAt'],
    source: 'pull',
    reads: 'the active members of the group',
    mutations: {},
  },
  conflicts: {
    key: 'id',
    indexes: ['[entity+rowId]'],
    source: 'pull',
    reads: 'the member whose write lost',
    mutations: {
      'conflict.resolve': declare<SyncConflict>()(conflictResolveSchema, {
        vi: 'Chọn bản giữ lại',
        en: 'Choose the version to keep',
      }),
    },
  },
  savedCards: {
    key: 'id',
    indexes: ['urlMinify', 'savedAt'],
    source: 'device',
    reads: 'this device',
    mutations: {},
  },
  exploreDirectories: {
    key: 'agencyId',
    indexes: [],
    source: 'device',
    reads: 'this device',
    mutations: {},
  },
  outbox: {
    key: 'id',
    indexes: ['&seq', 'state', '[table+rowKey]', 'notBefore'],
    source: 'device',
    reads: 'this device (sent by the member who queued it)',
    mutations: {},
  },
  pendingImages: {
    key: 'id',
    indexes: ['memberId', 'state', 'createdAt'],
    source: 'device',
    reads: 'this device',
    mutations: {},
  },
  serverShadows: {
    key: 'id',
    indexes: [],
    source: 'device',
    reads: 'this device',
    mutations: {},
  },
  syncState: {
    key: 'key',
    indexes: [],
    source: 'device',
    reads: 'this device',
    mutations: {},
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
