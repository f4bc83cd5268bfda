// /wedding/{id}: the public invitation, server HTML like the visitor's card (decision 0403)
// from its own light page (wedding.html, one small island script), with the spec's share title
// and description (§2, §9). An unknown, deleted or hidden invitation answers 404. A reply posted
// as a plain form (no script) comes to POST /wedding/{id}: stored, it is answered by the page
// with thanks (303, so that a reload does not post again); refused, by the page with the
// reasons next to the fields and what the guest typed (decision 0931).
import type { Context, Handler } from 'hono';
import { cookieLocale } from '../../contract/cookie-names';
import { titleSuffix } from '../../contract/share-text';
import { weddingShareDescription, weddingShareTitle, type Wedding } from '../../contract/wedding';
import {
  weddingReplyFields,
  type WeddingReplyField,
  type WeddingReplyState,
} from '../../contract/wedding-reply';
import { messageText } from '../../contract/messages';
import { fieldTexts } from '../../contract/field-messages';
import { ApiError, errorBody, fieldMessagesOf } from '../http/errors';
import { rawBody } from '../http/input';
import type { AppDeps, AppEnv } from '../http/env';
import { publicWedding } from '../domain/wedding';
import { isUuid } from '../../contract/common';
import { fillTemplate } from './card-pages';
import { pageTemplate, ssrExport } from './page-parts';
import { defaultMeta } from './meta';
import { qrSvg } from './qr-svg';
import type { QrSvg } from '../../contract/qr-svg';
import { canMakeVietQr, vietQrPayload } from '../../contract/vietqr';

interface WeddingPageData {
  wedding: Wedding;
  pageUrl: string;
  /** The gift accounts' VietQR codes, by payload: drawn with no encoder in the browser. */
  giftQrs: Record<string, QrSvg>;
  reply?: WeddingReplyState;
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
  </body>
</html>`;

/** What a guest typed, to fill the form again: the reply's text fields only. */
function typedValues(body: unknown): Partial<Record<WeddingReplyField, string>> {
  const values: Partial<Record<WeddingReplyField, string>> = {};
  if (typeof body !== 'object' || body === null) return values;
  for (const field of weddingReplyFields) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string') values[field] = value.slice(0, 2000);
  }
  return values;
}

/** The handlers of /wedding/{id} (mounted from contract/page-routes.ts) and of its plain form. */
export function weddingPageHandlers(
  deps: AppDeps,
  pageDeps: {
    indexHtml: () => string | undefined;
    /** The API's own intake of a reply (limits, checks, storage): throws ApiError if refused. */
    receiveReply: (c: Context<AppEnv>, deps: AppDeps, body: unknown) => Promise<unknown>;
  },
): { page: Handler<AppEnv>; reply: Handler<AppEnv> } {
  const origin = deps.config.publicOrigin;
  const readTemplate = pageTemplate(deps, 'wedding.html');
  const loadRenderer = ssrExport<Renderer>(deps, 'renderWeddingPage');

  const findWedding = (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    return isUuid(id) ? publicWedding(deps.database.db, id.toLowerCase()) : undefined;
  };

  const notFound = (c: Context<AppEnv>, locale: 'vi' | 'en') => {
    c.header('Cache-Control', 'no-cache');
    const appTemplate = pageDeps.indexHtml() ?? bareTemplate;
    return c.html(
      fillTemplate(appTemplate, { meta: defaultMeta(origin, c.req.path), locale }),
      404,
    );
  };

  const render = async (
    c: Context<AppEnv>,
    wedding: Wedding,
    locale: 'vi' | 'en',
    reply?: WeddingReplyState,
  ) => {
    const data: WeddingPageData = {
      wedding,
      pageUrl: `${origin}${c.req.path}`,
      giftQrs: giftQrs(wedding),
      ...(reply ? { reply } : {}),
    };
    const meta = {
      title: `${weddingShareTitle}${titleSuffix}`,
      description: weddingShareDescription,
      image: `${origin}/icons/icon-512.png`,
      url: data.pageUrl,
    };
    const page = readTemplate();
    const renderPage = page ? await loadRenderer() : undefined;
    let html = '';
    try {
      html = renderPage ? renderPage(data, locale) : '';
    } catch (error) {
      deps.logger.error('wedding render failed', { error: String(error) });
    }
    return fillTemplate(page ?? bareTemplate, { meta, html, locale });
  };

  const page: Handler<AppEnv> = async (c) => {
    const locale = cookieLocale(c.req.header('cookie') ?? '') ?? 'vi';
    const wedding = await findWedding(c);
    c.header('Vary', 'Cookie');
    if (!wedding) return notFound(c, locale);
    // The thanks after a plain form's reply (303 below): not a copy to keep.
    if (c.req.query('reply') === 'sent') {
      c.header('Cache-Control', 'no-store');
      return c.html(await render(c, wedding, locale, { status: 'sent' }), 200);
    }
    // Edits show at once: browsers revalidate; the service worker keeps a copy for offline.
    c.header('Cache-Control', 'public, max-age=0, must-revalidate');
    return c.html(await render(c, wedding, locale), 200);
  };

  const reply: Handler<AppEnv> = async (c) => {
    // Only a browser's plain form posts here (the island and the app send JSON to
    // /api/weddingGuest): any other body is refused as the API refuses it.
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
      return c.json(errorBody(c, 'invalid_value'), 415);
    }
    const locale = cookieLocale(c.req.header('cookie') ?? '') ?? 'vi';
    const wedding = await findWedding(c);
    c.header('Cache-Control', 'no-store');
    if (!wedding) return notFound(c, locale);
    let body: unknown = {};
    try {
      body = await rawBody(c);
      // The invitation is the one in the address, whatever the body says.
      await pageDeps.receiveReply(c, deps, {
        ...(typeof body === 'object' && body !== null ? body : {}),
        weddingId: wedding.id,
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = fieldMessagesOf(error.fields, error.code, error.params);
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      const refused: WeddingReplyState = {
        status: 'refused',
        message: messageText(error.code, locale, error.params),
        fields: fields ? fieldTexts(fields, locale) : {},
        values: typedValues(body),
      };
      return c.html(await render(c, wedding, locale, refused), error.status);
    }
    return c.redirect(`/wedding/${wedding.id}?reply=sent#rsvp`, 303);
  };

  return { page, reply };
}
