import type { Context } from 'hono';
import * as v from 'valibot';
import { ApiError } from './errors';

/** Turns valibot issues into field → message code, first issue per field. */
export function issueFields(issues: v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new ApiError(400, 'validation_failed', issueFields(result.issues));
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

export async function rawBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    const text = await c.req.text();
    if (text.trim() === '') return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ApiError(400, 'bad_json');
    }
  }
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    return c.req.parseBody({ all: true });
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  throw new ApiError(415, 'invalid_value');
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
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
    throw new ApiError(404, 'not_found');
  }
  return value.toLowerCase();
}
