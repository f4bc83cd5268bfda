// Spec §7 Messages. Writes run the registered message.* mutations, the same handlers as the
// batch push; reads answer from the caller's own copies (decision 0660).
import { createHash, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { rawBody, readQuery, validate } from '../http/input';
import { mutationContext, runMutationRoute } from '../sync/run-mutation';
import { requestHash, runIdempotent } from '../sync/idempotency';
import {
  copiesForClient,
  liveCopies,
  requireParticipant,
  sendMessage,
  threadPage,
  unreadMessageCount,
} from '../domain/messages';
import { uuidFromDigest } from '../../contract/friend';
import { foldForSearch } from '../../contract/contact';
import {
  conversationsOf,
  messageDeleteSchema,
  messageListQuerySchema,
  messageSendManySchema,
  messageThreadQuerySchema,
} from '../../contract/message';

/** Form bodies name lists as repeated fields or comma-separated text; JSON as arrays. */
function listField(value: unknown): unknown {
  if (typeof value === 'string') {
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
  return value;
}

function asRecord(body: unknown): Record<string, unknown> {
  return v.is(v.record(v.string(), v.unknown()), body) ? body : {};
}

/** A client that gives no ids gets ones made from its idempotency key (a replay stays one). */
function madeId(key: string | undefined, purpose: string): string {
  if (!key) return randomUUID();
  const digest = createHash('sha256').update(`${purpose}:${key}`).digest();
  return uuidFromDigest(new Uint8Array(digest));
}

export function messagesRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  app.post('/messages', async (c) => {
    requireMember(c);
    const body = asRecord(await rawBody(c));
    const key = c.req.header('idempotency-key');
    return runMutationRoute(c, deps, 'message.send', {
      ...body,
      id: body.id ?? madeId(key, 'message'),
      groupMessageId: body.groupMessageId ?? madeId(key, 'conversation'),
      to: listField(body.to),
      ...(body.cc !== undefined ? { cc: listField(body.cc) } : {}),
      ...(body.bcc !== undefined ? { bcc: listField(body.bcc) } : {}),
    });
  });

  /** The same text to each receiver, each in a conversation of their own, all or nothing. */
  app.post('/messages/sendMany', async (c) => {
    const me = requireMember(c);
    const body = asRecord(await rawBody(c));
    const payload = { ...body, to: listField(body.to) };
    const input = validate(messageSendManySchema, payload);
    const key = c.req.header('idempotency-key');
    const result = await runIdempotent(
      db,
      me.memberId,
      key,
      requestHash('message.sendMany', payload),
      async (tx) => {
        const sent = [];
        for (const to of [...new Set(input.to)]) {
          sent.push(
            await sendMessage(tx, mutationContext(deps, me.memberId), {
              id: madeId(key ? `${key}:${to}` : undefined, 'message'),
              groupMessageId: madeId(key ? `${key}:${to}` : undefined, 'conversation'),
              to: [to],
              cc: [],
              bcc: [],
              body: input.body,
            }),
          );
        }
        return { status: 200, body: sent };
      },
    );
    return c.json(result.body as object, 200);
  });

  /** The caller's conversations, newest first; filter matches a participant's name or the text. */
  app.get('/messages', async (c) => {
    const me = requireMember(c);
    const query = readQuery(c, messageListQuerySchema);
    let list = conversationsOf(
      await copiesForClient(db, await liveCopies(db, me.memberId)),
      me.memberId,
    );
    const needle = foldForSearch(query.filter);
    if (needle) {
      list = list.filter(
        (conversation) =>
          conversation.others.some((p) => foldForSearch(p.name).includes(needle)) ||
          foldForSearch(conversation.last.body).includes(needle),
      );
    }
    return c.json(list);
  });

  /** A thread, newest first, paged back by `time` (spec spells it "Messeger"). */
  app.get('/messages/findByGroupMessegerId', async (c) => {
    const me = requireMember(c);
    const query = readQuery(c, messageThreadQuerySchema);
    await requireParticipant(db, me.memberId, query.groupMessageId);
    const rows = await threadPage(
      db,
      me.memberId,
      query.groupMessageId,
      query.time,
      Number(query.limit),
    );
    return c.json(await copiesForClient(db, rows));
  });

  app.put('/messages/readMess', async (c) =>
    runMutationRoute(c, deps, 'message.read', asRecord(await rawBody(c))),
  );

  app.put('/messages/hide', async (c) =>
    runMutationRoute(c, deps, 'message.hide', asRecord(await rawBody(c))),
  );

  /** Soft, for the caller only (spec: a PUT to a delete path, ?id=). */
  app.put('/messages/delete', async (c) => {
    requireMember(c);
    // The spec sends the id in the query (`delete?id=`); a body `{ id }` is read too.
    const body = await rawBody(c);
    const fromBody = v.is(v.object({ id: v.string() }), body) ? body.id : undefined;
    const query = c.req.query('id') ? readQuery(c, messageDeleteSchema) : undefined;
    return runMutationRoute(c, deps, 'message.delete', { id: query?.id ?? fromBody });
  });

  app.get('/messages/count', async (c) => {
    const me = requireMember(c);
    return c.json({ count: await unreadMessageCount(db, me.memberId) });
  });

  return app;
}
