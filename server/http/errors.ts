import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { messageText, type Lang, type MessageCode } from '../../contract/messages';
import type { ApiErrorBody } from '../../contract/errors';
import { cookieLocale } from '../../contract/cookie-names';
import { sqlStateOf } from '../db/sql-state';
import { fieldTexts, type FieldMessage, type FieldMessages } from '../../contract/field-messages';

/** A field's message as handlers name it: a bare code, or a code with its parameters. */
export type FieldInput = MessageCode | FieldMessage;

/**
 * Field messages in the wire's code-and-parameters form. A field that carries the error's own
 * code shares the error's parameters (e.g. the available points of `points_insufficient`).
 */
export function fieldMessagesOf(
  fields: Record<string, FieldInput> | undefined,
  code?: string,
  params?: Record<string, string | number>,
): FieldMessages | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => {
      if (typeof field !== 'string') return [key, field];
      return [key, field === code && params ? { code: field, params } : { code: field }];
    }),
  );
}

/** An answer the client can act on; anything else becomes a logged 500. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: MessageCode,
    readonly fields?: Record<string, FieldInput>,
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

/** The language the person chose (the `lang` cookie), if any: a browser's own setting is no choice. */
export function chosenLang(c: Context): Lang | undefined {
  return cookieLocale(c.req.header('cookie') ?? '');
}

/**
 * Language of messages: the `lang` cookie, then Accept-Language (the app sends its page's
 * language there); Vietnamese by default.
 */
export function requestLang(c: Context): Lang {
  const fromCookie = cookieLocale(c.req.header('cookie') ?? '');
  if (fromCookie) return fromCookie;
  const accept = c.req.header('accept-language') ?? '';
  return /^\s*en\b/i.test(accept) ? 'en' : 'vi';
}

export function errorBody(
  c: Context,
  code: string,
  fields?: Record<string, FieldInput>,
  params?: Record<string, string | number>,
): ApiErrorBody {
  const lang = requestLang(c);
  const fieldCodes = fieldMessagesOf(fields, code, params);
  return {
    error: {
      code,
      message: messageText(code, lang, params),
      // `fields` stays text (older clients show it as it is); `fieldCodes` adds code + params.
      ...(fieldCodes ? { fields: fieldTexts(fieldCodes, lang), fieldCodes } : {}),
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
  const state = sqlStateOf(error);
  return state && inputFaultStates.has(state) ? new ApiError(400, 'invalid_value') : undefined;
}
