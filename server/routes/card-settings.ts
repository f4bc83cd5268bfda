// The owner's display and short-link calls of spec §7 (Members: updateMemberTheme,
// getThemeCheckAuth, getStylesListByActive, updateUrlMinify, getFormDataByMemberId,
// updateFormDataByMemberId; Group/brand: updateTheme,
// updateUById, updateUrlMinify, updateFormDataBaDbyBaDId, getFormDataByBrandAndGroupId), and
// the brand settings the brand admin's screen reads. A member's theme is the registered
// profile.setTheme mutation; link and brand changes are online calls (docs/decisions/0640).
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { rawBody, readBody, uuidParam, validate } from '../http/input';
import { runMutationRoute } from '../sync/run-mutation';
import { requestHash, runIdempotent } from '../sync/idempotency';
import {
  adminBrand,
  brandSettingsOf,
  formDataOf,
  liveGroup,
  memberFormData,
  setMemberFormData,
  setBrandFormData,
  setBrandTheme,
  stylesFor,
  themeAuthFor,
  updateBrand,
} from '../domain/card-settings';
import { changeUrlMinify } from '../card-links';
import { cookieNames } from '../../contract/cookie-names';
import {
  brandUpdateSchema,
  formDataSchema,
  themeSetSchema,
  urlMinifySetSchema,
} from '../../contract/card-settings';

/** The transaction an idempotent write runs its effect in. */
type Transaction = Parameters<Parameters<typeof runIdempotent>[4]>[0];

const thirtyDays = 30 * 24 * 60 * 60;

/** The caller's own id in the path, or 403 (another member's id changes nothing). */
function ownIdParam(c: Context<AppEnv>): string {
  const me = requireMember(c);
  const id = uuidParam(c, 'id');
  if (id !== me.memberId) throw new ApiError(403, 'forbidden');
  return id;
}

export function cardSettingsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;
  const secure = deps.config.secureCookies;

  /** A write run once per Idempotency-Key, in one transaction. */
  const once = async <T>(
    c: Context<AppEnv>,
    name: string,
    payload: unknown,
    effect: (tx: Transaction, memberId: string) => Promise<T>,
  ): Promise<T> => {
    const me = requireMember(c);
    const result = await runIdempotent(
      db,
      me.memberId,
      c.req.header('idempotency-key'),
      requestHash(name, payload),
      async (tx) => ({ status: 200, body: await effect(tx, me.memberId) }),
    );
    return result.body as T;
  };

  /** A brand the caller administers, named by ?groupId= (absent: the caller's own card). */
  const brandOfQuery = async (c: Context<AppEnv>) => {
    const me = requireMember(c);
    const groupId = c.req.query('groupId');
    if (!groupId) return { me, group: undefined };
    if (!/^[0-9a-f-]{36}$/i.test(groupId)) throw new ApiError(404, 'not_found');
    return { me, group: await adminBrand(db, me.memberId, groupId.toLowerCase()) };
  };

  app.get('/members/getThemeCheckAuth', async (c) => {
    const { me, group } = await brandOfQuery(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await themeAuthFor(db, me.memberId, group));
  });

  app.get('/members/getStylesListByActive', async (c) => {
    const { me, group } = await brandOfQuery(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await stylesFor(db, me.memberId, group));
  });

  app.put('/members/updateMemberTheme/:id', async (c) => {
    ownIdParam(c);
    return runMutationRoute(c, deps, 'profile.setTheme', await rawBody(c));
  });

  app.put('/members/updateUrlMinify/:id', async (c) => {
    const id = ownIdParam(c);
    const input = await readBody(c, urlMinifySetSchema);
    const change = await once(c, 'member.setUrlMinify', input, (tx) =>
      changeUrlMinify(tx, { kind: 'member', id }, input.urlMinify),
    );
    setCookie(c, cookieNames.urlMinify, change.urlMinify, {
      path: '/',
      secure,
      sameSite: 'Lax',
      maxAge: thirtyDays,
    });
    return c.json(change);
  });

  // The member's registration form (decision 1121): anyone may read its fields, as a brand's.
  app.get('/members/getFormDataByMemberId/:id', async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(await memberFormData(db, uuidParam(c, 'id')));
  });

  app.put('/members/updateFormDataByMemberId/:id', async (c) => {
    const id = ownIdParam(c);
    const input = await readBody(c, formDataSchema);
    const body = await once(c, 'member.setFormData', input, (tx) =>
      setMemberFormData(tx, id, input.fields),
    );
    return c.json(body);
  });

  // Brand settings: read by its admins' screen (not in the spec; the public profile is getGDByById).
  app.get('/groupAndBrand/getSettingsById/:id', async (c) => {
    const me = requireMember(c);
    const group = await adminBrand(db, me.memberId, uuidParam(c, 'id'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(brandSettingsOf(group));
  });

  app.put('/groupAndBrand/updateUById/:id', async (c) => {
    const me = requireMember(c);
    const groupId = uuidParam(c, 'id');
    await adminBrand(db, me.memberId, groupId);
    const input = await readBody(c, brandUpdateSchema);
    const row = await once(c, 'brand.update', { groupId, ...input }, async (tx) => {
      return brandSettingsOf(await updateBrand(tx, me.memberId, groupId, input));
    });
    return c.json(row);
  });

  app.put('/groupAndBrand/updateTheme/:id', async (c) => {
    const me = requireMember(c);
    const groupId = uuidParam(c, 'id');
    await adminBrand(db, me.memberId, groupId);
    const input = validate(themeSetSchema, await rawBody(c));
    const row = await once(c, 'brand.setTheme', { groupId, ...input }, async (tx) =>
      brandSettingsOf(await setBrandTheme(tx, me.memberId, groupId, input)),
    );
    return c.json(row);
  });

  app.put('/groupAndBrand/updateUrlMinify/:id', async (c) => {
    const me = requireMember(c);
    const groupId = uuidParam(c, 'id');
    await adminBrand(db, me.memberId, groupId);
    const input = await readBody(c, urlMinifySetSchema);
    const change = await once(c, 'brand.setUrlMinify', { groupId, ...input }, async (tx) => {
      await adminBrand(tx, me.memberId, groupId);
      return changeUrlMinify(tx, { kind: 'group', id: groupId }, input.urlMinify);
    });
    // The readable brand-group cookie names the brand's link too.
    const brandGroup = getCookie(c, cookieNames.brandGroup);
    if (brandGroup) {
      try {
        const fact = JSON.parse(brandGroup) as { id?: string; urlMinify?: string } | null;
        if (fact?.id === groupId) {
          setCookie(
            c,
            cookieNames.brandGroup,
            JSON.stringify({ ...fact, urlMinify: change.urlMinify }),
            { path: '/', secure, sameSite: 'Lax', maxAge: thirtyDays },
          );
        }
      } catch {
        // A cookie that is not JSON is left for the next login to replace.
      }
    }
    return c.json(change);
  });

  app.put('/groupAndBrand/updateFormDataBaDbyBaDId/:id', async (c) => {
    const me = requireMember(c);
    const groupId = uuidParam(c, 'id');
    await adminBrand(db, me.memberId, groupId);
    const input = await readBody(c, formDataSchema);
    const body = await once(c, 'brand.setFormData', { groupId, ...input }, async (tx) => {
      return formDataOf(await setBrandFormData(tx, me.memberId, groupId, input.fields));
    });
    return c.json(body);
  });

  // The brand's form is what visitors fill in: anyone may read its fields.
  app.get('/groupAndBrand/getFormDataByBrandAndGroupId/:id', async (c) => {
    const group = await liveGroup(db, uuidParam(c, 'id'));
    return c.json(formDataOf(group));
  });

  return app;
}
