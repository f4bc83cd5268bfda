// Public pages (/me, /mbg, /new-me, /new-mbg, /blog, /mrd, /fme, /smc): share metadata in the
// HTML for every page, and the card itself server-rendered when the SSR bundle is built.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, Hono } from 'hono';
import type { CardKind, CardMeta } from '../../contract/card';
import {
  parseCardPath,
  type CardPageData,
  type CardRoute,
} from '../../src/features/card/card-route';
import type { Queryable } from '../db/client';
import { activities, posts, products, relics } from '../db/schema';
import type { AppDeps, AppEnv } from '../http/env';
import { loadCardView, loadItem } from './card-data';
import { defaultMeta, errorMeta, escapeHtml, itemMeta, metaTags, ownerMeta } from './meta';
import { titleSuffix } from '../../src/lib/share-text';

type Renderer = (data: CardPageData, locale: 'vi' | 'en') => string;

export const cardPagePrefixes = ['me', 'mbg', 'new-me', 'new-mbg', 'blog', 'mrd', 'fme', 'smc'];

/** A bare page for when no client is built (tests, API-only deployments). */
const fallbackTemplate = `<!doctype html>
<html lang="vi">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <!--app-head-->
  </head>
  <body>
    <div id="app"><!--app-html--></div>
    <!--app-data-->
  </body>
</html>`;

export class PageNotFound extends Error {}

/** Loads what a card page shows, as an anonymous visitor sees it. */
export async function loadCardPage(
  db: Queryable,
  route: CardRoute,
  origin: string,
  pathname: string,
  viewerId?: string,
): Promise<CardPageData> {
  let ownerKind: CardKind;
  let ownerKey: string;
  if (
    route.kind === 'product' ||
    route.kind === 'post' ||
    route.kind === 'activity' ||
    route.kind === 'relic'
  ) {
    const table =
      route.kind === 'product'
        ? products
        : route.kind === 'post'
          ? posts
          : route.kind === 'activity'
            ? activities
            : relics;
    const item = await loadItem(db, table, route.key, viewerId);
    if (!item) throw new PageNotFound();
    const owner = item as { memberId: string | null; groupId: string | null };
    ownerKind = owner.groupId ? 'group' : 'member';
    ownerKey = owner.groupId ?? owner.memberId ?? '';
  } else {
    ownerKind = route.base === 'mbg' ? 'group' : 'member';
    ownerKey = route.key;
  }
  let view = await loadCardView(db, ownerKind, ownerKey, viewerId);
  if (!view && route.base === 'any' && route.kind === 'profile') {
    view = await loadCardView(db, 'group', ownerKey, viewerId);
  }
  if (!view) throw new PageNotFound();
  const base = view.owner.kind === 'group' ? 'mbg' : 'me';
  return {
    route,
    view,
    cardUrl: `${origin}/${base}/${encodeURIComponent(view.owner.urlMinify)}`,
    pageUrl: `${origin}${pathname}`,
  };
}

/** The share metadata of a loaded page (spec §2 behaviours). */
export function pageMeta(data: CardPageData, origin: string, pathname: string): CardMeta {
  const { view, route } = data;
  const find = <T extends { id: string }>(list: T[]) => list.find((x) => x.id === route.key);
  switch (route.kind) {
    case 'product': {
      const p = find(view.products);
      if (p)
        return itemMeta(p.title, p.content, p.images[0] ?? view.owner.avatarUrl, origin, pathname);
      break;
    }
    case 'post': {
      const p = find(view.posts);
      if (p)
        return itemMeta(p.title, p.content, p.imageUrl ?? view.owner.avatarUrl, origin, pathname);
      break;
    }
    case 'activity': {
      const a = find(view.activities);
      if (a)
        return itemMeta(
          a.displayName,
          a.content ?? view.owner.intro,
          view.owner.avatarUrl,
          origin,
          pathname,
        );
      break;
    }
    case 'relic': {
      const r = find(view.relics);
      if (r)
        return itemMeta(r.title, r.content, r.images[0] ?? view.owner.avatarUrl, origin, pathname);
      break;
    }
    case 'products':
      return {
        ...ownerMeta(view.owner, origin, pathname),
        title: `Phòng trưng bày${titleSuffix}`,
      };
    default:
      break;
  }
  return ownerMeta(view.owner, origin, pathname);
}

function localeOf(c: Context): 'vi' | 'en' {
  // The same rule as the browser (src/i18n savedLocale): the lang cookie, else Vietnamese,
  // so the hydrated page renders the very same text.
  return /(?:^|;\s*)lang=en\b/.exec(c.req.header('cookie') ?? '') ? 'en' : 'vi';
}

/** Puts metadata, rendered markup and data into a page template. */
export function fillTemplate(
  template: string,
  parts: {
    meta: CardMeta;
    html?: string;
    data?: CardPageData;
    locale: 'vi' | 'en';
    themeColor?: string;
    /** Pictures of the first screen, fetched before the scripts take the connections. */
    preloadImages?: string[];
  },
): string {
  let head = metaTags(parts.meta);
  for (const [i, src] of (parts.preloadImages ?? []).entries()) {
    const priority = i === 0 ? ' fetchpriority="high"' : '';
    head += `\n    <link rel="preload" as="image" href="${escapeHtml(src)}"${priority} />`;
  }
  if (parts.themeColor)
    head += `\n    <meta name="theme-color" content="${escapeHtml(parts.themeColor)}" />`;
  let page = template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  if (parts.themeColor) page = page.replace(/<meta\s+name="theme-color"[^>]*>\s*/i, '');
  page = page.replace(/<html lang="[^"]*"/i, `<html lang="${parts.locale}"`);
  page = page.includes('<!--app-head-->')
    ? page.replace('<!--app-head-->', () => head)
    : page.replace('</head>', () => `${head}\n</head>`);
  page = page.replace('<!--app-html-->', () => parts.html ?? '');
  const dataScript = parts.data
    ? `<script id="card-data" type="application/json">${JSON.stringify(parts.data)
        .replace(/</g, '\\u003c')
        .replace(/\u2028/g, '\\u2028')
        .replace(/\u2029/g, '\\u2029')}</script>`
    : '';
  return page.includes('<!--app-data-->')
    ? page.replace('<!--app-data-->', () => dataScript)
    : page.replace('</body>', () => `${dataScript}\n</body>`);
}

/**
 * The card's few KB of CSS go into the page itself: on a slow network a stylesheet is one
 * more round trip before the first paint, competing with the scripts for bandwidth.
 */
export function inlineStylesheets(template: string, clientDir: string): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/g,
    (tag, href: string) => {
      const file = path.join(clientDir, href);
      if (!existsSync(file)) return tag;
      const css = readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style');
      return `<style>${css}</style>`;
    },
  );
}

export interface CardPageDeps {
  /** The client's index.html (the full app), if built. */
  indexHtml: () => string | undefined;
}

export function mountCardPages(app: Hono<AppEnv>, deps: AppDeps, pageDeps: CardPageDeps): void {
  const origin = deps.config.publicOrigin;
  const cardFile = path.join(deps.config.clientDir, 'card.html');
  const serverEntry = path.join(deps.config.clientDir, 'server', 'entry-server.js');
  let cardTemplate: string | undefined | null = null;
  let renderer: Promise<Renderer | undefined> | undefined;

  const readCardTemplate = () => {
    if (cardTemplate === null) {
      cardTemplate = existsSync(cardFile)
        ? inlineStylesheets(readFileSync(cardFile, 'utf8'), deps.config.clientDir)
        : undefined;
    }
    return cardTemplate;
  };
  const loadRenderer = () => {
    renderer ??= existsSync(serverEntry)
      ? import(pathToFileURL(serverEntry).href).then(
          (m: { renderCardPage?: Renderer }) => m.renderCardPage,
          (error: unknown) => {
            deps.logger.error('ssr bundle failed to load', { error: String(error) });
            return undefined;
          },
        )
      : Promise.resolve(undefined);
    return renderer;
  };

  const handler = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const route = parseCardPath(c.req.path);
    if (!route) return next();
    const locale = localeOf(c);
    const appTemplate = pageDeps.indexHtml() ?? fallbackTemplate;
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Cookie');
    let data: CardPageData;
    try {
      data = await loadCardPage(deps.database.db, route, origin, c.req.path);
    } catch (error) {
      if (error instanceof PageNotFound) {
        return c.html(
          fillTemplate(appTemplate, { meta: defaultMeta(origin, c.req.path), locale }),
          404,
        );
      }
      deps.logger.error('card page failed', {
        requestId: c.get('requestId'),
        error: String(error),
      });
      return c.html(
        fillTemplate(appTemplate, { meta: errorMeta(origin, c.req.path), locale }),
        500,
      );
    }
    const meta = pageMeta(data, origin, c.req.path);
    const cardTemplateHtml = readCardTemplate();
    const render = cardTemplateHtml ? await loadRenderer() : undefined;
    let html = '';
    if (render) {
      try {
        html = render(data, locale);
      } catch (error) {
        // The client renders it instead; the metadata is already right.
        deps.logger.error('card render failed', {
          requestId: c.get('requestId'),
          error: String(error),
        });
      }
    }
    const template = cardTemplateHtml ?? appTemplate;
    return c.html(
      fillTemplate(template, {
        meta,
        html,
        data: cardTemplateHtml ? data : undefined,
        locale,
        themeColor: data.view.theme.value.menu,
        preloadImages:
          data.route.kind === 'profile'
            ? [data.view.owner.bannerUrl, data.view.owner.avatarUrl].filter((src): src is string =>
                Boolean(src),
              )
            : [],
      }),
      200,
    );
  };

  for (const prefix of cardPagePrefixes) app.get(`/${prefix}/*`, handler);
}
