// Sends waiting push jobs. Every server process listens for 'push_pending' (the push_jobs
// insert trigger, after commit) and also looks every half minute; a job is claimed with
// FOR UPDATE SKIP LOCKED, so however many processes wake, each push leaves once.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { members } from '../db/schema';
import { notifications, pushJobs, pushTokens } from '../db/schema-messages';
import type { Logger } from '../http/logger';
import { notificationForClient } from '../domain/notifications';
import {
  notificationText,
  type NotificationItem,
  type PushPayload,
} from '../../contract/notification';
import type { Lang } from '../../contract/messages';
import type { PushConfig } from './push-config';
import { sendPush, type SendOutcome } from './push-senders';
import { pushSends } from '../http/metrics';

export const pushPendingChannel = 'push_pending';
const maxAttempts = 5;

export function pushPayloadOf(item: NotificationItem, lang: Lang): PushPayload {
  const { title, body } = notificationText(item, lang);
  return {
    title,
    body,
    // Repeats about one subject (a conversation) replace each other on the device.
    tag: `${item.kind}-${item.subjectId ?? item.id}`,
    link: item.link ?? '/notifications',
    icon: '/icons/icon-192.png',
    notification: item,
  };
}

export interface PushDispatcher {
  /** Sends what is due now; resolves when nothing more is claimable. */
  drain(): Promise<number>;
  /** No new rounds; resolves when the sends in flight are done (before the database closes). */
  stop(): Promise<void>;
}

export function startPushDispatcher(
  database: DatabaseHandle,
  config: PushConfig | undefined,
  logger: Logger,
  send: typeof sendPush = sendPush,
): PushDispatcher {
  const db = database.db;
  let stopped = false;
  let running: Promise<number> | undefined;
  let again = false;

  async function drainOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const handled = await db.transaction(async (tx) => {
        const jobs = await tx
          .select()
          .from(pushJobs)
          .where(lte(pushJobs.notBefore, sql`now()`))
          .orderBy(asc(pushJobs.createdAt))
          .limit(20)
          .for('update', { skipLocked: true });
        if (jobs.length === 0) return 0;
        const ids = jobs.map((j) => j.notificationId);
        const rows = await tx.select().from(notifications).where(inArray(notifications.id, ids));
        const byId = new Map(rows.map((r) => [r.id, notificationForClient(r)]));
        const memberIds = [...new Set(jobs.map((j) => j.memberId))];
        const tokens = await tx
          .select()
          .from(pushTokens)
          .where(inArray(pushTokens.memberId, memberIds));
        const langs = new Map(
          (
            await tx
              .select({ id: members.id, language: members.language })
              .from(members)
              .where(inArray(members.id, memberIds))
          ).map((m) => [m.id, m.language === 'EN' ? ('en' as const) : ('vi' as const)]),
        );
        for (const job of jobs) {
          const item = byId.get(job.notificationId);
          const own = tokens.filter((t) => t.memberId === job.memberId);
          const outcomes: SendOutcome[] = [];
          if (item && item.openedAt === null) {
            const payload = pushPayloadOf(item, langs.get(job.memberId) ?? 'vi');
            for (const token of own) {
              const outcome = await send(token.token, payload, config);
              pushSends.inc({ outcome });
              outcomes.push(outcome);
              if (outcome === 'gone') {
                await tx.delete(pushTokens).where(eq(pushTokens.token, token.token));
              }
            }
          }
          if (outcomes.includes('retry') && job.attempts + 1 < maxAttempts) {
            await tx
              .update(pushJobs)
              .set({
                attempts: job.attempts + 1,
                notBefore: sql`now() + make_interval(secs => ${30 * 2 ** job.attempts})`,
              })
              .where(eq(pushJobs.notificationId, job.notificationId));
          } else {
            await tx.delete(pushJobs).where(eq(pushJobs.notificationId, job.notificationId));
            sent += outcomes.filter((o) => o === 'sent').length;
          }
        }
        return jobs.length;
      });
      if (handled === 0 || stopped) return sent;
    }
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drainOnce();
      } while (again && !stopped);
      return total;
    })()
      .catch((error: unknown) => {
        if (!stopped) logger.warn('push sending failed', { error: String(error) });
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  database
    .listen(pushPendingChannel, {
      onMessage: () => void drain(),
      onListening: (listening) => {
        if (listening) void drain();
      },
    })
    .catch((error: unknown) => {
      logger.warn('push jobs are picked up by the timer only', { error: String(error) });
    });
  const timer = setInterval(() => void drain(), 30_000);
  timer.unref();

  return {
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** Forgets a member's jobs that can no longer be sent (used when the last address goes). */
export async function dropJobsWithoutAddress(
  database: DatabaseHandle,
  memberId: string,
): Promise<void> {
  await database.db
    .delete(pushJobs)
    .where(
      and(
        eq(pushJobs.memberId, memberId),
        sql`NOT EXISTS (SELECT 1 FROM push_tokens t WHERE t.member_id = ${memberId})`,
      ),
    );
}
