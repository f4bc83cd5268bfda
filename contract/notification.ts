import * as v from 'valibot';
import { pageSchema, uuidSchema } from './common';
import type { Lang } from './messages';

// Notifications (spec §7 Notifications and push). The server makes them (one emitter); each
// names its kind, who caused it and what it is about; the text is worded where it is shown,
// in the reader's language, by notificationText (the app, the service worker, the push sender).

export const notificationKinds = [
  'message',
  'friend_request',
  'friend_accepted',
  'points_added',
  'points_deducted',
  'contact_us',
  'wedding_rsvp',
  'card_exchange',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Which push setting a kind falls under (issue: messages, friends, points). */
export const pushTopicOf: Record<NotificationKind, PushTopic> = {
  message: 'messages',
  friend_request: 'friends',
  friend_accepted: 'friends',
  points_added: 'points',
  points_deducted: 'points',
  contact_us: 'messages',
  wedding_rsvp: 'messages',
  card_exchange: 'friends',
};
export const pushTopics = ['messages', 'friends', 'points'] as const;
export type PushTopic = (typeof pushTopics)[number];
export type PushSettings = Record<PushTopic, boolean>;

export const pushSettingsSchema = v.object({
  messages: v.boolean('invalid_value'),
  friends: v.boolean('invalid_value'),
  points: v.boolean('invalid_value'),
});

/** Everything pushes until the member turns a topic off. */
export const defaultPushSettings: PushSettings = { messages: true, friends: true, points: true };

/** The stored choices with the defaults filled in (a topic never chosen pushes). */
export function pushSettingsWithDefaults(
  stored: Partial<Record<string, unknown>> | null | undefined,
): PushSettings {
  const pick = (topic: PushTopic) =>
    typeof stored?.[topic] === 'boolean' ? stored[topic] : defaultPushSettings[topic];
  return { messages: pick('messages'), friends: pick('friends'), points: pick('points') };
}

/**
 * profile.setPushSettings: the topics it names, kept with the member's profile (per topic, the
 * last write wins, like every profile field: decision 0662).
 */
export const pushSettingsPatchSchema = v.strictObject(
  {
    messages: v.optional(v.boolean('invalid_value')),
    friends: v.optional(v.boolean('invalid_value')),
    points: v.optional(v.boolean('invalid_value')),
  },
  'invalid_value',
);
export type PushSettingsPatch = v.InferOutput<typeof pushSettingsPatchSchema>;

/** A notification as the API returns it and the client mirrors it. */
export interface NotificationItem {
  id: string;
  memberId: string;
  agencyId: string | null;
  kind: NotificationKind;
  actorMemberId: string | null;
  actorName: string | null;
  subjectId: string | null;
  /** Where opening it goes (an app path). */
  link: string | null;
  params: Record<string, string | number>;
  openedAt: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  changeSeq?: number;
}

/** notification.open: marks one of the caller's notifications opened. */
export const notificationOpenSchema = v.object({ id: uuidSchema });

export const notificationListQuerySchema = v.object({
  memberId: v.optional(uuidSchema),
  agencyId: v.optional(uuidSchema),
  page: pageSchema,
});

/** PUT /fcmToken: a device's FCM token, or a Web Push subscription as JSON text. */
export const pushTokenSchema = v.object({
  memberId: v.optional(uuidSchema),
  token: v.pipe(
    v.string('push_token_required'),
    v.trim(),
    v.nonEmpty('push_token_required'),
    v.maxLength(4096, 'too_long'),
  ),
});
export const pushTokenDeleteSchema = v.object({ token: pushTokenSchema.entries.token });

const texts: Record<NotificationKind, Record<Lang, { title: string; body: string }>> = {
  message: {
    vi: { title: 'Lời nhắn mới', body: '{actor}: {preview}' },
    en: { title: 'New message', body: '{actor}: {preview}' },
  },
  friend_request: {
    vi: { title: 'Lời mời kết bạn', body: '{actor} muốn kết bạn với bạn' },
    en: { title: 'Friend request', body: '{actor} wants to be your friend' },
  },
  friend_accepted: {
    vi: { title: 'Đã kết bạn', body: '{actor} đã chấp nhận lời mời kết bạn' },
    en: { title: 'Friend request accepted', body: '{actor} accepted your friend request' },
  },
  points_added: {
    vi: { title: 'Cộng điểm', body: 'Bạn được cộng {points} điểm tại {group}' },
    en: { title: 'Points added', body: 'You received {points} points at {group}' },
  },
  points_deducted: {
    vi: { title: 'Trừ điểm', body: 'Bạn đã dùng {points} điểm tại {group}' },
    en: { title: 'Points used', body: 'You used {points} points at {group}' },
  },
  contact_us: {
    vi: { title: 'Liên hệ mới', body: '{actor} đã gửi thông tin liên hệ' },
    en: { title: 'New contact request', body: '{actor} sent a contact request' },
  },
  wedding_rsvp: {
    vi: { title: 'Phản hồi thiệp cưới', body: '{actor} đã phản hồi lời mời' },
    en: { title: 'Wedding reply', body: '{actor} replied to the invitation' },
  },
  card_exchange: {
    vi: { title: 'Trao đổi thẻ', body: '{actor} đã gửi thẻ cho bạn và lưu thẻ của bạn' },
    en: { title: 'Card exchange', body: '{actor} sent you their card and saved yours' },
  },
};

/** Title and body of a notification in a language (numbers with dot thousands, §9). */
export function notificationText(
  n: Pick<NotificationItem, 'kind' | 'actorName' | 'params'>,
  lang: Lang,
): { title: string; body: string } {
  const text = (texts[n.kind] ?? texts.message)[lang];
  const values: Record<string, string | number> = {
    actor: n.actorName ?? (lang === 'en' ? 'Someone' : 'Ai đó'),
    ...n.params,
  };
  const fill = (s: string) =>
    s.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = values[name];
      if (value === undefined) return whole;
      return typeof value === 'number'
        ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
        : value;
    });
  return { title: fill(text.title), body: fill(text.body) };
}

/** What a push carries: enough to show it and to write the row before the app opens. */
export interface PushPayload {
  title: string;
  body: string;
  /** Collapses repeats (one per conversation or kind). */
  tag: string;
  link: string;
  icon: string;
  notification: NotificationItem;
}
