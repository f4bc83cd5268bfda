// Notifications: the one function every event calls to tell a member (emitNotification), the
// notification.open mutation, the reads of the routes and the pull source of `notifications`.
// A notification is a row: it reaches open apps by the live poke (its insert trigger) and the
// pull, closed apps by a push job that any server process sends after commit (server/push).
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../db/client';
import { members } from '../db/schema';
import { insertRows } from '../db/insert-rows';
import { notifications, pushJobs, pushTokens } from '../db/schema-messages';
import { ApiError } from '../http/errors';
import type { MutationHandler, PullSource } from '../sync/registry';
import {
  pushSettingsWithDefaults,
  pushTopicOf,
  type NotificationItem,
  type NotificationKind,
  type PushSettings,
} from '../../contract/notification';

type NotificationRow = typeof notifications.$inferSelect;

export function notificationForClient(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    memberId: row.memberId,
    agencyId: row.agencyId,
    kind: row.kind as NotificationKind,
    actorMemberId: row.actorMemberId,
    actorName: row.actorName,
    subjectId: row.subjectId,
    link: row.link,
    params: row.params,
    openedAt: row.openedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
    changeSeq: row.changeSeq,
  };
}

export interface NotificationEvent {
  /** Who is told. */
  memberId: string;
  kind: NotificationKind;
  /** Who caused it (its name is kept on the row, as it was then). */
  actorMemberId?: string | null;
  /**
   * A name for an actor who is not a member (a contact-us or RSVP visitor), or the member
   * actor's name when the caller has just read it (not looked up again).
   */
  actorName?: string | null;
  /** What it is about (a conversation, a friendship, a ledger entry…). */
  subjectId?: string | null;
  /** The app path opening it goes to. */
  link?: string | null;
  params?: Record<string, string | number>;
  agencyId?: string | null;
}

/** The member's push settings, kept with their profile (a topic never chosen pushes). */
export async function pushSettingsOf(db: Queryable, memberId: string): Promise<PushSettings> {
  return (await pushSettingsOfMany(db, [memberId])).get(memberId) ?? pushSettingsWithDefaults({});
}

async function pushSettingsOfMany(
  db: Queryable,
  memberIds: string[],
): Promise<Map<string, PushSettings>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ id: members.id, pushSettings: members.pushSettings })
    .from(members)
    .where(inArray(members.id, memberIds));
  return new Map(rows.map((r) => [r.id, pushSettingsWithDefaults(r.pushSettings)]));
}

/**
 * profile.setPushSettings: writes the topics the patch names into the caller's profile row
 * (one statement, so two devices changing two topics both stand) and answers all of them.
 */
export const setPushSettings: MutationHandler<'profile.setPushSettings'> = {
  async run(tx, ctx, input) {
    const patch = Object.fromEntries(
      Object.entries(input).filter(([, value]) => typeof value === 'boolean'),
    );
    const [row] =
      Object.keys(patch).length === 0
        ? await tx
            .select({ pushSettings: members.pushSettings, deletedAt: members.deletedAt })
            .from(members)
            .where(eq(members.id, ctx.memberId))
        : await tx
            .update(members)
            .set({ pushSettings: sql`${members.pushSettings} || ${JSON.stringify(patch)}::jsonb` })
            .where(and(eq(members.id, ctx.memberId), isNull(members.deletedAt)))
            .returning({ pushSettings: members.pushSettings, deletedAt: members.deletedAt });
    if (!row || row.deletedAt !== null) throw new ApiError(404, 'not_found');
    return pushSettingsWithDefaults(row.pushSettings);
  },
};

/**
 * Tells members about events, inside the caller's transaction: one notification row each
 * (which pokes their open apps on commit) and a push job for those with a push address whose
 * settings allow the kind. Nothing is sent before the transaction commits.
 */
export async function emitNotifications(
  tx: Transaction,
  events: readonly NotificationEvent[],
): Promise<void> {
  if (events.length === 0) return;
  // Names the caller already knows are not looked up again.
  const actorIds = [
    ...new Set(
      events
        .filter((e) => e.actorName == null)
        .map((e) => e.actorMemberId)
        .filter((id): id is string => !!id),
    ),
  ];
  const names = new Map(
    actorIds.length === 0
      ? []
      : (
          await tx
            .select({ id: members.id, name: members.name })
            .from(members)
            .where(inArray(members.id, actorIds))
        ).map((m) => [m.id, m.name]),
  );
  // Ids made here: the push jobs name their notification without reading the rows back
  // (a booth's run of 100 point entries writes 100 notifications at once).
  const rows = events.map((e) => ({
    id: randomUUID(),
    memberId: e.memberId,
    agencyId: e.agencyId ?? null,
    kind: e.kind,
    actorMemberId: e.actorMemberId ?? null,
    actorName: e.actorName ?? (e.actorMemberId ? (names.get(e.actorMemberId) ?? null) : null),
    subjectId: e.subjectId ?? null,
    link: e.link ?? null,
    params: e.params ?? {},
  }));
  await insertRows(tx, notifications, rows);
  const receivers = [...new Set(rows.map((r) => r.memberId))];
  const withAddress = new Set(
    (
      await tx
        .selectDistinct({ memberId: pushTokens.memberId })
        .from(pushTokens)
        .where(inArray(pushTokens.memberId, receivers))
    ).map((r) => r.memberId),
  );
  const jobs: { notificationId: string; memberId: string }[] = [];
  const settings = await pushSettingsOfMany(tx, [...withAddress]);
  for (const row of rows) {
    const own = settings.get(row.memberId);
    if (!withAddress.has(row.memberId) || !own) continue;
    if (own[pushTopicOf[row.kind] ?? 'messages']) {
      jobs.push({ notificationId: row.id, memberId: row.memberId });
    }
  }
  if (jobs.length > 0) await tx.insert(pushJobs).values(jobs);
}

/** One event (see emitNotifications). */
export async function emitNotification(tx: Transaction, event: NotificationEvent): Promise<void> {
  await emitNotifications(tx, [event]);
}

/** A member's live notifications, newest first. */
export async function liveNotifications(
  db: Queryable,
  memberId: string,
  options: { agencyId?: string | undefined; limit?: number; offset?: number } = {},
): Promise<NotificationRow[]> {
  const conditions = [eq(notifications.memberId, memberId), isNull(notifications.deletedAt)];
  if (options.agencyId) conditions.push(eq(notifications.agencyId, options.agencyId));
  const query = db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit).offset(options.offset ?? 0);
  return query;
}

export async function notificationCounts(
  db: Queryable,
  memberId: string,
): Promise<{ total: number; unopened: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unopened: sql<number>`count(*) FILTER (WHERE ${notifications.openedAt} IS NULL)::int`,
    })
    .from(notifications)
    .where(and(eq(notifications.memberId, memberId), isNull(notifications.deletedAt)));
  return { total: Number(row?.total ?? 0), unopened: Number(row?.unopened ?? 0) };
}

/** Opens one of the caller's notifications; someone else's is 403, a missing one 404. */
export const openNotification: MutationHandler<'notification.open'> = {
  async run(tx, ctx, input) {
    const [row] = await tx
      .select()
      .from(notifications)
      .where(eq(notifications.id, input.id))
      .for('update');
    if (!row || row.deletedAt !== null) throw new ApiError(404, 'not_found');
    if (row.memberId !== ctx.memberId) throw new ApiError(403, 'forbidden');
    if (row.openedAt !== null) return notificationForClient(row);
    const [opened] = await tx
      .update(notifications)
      .set({ openedAt: ctx.now.toISOString() })
      .where(eq(notifications.id, row.id))
      .returning();
    if (!opened) throw new ApiError(409, 'conflict');
    return notificationForClient(opened);
  },
};

/** Opening a conversation opens its message notifications too. */
export async function openMessageNotifications(
  tx: Transaction,
  memberId: string,
  groupMessageId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(notifications)
    .set({ openedAt: now.toISOString() })
    .where(
      and(
        eq(notifications.memberId, memberId),
        eq(notifications.kind, 'message'),
        eq(notifications.subjectId, groupMessageId),
        isNull(notifications.openedAt),
      ),
    );
}

export const notificationsPullSource: PullSource<'notifications'> = {
  entity: 'notifications',
  table: notifications,
  scope: (memberId) => sql`${notifications.memberId} = ${memberId}`,
  toClient: (rows) => Promise.resolve((rows as NotificationRow[]).map(notificationForClient)),
};

/** This device's push address now belongs to the member (a token moves with its device). */
export async function savePushToken(
  db: Queryable,
  token: string,
  memberId: string,
  now: string,
): Promise<void> {
  await db
    .insert(pushTokens)
    .values({ token, memberId })
    .onConflictDoUpdate({ target: pushTokens.token, set: { memberId, updatedAt: now } });
}

/** Forgets the member's address; someone else's is left as it is. Answers how many went. */
export async function forgetPushToken(
  db: Queryable,
  token: string,
  memberId: string,
): Promise<number> {
  const deleted = await db
    .delete(pushTokens)
    .where(and(eq(pushTokens.token, token), eq(pushTokens.memberId, memberId)))
    .returning({ token: pushTokens.token });
  return deleted.length;
}
