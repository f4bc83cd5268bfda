import type { Context } from 'hono';
import * as v from 'valibot';
import { isUuid } from '../../contract/common';
import { fieldMessages } from '../../contract/field-messages';
import { ApiError } from './errors';
import { parseJsonBody } from './json-body';

export function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) {
    throw new ApiError(400, 'validation_failed', fieldMessages(schema, result.issues));
  }
  return result.output;
}

/**
 * Reads a request body, JSON or form-urlencoded/multipart alike (the spec's clients post
 * forms), and validates it with a contract schema.
 */
export async function readBody<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<v.InferOutput<S>> {
  return validate(schema, await rawBody(c));
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The body as text; bytes that are not UTF-8 are refused instead of becoming U+FFFD. */
function utf8Text(bytes: ArrayBuffer): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new ApiError(400, 'bad_text_encoding');
  }
}

/**
 * In unicode mode \p{Cs} matches only an unpaired surrogate (a pair is one code point). JSON
 * "\ud800" parses into one; PostgreSQL cannot store it and the write would fail late.
 */
const loneSurrogate = /\p{Cs}/u;

/** Refuses any string, key or value, holding an unpaired UTF-16 surrogate. */
function requireWellFormedText(body: unknown): void {
  // A loop, not recursion: a deeply nested body must not overflow the stack.
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (loneSurrogate.test(value)) throw new ApiError(400, 'bad_text_encoding');
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) pending.push(key, item);
    }
  }
}

/**
 * A urlencoded body as Hono's parseBody({ all: true }) reads it (a repeated key or one ending
 * in [] gives an array), without building a FormData: tracking beacons post one per tap.
 */
function urlEncodedForm(text: string): Record<string, string | string[]> {
  const form = Object.create(null) as Record<string, string | string[]>;
  for (const [key, value] of new URLSearchParams(text)) {
    const before = form[key];
    if (before === undefined) form[key] = key.endsWith('[]') ? [value] : value;
    else if (Array.isArray(before)) before.push(value);
    else form[key] = [before, value];
  }
  return form;
}

export async function rawBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    const text = utf8Text(await c.req.arrayBuffer());
    if (text.trim() === '') return {};
    // Depth is bounded before anything walks the body (decision 0206).
    const parsed = parseJsonBody(text);
    requireWellFormedText(parsed);
    return parsed;
  }
  if (type.includes('application/x-www-form-urlencoded')) {
    const form = urlEncodedForm(utf8Text(await c.req.arrayBuffer()));
    requireWellFormedText(form);
    return form;
  }
  if (type.includes('multipart/form-data')) {
    const form = await c.req.parseBody({ all: true });
    requireWellFormedText(form);
    return form;
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  throw new ApiError(415, 'invalid_value');
}

/**
 * A file sent as the whole body (a contacts import): UTF-8 text, whatever type the browser gave
 * the file (Windows calls a CSV application/vnd.ms-excel). A JSON or form body is not a file.
 */
export async function readFileText(c: Context): Promise<string> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (
    type === 'application/json' ||
    type === 'application/x-www-form-urlencoded' ||
    type === 'multipart/form-data'
  ) {
    throw new ApiError(415, 'invalid_value');
  }
  // Strict decoding also refuses encoded surrogates, so no unpaired one gets through.
  return utf8Text(await c.req.arrayBuffer());
}

/** Query parameters with empty values stripped (spec §5), validated. */
export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const query = Object.fromEntries(
    Object.entries(c.req.query()).filter(([, value]) => value !== '' && value !== 'null'),
  );
  return validate(schema, query);
}

/** A path parameter that must be a uuid; anything else is simply not found. */
export function uuidParam(c: Context, name: string): string {
  const value = c.req.param(name) ?? '';
  if (!isUuid(value)) {
    throw new ApiError(404, 'not_found');
  }
  return value.toLowerCase();
}
