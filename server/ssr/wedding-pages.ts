// /wedding/{id}: the public invitation, server-rendered like the card pages (decision 0400)
// from its own light page (wedding.html), with the spec's share title and description
// (§2, §9). An unknown, deleted or hidden invitation answers 404.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, Handler } from 'hono';
import { cookieLocale } from '../../contract/cookie-names';
import { titleSuffix } from '../../contract/share-text';
import { weddingShareDescription, weddingShareTitle, type Wedding } from '../../contract/wedding';
import type { AppDeps, AppEnv } from '../http/env';
import { publicWedding } from '../domain/wedding';
import { isUuid } from '../../contract/common';
import { fillTemplate, inlineStylesheets } from './card-pages';
import { defaultMeta } from './meta';
import { qrSvg } from './qr-svg';
import type { QrSvg } from '../../contract/qr-svg';
import { canMakeVietQr, vietQrPayload } from '../../contract/vietqr';

interface WeddingPageData {
  wedding: Wedding;
  pageUrl: string;
  /** The gift accounts' VietQR codes, by payload: drawn with no encoder in the browser. */
  giftQrs: Record<string, QrSvg>;
}

function giftQrs(wedding: Wedding): Record<string, QrSvg> {
  const qrs: Record<string, QrSvg> = {};
  for (const bank of [wedding.groomsBank, wedding.bridesBank]) {
    if (!bank || !canMakeVietQr(bank.bankBin, bank.accountNumber)) continue;
    const payload = vietQrPayload({ bin: bank.bankBin, accountNumber: bank.accountNumber });
    qrs[payload] = qrSvg(payload);
  }
  return qrs;
}
type Renderer = (data: WeddingPageData, locale: 'vi' | 'en') => string;

const bareTemplate = `<!doctype html>
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

function dataScript(data: WeddingPageData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script id="wedding-data" type="application/json">${json}</script>`;
}

/** The handler of /wedding/{id} (mounted from contract/page-routes.ts). */
export function weddingPageHandler(
  deps: AppDeps,
  pageDeps: { indexHtml: () => string | undefined },
): Handler<AppEnv> {
  const origin = deps.config.publicOrigin;
  const templateFile = path.join(deps.config.clientDir, 'wedding.html');
  const serverEntry = path.join(deps.config.clientDir, 'server', 'entry-server.js');
  let template: string | undefined | null = null;
  let renderer: Promise<Renderer | undefined> | undefined;

  const readTemplate = () => {
    if (template === null) {
      template = existsSync(templateFile)
        ? inlineStylesheets(readFileSync(templateFile, 'utf8'), deps.config.clientDir)
        : undefined;
    }
    return template;
  };
  const loadRenderer = () => {
    renderer ??= existsSync(serverEntry)
      ? import(pathToFileURL(serverEntry).href).then(
          (m: { renderWeddingPage?: Renderer }) => m.renderWeddingPage,
          () => undefined,
        )
      : Promise.resolve(undefined);
    return renderer;
  };

  return async (c: Context<AppEnv>) => {
    const locale = cookieLocale(c.req.header('cookie') ?? '') ?? 'vi';
    const id = c.req.param('id') ?? '';
    const wedding = isUuid(id)
      ? await publicWedding(deps.database.db, id.toLowerCase())
      : undefined;
    c.header('Vary', 'Cookie');
    if (!wedding) {
      c.header('Cache-Control', 'no-cache');
      const appTemplate = pageDeps.indexHtml() ?? bareTemplate;
      return c.html(
        fillTemplate(appTemplate, { meta: defaultMeta(origin, c.req.path), locale }),
        404,
      );
    }
    const data: WeddingPageData = {
      wedding,
      pageUrl: `${origin}${c.req.path}`,
      giftQrs: giftQrs(wedding),
    };
    const meta = {
      title: `${weddingShareTitle}${titleSuffix}`,
      description: weddingShareDescription,
      image: `${origin}/icons/icon-512.png`,
      url: data.pageUrl,
    };
    const page = readTemplate();
    const render = page ? await loadRenderer() : undefined;
    let html = '';
    try {
      html = render ? render(data, locale) : '';
    } catch (error) {
      // The entry renders it on the client instead.
      deps.logger.error('wedding render failed', { error: String(error) });
    }
    const filled = fillTemplate(
      (page ?? bareTemplate).replace('<!--app-data-->', () => dataScript(data)),
      {
        meta,
        html,
        locale,
      },
    );
    // Edits show at once: browsers revalidate; the service worker keeps a copy for offline.
    c.header('Cache-Control', 'public, max-age=0, must-revalidate');
    return c.html(filled, 200);
  };
}
