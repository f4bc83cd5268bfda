// Picture uploads and their serving (not in the spec; decision 0620). The client names the
// upload (a uuid it made, so an offline edit can point at it before it is sent) and sends the
// raw bytes; the server checks them by content, re-encodes them and stores them in the
// database, where every server process serves them from.
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError, errorBody } from '../http/errors';
import { readQuery, uuidParam } from '../http/input';
import { describeUpload, findUpload, readVariant, storeUpload } from '../images/image-store';
import { maxUploadBytes, uploadQuerySchema } from '../../contract/image';
import { fairUseLimits } from '../../contract/fair-use';
import { countUpload } from '../domain/fair-use';

const tooLarge = () =>
  new ApiError(413, 'image_too_large', { image: 'image_too_large' }, undefined, {
    max: Math.round(maxUploadBytes / (1024 * 1024)),
  });

/** The request body, refused as soon as it passes the limit (never read whole first). */
async function readLimitedBody(c: Context): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxUploadBytes) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxUploadBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/** A body declared as text (JSON, a form, plain text): never a picture's bytes. */
export function isTextBody(contentType: string | undefined): boolean {
  return /json|form|^text\//i.test(contentType ?? '');
}

/** Under /api: PUT stores an upload, GET tells its owner what was stored. */
export function uploadRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  /** Raw picture bytes as the body; `?purpose=avatar|banner|background|content`. */
  app.put('/uploads/:id', async (c) => {
    const me = requireMember(c);
    if (isTextBody(c.req.header('content-type'))) {
      throw new ApiError(415, 'image_type_unsupported', { image: 'image_type_unsupported' });
    }
    const id = uuidParam(c, 'id');
    const { purpose } = readQuery(c, uploadQuerySchema);
    const earlier = await findUpload(db, id);
    if (earlier && earlier.memberId !== me.memberId) throw new ApiError(403, 'forbidden');
    const bytes = await readLimitedBody(c);
    if (bytes.length === 0) throw new ApiError(400, 'image_required', { image: 'image_required' });
    // Fair use (decision 1023): counted before the costly check and re-encode; a repeat of a
    // stored upload (a device retrying) is answered as before and not counted again.
    if (!earlier) {
      const limits = deps.config.fairUse ?? fairUseLimits;
      await countUpload(db, me.memberId, bytes.length, deps.now(), limits);
    }
    const stored = await storeUpload(db, { id, memberId: me.memberId, purpose, bytes });
    return c.json(stored, 200);
  });

  app.get('/uploads/:id', async (c) => {
    const me = requireMember(c);
    const upload = await findUpload(db, uuidParam(c, 'id'));
    if (!upload) throw new ApiError(404, 'not_found');
    if (upload.memberId !== me.memberId) throw new ApiError(403, 'forbidden');
    return c.json(await describeUpload(db, upload), 200);
  });

  return app;
}

/** `/img/<uploadId>/<variant>`: public, immutable (an upload id never changes its bytes). */
export function imageRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/img/:id/:variant', async (c) => {
    const id = c.req.param('id');
    const variant = c.req.param('variant');
    const found =
      /^[0-9a-f-]{36}$/.test(id) && /^[0-9a-z]+\.(?:webp|jpg)$/.test(variant)
        ? await readVariant(deps.database.db, id, variant)
        : undefined;
    if (!found) {
      // Not yet uploaded (an offline device's picture) may exist later: never cache a miss.
      c.header('Cache-Control', 'no-store');
      return c.json(errorBody(c, 'not_found'), 404);
    }
    const etag = `"${found.hash}"`;
    c.header('ETag', etag);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Content-Type', found.contentType);
    c.header('Content-Disposition', 'inline');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    c.header('Content-Length', String(found.bytes.length));
    return c.body(new Uint8Array(found.bytes));
  });
  return app;
}
