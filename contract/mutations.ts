// Every mutation the client queues offline and the server applies, declared ONCE (decision 0205).
//
// To add a mutation:
//   1. write its payload schema next to its entity in contract/ (e.g. contract/points.ts);
//   2. declare it below: `'entity.verb': declare<ResultType>()(payloadSchema, { vi, en })`;
//   3. give it a handler in server/sync/mutation-handlers.ts (tsc fails until it has one);
//   4. queue it from a feature with queueMutation({ name: 'entity.verb', payload, ... }).
// tests/unit/mutation-registry.test.ts fails when a name lacks a schema, a label or a server
// handler, or when the server handles a name not declared here.
import type * as v from 'valibot';
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
import type { Lang } from './messages';

export interface MutationDeclaration<S extends v.GenericSchema, R> {
  /** Payload schema: the server validates with it; the client's payload type is its input. */
  schema: S;
  /** What the sync-status panel calls a queued entry of this mutation. */
  label: Record<Lang, string>;
  /** Type only (never set): what the server's handler answers. */
  readonly result?: R;
}

/** Declares a mutation; the result type is given first, the schema's types are inferred. */
function declare<R>() {
  return <S extends v.GenericSchema>(
    schema: S,
    label: Record<Lang, string>,
  ): MutationDeclaration<S, R> => ({ schema, label });
}

export const mutations = {
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
  'point.create': declare<PointEntry>()(pointCreateSchema, {
    vi: 'Tích điểm',
    en: 'Log points',
  }),
  'checkin.create': declare<CheckIn>()(checkInCreateSchema, {
    vi: 'Check-in',
    en: 'Check-in',
  }),
  'orderGroup.upsert': declare<OrderGroupRow>()(orderGroupUpsertSchema, {
    vi: 'Lưu nhóm đơn hàng',
    en: 'Save order group',
  }),
  'profile.setTheme': declare<ThemeSetting>()(themeSetSchema, {
    vi: 'Đổi giao diện thẻ',
    en: 'Change card theme',
  }),
  'profile.update': declare<MirroredProfile>()(profileUpdateSchema, {
    vi: 'Sửa hồ sơ',
    en: 'Edit profile',
  }),
  'profile.setImage': declare<ProfileImages>()(profileSetImageSchema, {
    vi: 'Đổi ảnh hồ sơ',
    en: 'Change profile picture',
  }),
  'profile.setPushSettings': declare<PushSettings>()(pushSettingsPatchSchema, {
    vi: 'Đổi cài đặt thông báo đẩy',
    en: 'Change push notification settings',
  }),
  'post.upsert': declare<PostRecord>()(postUpsertSchema, { vi: 'Lưu bài viết', en: 'Save post' }),
  'post.delete': declare<PostRecord>()(contentDeleteSchema, {
    vi: 'Xoá bài viết',
    en: 'Delete post',
  }),
  'product.upsert': declare<ProductRecord>()(productUpsertSchema, {
    vi: 'Lưu sản phẩm',
    en: 'Save product',
  }),
  'product.delete': declare<ProductRecord>()(contentDeleteSchema, {
    vi: 'Xoá sản phẩm',
    en: 'Delete product',
  }),
  'activity.upsert': declare<ActivityRecord>()(activityUpsertSchema, {
    vi: 'Lưu hoạt động',
    en: 'Save activity',
  }),
  'activity.delete': declare<ActivityRecord>()(contentDeleteSchema, {
    vi: 'Xoá hoạt động',
    en: 'Delete activity',
  }),
  'relic.upsert': declare<RelicRecord>()(relicUpsertSchema, {
    vi: 'Lưu kỷ vật',
    en: 'Save relic',
  }),
  'relic.delete': declare<RelicRecord>()(contentDeleteSchema, {
    vi: 'Xoá kỷ vật',
    en: 'Delete relic',
  }),
  'poster.upsert': declare<PosterRecord>()(posterUpsertSchema, {
    vi: 'Lưu poster',
    en: 'Save poster',
  }),
  'poster.delete': declare<PosterRecord>()(contentDeleteSchema, {
    vi: 'Xoá poster',
    en: 'Delete poster',
  }),
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
  'notification.open': declare<NotificationItem>()(notificationOpenSchema, {
    vi: 'Mở thông báo',
    en: 'Open notification',
  }),
  'accountLink.upsert': declare<AccountLink>()(accountLinkUpsertSchema, {
    vi: 'Lưu ngân hàng, liên kết hoặc video',
    en: 'Save bank account, link or video',
  }),
  'accountLink.delete': declare<AccountLink>()(accountLinkDeleteSchema, {
    vi: 'Xoá ngân hàng, liên kết hoặc video',
    en: 'Delete bank account, link or video',
  }),
  'jobDiary.upsert': declare<JobDiaryEntry>()(jobDiaryUpsertSchema, {
    vi: 'Lưu nhật ký công việc',
    en: 'Save job diary entry',
  }),
  'jobDiary.delete': declare<JobDiaryEntry>()(jobDiaryDeleteSchema, {
    vi: 'Xoá nhật ký công việc',
    en: 'Delete job diary entry',
  }),
  'cv.save': declare<MemberCv>()(cvSaveSchema, { vi: 'Lưu CV', en: 'Save CV' }),
  'wedding.upsert': declare<Wedding>()(weddingUpsertSchema, {
    vi: 'Lưu thiệp cưới',
    en: 'Save wedding invitation',
  }),
  'contactUs.update': declare<ContactUsMessage>()(contactUsUpdateSchema, {
    vi: 'Cập nhật liên hệ',
    en: 'Update contact request',
  }),
  'shortLink.upsert': declare<ShortLink>()(shortLinkUpsertSchema, {
    vi: 'Lưu đường dẫn rút gọn',
    en: 'Save short link',
  }),
  'shortLink.delete': declare<ShortLink>()(shortLinkDeleteSchema, {
    vi: 'Xoá đường dẫn rút gọn',
    en: 'Delete short link',
  }),
  'supportRequest.create': declare<SupportRequest>()(supportRequestCreateSchema, {
    vi: 'Gửi yêu cầu hỗ trợ',
    en: 'Send support request',
  }),
  'bioLink.upsert': declare<BioLink>()(bioLinkUpsertSchema, {
    vi: 'Lưu liên kết trang bio',
    en: 'Save bio link',
  }),
  'conflict.resolve': declare<SyncConflict>()(conflictResolveSchema, {
    vi: 'Chọn bản giữ lại',
    en: 'Choose the version to keep',
  }),
  'bioLink.delete': declare<BioLink>()(bioLinkDeleteSchema, {
    vi: 'Xoá liên kết trang bio',
    en: 'Delete bio link',
  }),
} as const satisfies Record<string, MutationDeclaration<v.GenericSchema, unknown>>;

type Mutations = typeof mutations;
export type MutationName = keyof Mutations;
export type MutationSchema<N extends MutationName> = Mutations[N]['schema'];
/** What the client queues (the schema's input). */
export type MutationPayload<N extends MutationName> = v.InferInput<MutationSchema<N>>;
/** What the server's handler receives (the schema's output). */
export type MutationInput<N extends MutationName> = v.InferOutput<MutationSchema<N>>;
/** What the server's handler answers. */
export type MutationResult<N extends MutationName> =
  Mutations[N] extends MutationDeclaration<v.GenericSchema, infer R> ? R : never;

export const mutationNames = Object.keys(mutations) as MutationName[];

export function isMutationName(name: string): name is MutationName {
  return Object.hasOwn(mutations, name);
}

/** The sync-status label of a queued entry; entries of a name no longer declared get a generic one. */
export function mutationLabel(name: string, lang: Lang): string {
  if (isMutationName(name)) return mutations[name].label[lang];
  return lang === 'en' ? 'Change' : 'Thay đổi';
}
