// GET calls of spec §7 Members that visitors use: cards, metadata, vCard, blog posts.
import { Hono } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { postListSchema } from '../../contract/card';
import { optionalMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { ApiError, notFound } from '../http/errors';
import { readQuery } from '../http/input';
import { groups, members } from '../db/schema';
import {
  findMember,
  isUuid,
  listOwnerPosts,
  loadCardView,
  loadItem,
  loadOwner,
} from '../ssr/card-data';
import { posts } from '../db/schema';
import { ownerMeta } from '../ssr/meta';
import { cardVCard } from '../ssr/vcard-response';
import { careers, childCareers, interests } from '../ssr/static-lists';

export function membersReadRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;
  const origin = deps.config.publicOrigin;
  const viewer = (c: Parameters<typeof optionalMember>[0]) => optionalMember(c)?.memberId;

  app.get('/members/getMemberId/:id', async (c) => {
    const record = await loadOwner(db, 'member', c.req.param('id'), viewer(c));
    if (!record) throw notFound();
    return c.json({ ...record.owner, isMe: record.relation === 'owner' });
  });

  app.get('/members/getMemberIdView/:id', async (c) => {
    const view = await loadCardView(db, 'member', c.req.param('id'), viewer(c));
    if (!view) throw notFound();
    return c.json(view);
  });

  // A short link may name a member (/me) or a brand (/mbg); `path` says which to try first.
  app.get('/members/getInfoMemberAndGroupByLink/:id', async (c) => {
    const link = c.req.param('id');
    const path = c.req.query('path') ?? '';
    const order = /mbg/.test(path)
      ? (['group', 'member'] as const)
      : (['member', 'group'] as const);
    for (const kind of order) {
      const view = await loadCardView(db, kind, link, viewer(c));
      if (view) return c.json(view);
    }
    throw notFound();
  });

  app.get('/members/getMetaMemberId/:id', async (c) => {
    const member = await findMember(db, c.req.param('id'));
    if (!member) throw notFound();
    const record = await loadOwner(db, 'member', member.id, undefined);
    if (!record) throw notFound();
    return c.json(ownerMeta(record.owner, origin, `/me/${member.urlMinify}`));
  });

  app.get('/members/getMetaMemberByUrlMinify/:urlMinify', async (c) => {
    const record = await loadOwner(db, 'member', c.req.param('urlMinify'), undefined);
    if (!record) throw notFound();
    return c.json(ownerMeta(record.owner, origin, `/me/${record.owner.urlMinify}`));
  });

  app.get('/members/getVfcMemberId/:id', async (c) => {
    const record = await loadOwner(db, 'member', c.req.param('id'), viewer(c));
    if (!record) throw notFound();
    return cardVCard(c, record.owner, origin);
  });

  app.get('/members/blog/:id', async (c) => {
    const post = await loadItem(db, posts, c.req.param('id'), viewer(c));
    if (!post) throw notFound();
    const isBrand = c.req.query('isBrand') === '1';
    if (isBrand && !post.groupId) throw notFound();
    return c.json(post);
  });

  app.get('/members/getBlogByMemberId/:id', async (c) => {
    const q = readQuery(c, postListSchema);
    const record = q.groupId
      ? await loadOwner(db, 'group', q.groupId, viewer(c))
      : await loadOwner(db, 'member', c.req.param('id'), viewer(c));
    if (!record) throw notFound();
    return c.json(await listOwnerPosts(db, record, q));
  });

  // Whether a short link is taken, by a member or by a brand (they share one namespace).
  app.get('/members/checkUrlMinify/:id', async (c) => {
    const link = c.req.param('id').trim();
    if (!/^[A-Za-z0-9_-]{2,60}$/.test(link) || isUuid(link)) {
      throw new ApiError(400, 'invalid_value', { urlMinify: 'invalid_value' });
    }
    const [m] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.urlMinify, link), isNull(members.deletedAt)))
      .limit(1);
    const [g] = m
      ? [undefined]
      : await db
          .select({ id: groups.id })
          .from(groups)
          .where(and(eq(groups.urlMinify, link), isNull(groups.deletedAt)))
          .limit(1);
    const exists = Boolean(m ?? g);
    return c.json({ urlMinify: link, exists, available: !exists });
  });

  app.get('/members/careers', (c) => c.json(careers));
  app.get('/members/childCareers', (c) => {
    const name = v.parse(v.optional(v.string(), ''), c.req.query('name'));
    return c.json(childCareers[name] ?? []);
  });
  app.get('/members/interest', (c) => c.json(interests));

  return app;
}
