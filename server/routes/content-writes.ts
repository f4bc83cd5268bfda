// The spec's write calls for a member's and a brand's content (§7 Members blog calls, Brand
// blog, Brand activity, Products, Relics, Poster). Each runs the registered `<kind>.upsert` /
// `<kind>.delete` mutation, the same handler and transaction as the batch push.
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/env';
import { optionalMember, requireMember } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { rawBody, readQuery, uuidParam } from '../http/input';
import { runMutationRoute } from '../sync/run-mutation';
import { contentOwner, ownerPosters } from '../domain/content';
import { certificateNames } from '../domain/products';
import { findGroup, findMember } from '../domain/cards';
import { relationTo } from '../visibility';
import { vietnamToday } from '../../contract/content';
import { posterQuerySchema, type ContentKind } from '../../contract/content-writes';

type Fields = Record<string, unknown>;

async function bodyFields(c: Context<AppEnv>): Promise<Fields> {
  const body = await rawBody(c);
  return v.is(v.record(v.string(), v.unknown()), body) ? { ...body } : {};
}

/**
 * The id of an item created by a call without one: derived from the member and the
 * Idempotency-Key when there is one, so a replay names the same item; random otherwise.
 */
function newItemId(c: Context<AppEnv>): string {
  const key = c.req.header('idempotency-key');
  if (!key) return crypto.randomUUID();
  const hex = createHash('sha256')
    .update(`${requireMember(c).memberId}|${key}`)
    .digest('hex')
    .slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The brand of a brand call: `groupId`, or the spec's `brandId` / `brandAndGroupId`. */
function brandOf(fields: Fields): unknown {
  return fields.groupId ?? fields.brandId ?? fields.brandAndGroupId;
}

export function contentWriteRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  /** Creates an item; `brand` calls need the brand's id in the body (or given). */
  const insert =
    (kind: ContentKind, owner: 'member' | 'brand' | 'either', groupFromPath?: string) =>
    async (c: Context<AppEnv>) => {
      requireMember(c);
      const fields = await bodyFields(c);
      const groupId = groupFromPath ?? (owner === 'member' ? null : brandOf(fields));
      if (owner === 'brand' && (typeof groupId !== 'string' || groupId.trim() === '')) {
        throw new ApiError(400, 'validation_failed', { groupId: 'invalid_id' });
      }
      const { brandId: _b, brandAndGroupId: _bg, memberId: _m, ...rest } = fields;
      const id = typeof rest.id === 'string' && rest.id ? rest.id : newItemId(c);
      return runMutationRoute(c, deps, `${kind}.upsert`, { ...rest, id, groupId });
    };

  /** Replaces the fields of an existing item (404 when there is none; 403 someone else's). */
  const update = (kind: ContentKind) => async (c: Context<AppEnv>) => {
    requireMember(c);
    const id = uuidParam(c, 'id');
    const owner = await contentOwner(db, kind, id);
    if (!owner) throw notFound();
    const fields = await bodyFields(c);
    if (typeof fields.id === 'string' && fields.id.toLowerCase() !== id) {
      throw new ApiError(400, 'validation_failed', { id: 'invalid_id' });
    }
    const { brandId: _b, brandAndGroupId: _bg, memberId: _m, ...rest } = fields;
    return runMutationRoute(c, deps, `${kind}.upsert`, { ...rest, id, groupId: owner.groupId });
  };

  const remove = (kind: ContentKind) => (c: Context<AppEnv>) =>
    runMutationRoute(c, deps, `${kind}.delete`, { id: uuidParam(c, 'id') });

  // Members' posts (spec §7 Members) and brand blog.
  app.post('/members/insertBlog', insert('post', 'either'));
  app.put('/members/updateBlogById/:id', update('post'));
  app.put('/members/deleteBlogById/:id', remove('post'));
  app.post('/brandBlog/insert', insert('post', 'brand'));
  app.put('/brandBlog/updateById/:id', update('post'));
  app.put('/brandBlog/deleteById/:id', remove('post'));

  // Products: a member's showroom, or a brand's with its id in the body.
  app.post('/productMember/insert', insert('product', 'either'));
  app.put('/productMember/updateById/:id', update('product'));
  app.put('/productMember/deleteById/:id', remove('product'));

  // Activities: the path names the brand, or the member's own id for their card.
  app.post('/brandActivity/insertBrandActivity/:id', async (c) => {
    const me = requireMember(c);
    const id = uuidParam(c, 'id');
    if (id === me.memberId) return insert('activity', 'member')(c);
    if (!(await findGroup(db, id))) {
      // Another member's card: refused, not told apart from a brand one does not run.
      if (await findMember(db, id)) throw new ApiError(403, 'forbidden');
      throw notFound();
    }
    return insert('activity', 'brand', id)(c);
  });
  app.put('/brandActivity/updateBrandActivityById/:id', update('activity'));
  app.put('/brandActivity/deleteBrandActivityById/:id', remove('activity'));

  // Relics of members and of brands.
  app.post('/relics/insert', insert('relic', 'member'));
  app.put('/relics/updateById/:id', update('relic'));
  app.put('/relics/deleteById/:id', remove('relic'));
  app.post('/brandRelics/insert', insert('relic', 'brand'));
  app.put('/brandRelics/updateById/:id', update('relic'));
  app.put('/brandRelics/deleteById/:id', remove('relic'));

  // Posters: save-poster creates (no id) or replaces (an id of an existing poster).
  app.post('/poster/save-poster', async (c) => {
    requireMember(c);
    const fields = await bodyFields(c);
    if (typeof fields.id === 'string' && fields.id) {
      const id = fields.id.toLowerCase();
      const owner = /^[0-9a-f-]{36}$/.test(id) ? await contentOwner(db, 'poster', id) : undefined;
      if (owner) {
        const { brandId: _b, brandAndGroupId: _bg, memberId: _m, ...rest } = fields;
        return runMutationRoute(c, deps, 'poster.upsert', { ...rest, id, groupId: owner.groupId });
      }
    }
    return insert('poster', 'either')(c);
  });
  app.put('/poster/deleteById/:id', remove('poster'));

  /**
   * The posters of a member or a brand: all of them (live) to the owner and the brand's
   * admins; to anyone else only the enabled ones showing today.
   */
  app.get('/poster/get-poster-by-group-member-id/:id', async (c) => {
    const id = uuidParam(c, 'id');
    const q = readQuery(c, posterQuerySchema);
    const group = await findGroup(db, id);
    const member = group ? undefined : await findMember(db, id);
    if (!group && !member) throw notFound();
    const owner = group ? { memberId: null, groupId: group.id } : { memberId: id, groupId: null };
    const relation = await relationTo(db, optionalMember(c)?.memberId, owner);
    const today = vietnamToday(deps.now());
    const rows = await ownerPosters(db, owner, {
      posterType: q.posterType,
      everything: relation === 'owner',
      today,
    });
    if (relation !== 'owner') c.header('Cache-Control', 'no-store');
    return c.json(rows);
  });

  /**
   * Certificate names for the product form: those already used on public products, then the
   * common ones, matching `name` (case and diacritics as typed).
   */
  app.get('/certificate', async (c) => {
    const name = (c.req.query('name') ?? '').trim().slice(0, 80);
    const names = await certificateNames(db, name);
    return c.json(names.map((certificate) => ({ name: certificate })));
  });

  return app;
}
