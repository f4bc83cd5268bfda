// GET calls of spec §7 Members that visitors use: cards, metadata, vCard, blog posts.
import { Hono } from 'hono';
import * as v from 'valibot';
import { postListSchema } from '../../contract/card';
import { optionalMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { readQuery, validate } from '../http/input';
import { checkUrlMinify, currentLinkFor } from '../card-links';
import { urlMinifySetSchema } from '../../contract/card-settings';
import { isUuid } from '../../contract/common';
import {
  cardItemTables,
  findMember,
  listOwnerPosts,
  loadCardView,
  loadItem,
  loadOwner,
} from '../domain/cards';
import { ownerMeta } from '../ssr/meta';
import { cardVCard } from '../ssr/vcard-response';
import { careers, childCareers, interests } from '../domain/profile-lists';

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
    const view = await loadCardView(db, 'member', c.req.param('id'), viewer(c), deps.now());
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
      const view = await loadCardView(db, kind, link, viewer(c), deps.now());
      if (view) return c.json(view);
    }
    // A link the card has since replaced still finds it (the page itself answers 301).
    const moved = await currentLinkFor(db, link, 'any');
    const view =
      moved && (await loadCardView(db, moved.kind, moved.urlMinify, viewer(c), deps.now()));
    if (view) return c.json(view);
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
    return cardVCard(c, record.owner, origin, db);
  });

  app.get('/members/blog/:id', async (c) => {
    const post = await loadItem(db, cardItemTables.post, c.req.param('id'), viewer(c));
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

  // Whether a short link can be taken: members and brands share one namespace, and links a
  // card had before stay that card's (they redirect). Shaped by the same rules as a change.
  app.get('/members/checkUrlMinify/:id', async (c) => {
    const { urlMinify } = validate(urlMinifySetSchema, { urlMinify: c.req.param('id') });
    const me = optionalMember(c);
    const groupId = c.req.query('groupId');
    const caller = !me
      ? undefined
      : groupId && isUuid(groupId)
        ? { kind: 'group' as const, id: groupId.toLowerCase() }
        : { kind: 'member' as const, id: me.memberId };
    c.header('Cache-Control', 'private, no-store');
    return c.json(await checkUrlMinify(db, urlMinify, caller));
  });

  app.get('/members/careers', (c) => c.json(careers));
  app.get('/members/childCareers', (c) => {
    const name = v.parse(v.optional(v.string(), ''), c.req.query('name'));
    return c.json(childCareers[name] ?? []);
  });
  app.get('/members/interest', (c) => c.json(interests));

  return app;
}
