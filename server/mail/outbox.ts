// The mail/SMS outbox: a message is written in the transaction that creates its code or link,
// then handed to the transport after commit. Failures stay in the table with their error.
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { mailOutbox } from '../db/schema-auth';
import type { Logger } from '../http/logger';
import type { MailTransport, SmsProvider } from './transports';

export interface QueuedMessage {
  channel: 'email' | 'sms';
  recipient: string;
  kind: string;
  subject?: string;
  body: string;
  /** What tests read back: the code or the link. */
  payload?: Record<string, string>;
}

/** Messages are kept a day: long enough to debug a delivery, short for the codes they hold. */
const keepMs = 24 * 60 * 60 * 1000;

export async function queueMessage(
  db: Queryable,
  message: QueuedMessage,
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      channel: message.channel,
      recipient: message.recipient,
      kind: message.kind,
      subject: message.subject ?? '',
      body: message.body,
      payload: message.payload ?? {},
      createdAt: now.toISOString(),
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox row not written');
  await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.createdAt, new Date(now.getTime() - keepMs).toISOString()));
  return row.id;
}

export interface Couriers {
  mail: MailTransport;
  sms: SmsProvider;
  logger: Logger;
}

/** Sends queued messages; a failure is recorded on the row and logged, never thrown. */
export async function deliverMessages(
  db: Queryable,
  ids: readonly string[],
  couriers: Couriers,
): Promise<void> {
  for (const id of ids) {
    const [row] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
    if (!row) continue;
    try {
      if (row.channel === 'email') {
        await couriers.mail.sendMail({ to: row.recipient, subject: row.subject, text: row.body });
      } else {
        await couriers.sms.sendSms({ to: row.recipient, text: row.body });
      }
      await db
        .update(mailOutbox)
        .set({ status: 'sent', attempts: row.attempts + 1, sentAt: new Date().toISOString() })
        .where(eq(mailOutbox.id, id));
    } catch (error) {
      couriers.logger.error('message not delivered', { id, kind: row.kind, error: String(error) });
      await db
        .update(mailOutbox)
        .set({
          status: 'failed',
          attempts: row.attempts + 1,
          lastError: String(error).slice(0, 500),
        })
        .where(eq(mailOutbox.id, id));
    }
  }
}

/** The latest messages to an address (MAIL_TRANSPORT=outbox test support, decision 0102). */
export async function recentMessagesTo(db: Queryable, recipient: string, limit = 10) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(
      or(
        eq(mailOutbox.recipient, recipient.trim().toLowerCase()),
        eq(mailOutbox.recipient, recipient.trim()),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    kind: r.kind,
    subject: r.subject,
    body: r.body,
    payload: r.payload,
    createdAt: r.createdAt,
  }));
}
