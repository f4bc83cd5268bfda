// GET /brandBlog/getByBrandId/{id}?postType,limit,memberId,outstanding (spec §7 Brand blog).
import { Hono } from 'hono';
import { postListSchema } from '../../contract/card';
import { optionalMember } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { readQuery } from '../http/input';
import { listOwnerPosts, loadOwner } from '../domain/cards';

export function brandBlogRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  app.get('/brandBlog/getByBrandId/:id', async (c) => {
    const q = readQuery(c, postListSchema);
    const viewer = optionalMember(c)?.memberId;
    // memberId asks for that member's own posts shown on the brand page.
    const record = q.memberId
      ? await loadOwner(db, 'member', q.memberId, viewer)
      : await loadOwner(db, 'group', c.req.param('id'), viewer);
    if (!record) throw notFound();
    return c.json(await listOwnerPosts(db, record, q));
  });

  return app;
}
