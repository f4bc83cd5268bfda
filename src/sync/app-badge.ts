// The app icon's badge (Badging API, issue 30): unread messages, unopened notifications and
// friend requests waiting for an answer, counted from the device store. The pages set it when
// the store changes (read, opened, pulled); the worker sets it when a push arrives.
import type { AppDb } from '../db/app-db';

/**
 * What is waiting for the member on this device. A new message or friend request usually has an
 * unopened notification too (a push stores only that): it counts once.
 */
export async function unreadTotal(db: AppDb): Promise<number> {
  const [notifications, messages, requests] = await Promise.all([
    db.notifications.filter((n) => n.openedAt === null && n.deletedAt === null).toArray(),
    // Each copy belongs to one member (its owner): unread are those others sent them.
    db.messages
      .filter(
        (c) =>
          c.senderMemberId !== c.ownerMemberId &&
          c.readAt === null &&
          c.hiddenAt === null &&
          c.deletedAt === null,
      )
      .toArray(),
    db.friendships
      .filter((f) => f.status === 'pending' && f.direction === 'received' && !f.deletedAt)
      .toArray(),
  ]);
  const notifiedConversations = new Set(
    notifications.filter((n) => n.kind === 'message').map((n) => n.subjectId),
  );
  const notifiedRequesters = new Set(
    notifications.filter((n) => n.kind === 'friend_request').map((n) => n.actorMemberId),
  );
  return (
    notifications.length +
    messages.filter((m) => !notifiedConversations.has(m.groupMessageId)).length +
    requests.filter((r) => !notifiedRequesters.has(r.otherMemberId)).length
  );
}

interface BadgingNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** Shows the count on the app icon where the platform has badges (0 clears it). */
export async function showOnAppBadge(count: number, nav: BadgingNavigator): Promise<void> {
  try {
    if (count > 0) await nav.setAppBadge?.(count);
    else await nav.clearAppBadge?.();
  } catch {
    // Not installed, or not allowed: the badge is a hint, the lists carry the counts.
  }
}
