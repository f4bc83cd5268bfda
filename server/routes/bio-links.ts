// A member's bio link page (issue 17 item 2; decision 0940). The owner's calls run the
// registered bioLink.* mutations, the same handlers as the batch push. The public page
// /bio/{urlMinify} is rendered here as plain HTML (no script: lighter than the card), themed
// with the card's colours; each item goes through /bio/{key}/go/{id}, which counts the click
// in the tracking events and answers 302.
import { Hono, type Handler } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { rawBody, uuidParam } from '../http/input';
import { runMutationRoute } from '../sync/run-mutation';
import { bioLinkClicks, liveBioLinks, shownBioLink, shownBioLinksOf } from '../domain/bio-links';
import { recordServerEvent } from './tracking';
import { isUuid } from '../../contract/common';
import { findMember, memberOwner, themeFor } from '../domain/cards';
import { escapeHtml } from '../ssr/meta';
import { chooseLanguage, localeOf, varyHeader } from '../ssr/card-pages';
import { cardLanguageParam } from '../../contract/card-paths';
import {
  bioLinkClickAction,
  bioLinkClickPath,
  bioLinkPath,
  bioLinkUrlProblem,
  bioLinkViewAction,
  type BioLink,
} from '../../contract/bio-link';
import { memberCardPath } from '../../contract/card-prefixes';
import { keepVisitedPageMessage } from '../../contract/keep-visited-page';
import type { ThemeColors } from '../../contract/theme';

/** Form bodies carry text: booleans and numbers are read back. */
function typedFields(body: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = v.is(v.record(v.string(), v.unknown()), body)
    ? { ...body }
    : {};
  if (fields.enabled === 'true' || fields.enabled === 'false') {
    fields.enabled = fields.enabled === 'true';
  }
  if (typeof fields.ordinal === 'string' && /^\d+$/.test(fields.ordinal)) {
    fields.ordinal = Number(fields.ordinal);
  }
  for (const key of ['showFrom', 'showUntil']) if (fields[key] === '') fields[key] = null;
  return fields;
}

export function bioLinkRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  /** The caller's live items (on and off), in page order. */
  app.get('/bioLink', async (c) => c.json(await liveBioLinks(db, requireMember(c).memberId)));

  /** Clicks per item of the caller (counted from the tracking events). */
  app.get('/bioLink/clicks', async (c) =>
    c.json(await bioLinkClicks(db, requireMember(c).memberId)),
  );

  /** Creates or replaces the item with this id (title, address, kind, order, on/off, schedule). */
  app.put('/bioLink/:id', async (c) => {
    const id = uuidParam(c, 'id');
    const fields = typedFields(await rawBody(c));
    if (typeof fields.id === 'string' && fields.id.toLowerCase() !== id) {
      throw new ApiError(400, 'validation_failed', { id: 'invalid_id' });
    }
    return runMutationRoute(c, deps, 'bioLink.upsert', { ...fields, id });
  });

  /** Soft delete (spec §4: a PUT to a delete path). */
  app.put('/bioLink/delete/:id', async (c) =>
    runMutationRoute(c, deps, 'bioLink.delete', { id: uuidParam(c, 'id') }),
  );

  return app;
}

function pageStyle(t: ThemeColors): string {
  return `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:${t.background};color:${t.text};min-height:100vh}
main{max-width:32rem;margin:0 auto;padding:2rem 1rem 3rem;text-align:center}
.avatar{width:96px;height:96px;border-radius:50%;object-fit:cover;background:${t.card}}
h1{font-size:1.4rem;margin:.75rem 0 .25rem}p{margin:0 0 1.5rem;line-height:1.5}
ul{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
a.item{display:block;padding:.9rem 1rem;border-radius:.75rem;text-decoration:none;font-weight:600;overflow-wrap:anywhere}
a.link{background:${t.card};color:${t.text};border:2px solid ${t.button}}
a.button{background:${t.button};color:${t.buttonText}}
a.item:focus-visible{outline:3px solid ${t.text};outline-offset:2px}
footer{margin-top:2rem;font-size:.9rem}footer a{color:${t.text}}
.empty{opacity:.85}`;
}

/**
 * The page installs the app's worker like the card pages do (never inside Zalo, spec §1); the
 * visit that installed it is then kept for offline (contract/keep-visited-page.ts).
 */
const workerScript = `<script>(function(){var n=navigator.serviceWorker;if(!n||/Zalo/i.test(navigator.userAgent)||n.controller)return;n.addEventListener('controllerchange',function(){var w=n.controller;if(w)w.postMessage({type:${JSON.stringify(keepVisitedPageMessage)},page:location.href,reads:[],images:[].map.call(document.images,function(i){return i.currentSrc||i.src}).filter(function(u){return /^https?:/.test(u)})})},{once:true});addEventListener('load',function(){n.register('/sw.js',{scope:'/'}).catch(function(){})})})()</script>`;

type Locale = 'vi' | 'en';

/** The page's words in the visitor's language, chosen as the card page chooses (localeOf). */
const words = {
  vi: { empty: 'Chưa có liên kết nào.', card: 'Xem danh thiếp', notFound: 'Không tìm thấy trang' },
  en: { empty: 'No links yet.', card: 'View card', notFound: 'Page not found' },
} as const satisfies Record<Locale, Record<string, string>>;

function page(locale: Locale, title: string, style: string, body: string, script = ''): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(`${title} - m.e Cards`)}</title><meta name="robots" content="noindex"><style>${style}</style></head><body>${body}${script}</body></html>`;
}

function itemHtml(key: string, item: BioLink): string {
  return `<li><a class="item ${item.kind}" href="${escapeHtml(bioLinkClickPath(key, item.id))}" rel="nofollow">${escapeHtml(item.title)}</a></li>`;
}

const notFoundPage = (locale: Locale) =>
  page(
    locale,
    words[locale].notFound,
    'body{font-family:system-ui,sans-serif;text-align:center;padding:3rem 1rem;color:#222;background:#fff}',
    `<main><h1>${words[locale].notFound}</h1><p>Trang liên kết này không tồn tại. / This link page does not exist.</p><p><a href="/">m.e Cards</a></p></main>`,
  );

/**
 * /bio/{key} and its counting redirects /bio/{key}/go/{id}: visitors need no login. Mounted
 * from contract/page-routes.ts.
 */
export function bioLinkPageHandlers(deps: AppDeps): {
  bio: Handler<AppEnv>;
  bioRedirect: Handler<AppEnv>;
} {
  const db = deps.database.db;

  const memberOf = async (raw: string) => {
    let key: string;
    try {
      key = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    return findMember(db, isUuid(key) ? key : key.toLowerCase());
  };

  const bio: Handler<AppEnv> = async (c) => {
    const chosen = c.req.query(cardLanguageParam);
    if (chosen !== undefined) return chooseLanguage(c, chosen);
    const locale = localeOf(c);
    const member = await memberOf(c.req.param('key') ?? '');
    c.header('Cache-Control', 'no-store');
    c.header('Vary', varyHeader);
    if (!member) return c.html(notFoundPage(locale), 404);
    const now = deps.now();
    const [items, choice] = await Promise.all([
      shownBioLinksOf(db, member.id, now),
      themeFor(db, {
        memberType: member.type,
        themeCode: member.theme,
        language: member.language,
        agencyId: member.agencyId,
        groupId: null,
        layoutPermission: null,
        themeType: member.themeType,
      }),
    ]);
    const key = member.urlMinify;
    await recordServerEvent(deps, c, {
      memberId: member.id,
      action: bioLinkViewAction,
      value: bioLinkPath(key),
    });
    const owner = memberOwner(member);
    const avatar = owner.avatarUrl
      ? `<img class="avatar" src="${escapeHtml(owner.avatarUrl)}" alt="" width="96" height="96">`
      : '';
    const list = items.length
      ? `<ul>${items.map((item) => itemHtml(key, item)).join('')}</ul>`
      : `<p class="empty">${words[locale].empty}</p>`;
    const body = `<main>${avatar}<h1>${escapeHtml(owner.name)}</h1>${owner.intro ? `<p>${escapeHtml(owner.intro)}</p>` : ''}${list}<footer><a href="${escapeHtml(memberCardPath(key))}">${words[locale].card}</a></footer></main>`;
    return c.html(page(locale, owner.name, pageStyle(choice.theme.value), body, workerScript));
  };

  const bioRedirect: Handler<AppEnv> = async (c) => {
    c.header('Cache-Control', 'no-store');
    const member = await memberOf(c.req.param('key') ?? '');
    const id = (c.req.param('id') ?? '').toLowerCase();
    const item =
      member && isUuid(id) ? await shownBioLink(db, member.id, id, deps.now()) : undefined;
    // A target stored before today's rules (decision 1020) is not followed and not counted.
    if (!member || !item || bioLinkUrlProblem(item.url) !== null) {
      return c.html(notFoundPage(localeOf(c)), 404);
    }
    await recordServerEvent(deps, c, {
      memberId: member.id,
      action: bioLinkClickAction,
      value: item.url,
    });
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    return c.redirect(item.url, 302);
  };

  return { bio, bioRedirect };
}
