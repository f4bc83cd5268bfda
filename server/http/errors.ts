import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { messageText, type Lang, type MessageCode } from '../../contract/messages';
import type { ApiErrorBody } from '../../contract/errors';

/** An answer the client can act on; anything else becomes a logged 500. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: MessageCode,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** Values for `{name}` placeholders of the message (e.g. an available balance). */
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
  }
}

export const notFound = () => new ApiError(404, 'not_found');
export const forbidden = () => new ApiError(403, 'forbidden');
export const unauthorized = () => new ApiError(401, 'unauthorized');

/** Language of messages: the `lang` cookie, then Accept-Language; Vietnamese by default. */
export function requestLang(c: Context): Lang {
  const cookie = c.req.header('cookie') ?? '';
  const match = /(?:^|;\s*)lang=(vi|en)\b/.exec(cookie);
  if (match) return match[1] as Lang;
  const accept = c.req.header('accept-language') ?? '';
  return /^\s*en\b/i.test(accept) ? 'en' : 'vi';
}

export function errorBody(
  c: Context,
  code: string,
  fields?: Record<string, string>,
  params?: Record<string, string | number>,
): ApiErrorBody {
  const lang = requestLang(c);
  const translated = fields
    ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, messageText(v, lang)]))
    : undefined;
  return {
    error: {
      code,
      message: messageText(code, lang, params),
      ...(translated ? { fields: translated } : {}),
      ...(params ? { params } : {}),
      requestId: c.get('requestId'),
    },
  };
}

export function errorResponse(c: Context, error: ApiError): Response {
  if (error.headers) for (const [k, v] of Object.entries(error.headers)) c.header(k, v);
  return c.json(errorBody(c, error.code, error.fields, error.params), error.status);
}

/**
 * SQLSTATE codes of database errors that only bad input causes: a NUL byte in text
 * (22021), a value that is not of the column's type such as a malformed uuid (22P02), a
 * number or date out of range (22003, 22008, 22007). They become a 400, not a 500.
 */
const inputFaultStates = new Set(['22021', '22P02', '22003', '22007', '22008', '22P05']);

/** The 400 for a database error caused by the request's input, if it is one. */
export function inputFault(error: unknown): ApiError | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && inputFaultStates.has(code)) {
      return new ApiError(400, 'invalid_value');
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
