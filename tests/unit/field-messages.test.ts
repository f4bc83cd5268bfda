// Every object schema of contract/, with each field missing and wrong-typed: every field
// answer is a specific message in vi and en, never the generic "something went wrong".
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { fieldMessages, fieldTexts, issueMessage } from '../../contract/field-messages';
import { messages, type Lang } from '../../contract/messages';

const contractDir = fileURLToPath(new URL('../../contract/', import.meta.url));
const objectTypes = new Set(['object', 'strict_object', 'loose_object', 'object_with_rest']);

interface SchemaLike {
  kind?: unknown;
  type?: unknown;
  entries?: Record<string, v.GenericSchema>;
  options?: unknown[];
  '~run'?: unknown;
}

function asSchema(value: unknown): SchemaLike | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const s = value as SchemaLike;
  return s.kind === 'schema' && typeof s['~run'] === 'function' ? s : undefined;
}

/** Object schemas (a pipe over an object counts) and the object options of variants. */
function objectSchemas(name: string, value: unknown, found: Map<string, SchemaLike>): void {
  const s = asSchema(value);
  if (!s) return;
  if (typeof s.type === 'string' && objectTypes.has(s.type) && s.entries) found.set(name, s);
  if (s.type === 'variant' || s.type === 'union') {
    s.options?.forEach((option, i) => objectSchemas(`${name}[${i}]`, option, found));
  }
}

const schemas = new Map<string, SchemaLike>();
for (const file of readdirSync(contractDir).filter((f) => f.endsWith('.ts'))) {
  const module = (await import(`../../contract/${file}`)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(module)) {
    objectSchemas(`${file}:${name}`, value, schemas);
  }
}

/** Wrong-typed values: whatever a field expects, at least one of these is not it. */
const wrongValues: unknown[] = [12345, true, { nested: 1 }, ['x'], 'zz-not-valid', null];
const langs: Lang[] = ['vi', 'en'];

function expectSpecific(schema: SchemaLike, input: unknown, label: string): Set<string> {
  const result = v.safeParse(schema as v.GenericSchema, input);
  if (result.success) return new Set();
  const fields = fieldMessages(schema, result.issues);
  for (const lang of langs) {
    for (const [field, text] of Object.entries(fieldTexts(fields, lang))) {
      expect(text, `${label} ${field} (${lang})`).not.toBe(messages.generic[lang]);
      expect(text, `${label} ${field} (${lang}): unfilled placeholder`).not.toMatch(/\{\w+\}/);
    }
  }
  return new Set(Object.keys(fields).map((path) => path.split('.')[0] ?? path));
}

describe('field messages of every contract object schema', () => {
  it('finds the contract schemas', () => {
    expect(schemas.size).toBeGreaterThan(30);
    expect(schemas.has('points.ts:pointCreateSchema')).toBe(true);
  });

  for (const [name, schema] of schemas) {
    it(`${name}: a missing or wrong-typed field names a specific message`, () => {
      const entries = schema.entries ?? {};
      const namedWhenEmpty = expectSpecific(schema, {}, `${name} {}`);
      for (const [field, fieldSchema] of Object.entries(entries)) {
        // A field that refuses a missing value is named when the body is empty.
        if (!v.safeParse(fieldSchema, undefined).success) {
          expect(namedWhenEmpty.has(field), `${name}: ${field} missing`).toBe(true);
        }
        let refused = false;
        for (const wrong of wrongValues) {
          const named = expectSpecific(
            schema,
            { [field]: wrong },
            `${name} ${field}=${JSON.stringify(wrong)}`,
          );
          refused ||= named.has(field);
        }
        // Free-form fields (unknown payloads) take anything; the others refuse some value.
        const takesAnything = wrongValues.every((value) => v.safeParse(fieldSchema, value).success);
        if (!takesAnything) expect(refused, `${name}: ${field} wrong-typed`).toBe(true);
      }
    });
  }
});

describe('the mapping', () => {
  const parse = (schema: v.GenericSchema, input: unknown) => {
    const result = v.safeParse(schema, input);
    return result.success ? {} : fieldMessages(schema, result.issues);
  };
  const form = v.object({
    title: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(120)),
    count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5000)),
    kind: v.picklist(['a', 'b']),
    email: v.pipe(v.string(), v.email()),
    site: v.pipe(v.string(), v.url()),
    day: v.pipe(v.string(), v.isoDate()),
    ref: v.pipe(v.string(), v.uuid()),
    tags: v.optional(v.pipe(v.array(v.string()), v.maxLength(3))),
    named: v.pipe(v.string('title_required'), v.nonEmpty('title_required')),
  });

  it('names each kind of problem with its bound', () => {
    expect(parse(form, {})).toEqual({
      title: { code: 'required' },
      count: { code: 'required' },
      kind: { code: 'required' },
      email: { code: 'required' },
      site: { code: 'required' },
      day: { code: 'required' },
      ref: { code: 'required' },
      named: { code: 'title_required' },
    });
    expect(
      parse(form, {
        title: 'x'.repeat(121),
        count: 1.5,
        kind: 'c',
        email: 'nope',
        site: 'nope',
        day: '31/12/2025',
        ref: 'nope',
        tags: ['a', 'b', 'c', 'd'],
        named: '',
      }),
    ).toEqual({
      title: { code: 'text_too_long', params: { max: 120 } },
      count: { code: 'not_whole_number' },
      kind: { code: 'not_allowed_value' },
      email: { code: 'invalid_email' },
      site: { code: 'invalid_link' },
      day: { code: 'invalid_date' },
      ref: { code: 'invalid_id' },
      tags: { code: 'too_many_items', params: { max: 3 } },
      named: { code: 'title_required' },
    });
    expect(parse(form, { count: 0 }).count).toEqual({ code: 'too_small', params: { min: 1 } });
    expect(parse(form, { count: 6000 }).count).toEqual({
      code: 'too_large',
      params: { max: 5000 },
    });
    expect(parse(form, { count: 'abc', ref: 7, title: '  ' })).toMatchObject({
      count: { code: 'not_a_number' },
      ref: { code: 'invalid_id' },
      title: { code: 'required' },
    });
  });

  it('keeps a schema’s own specific code and replaces only the catch-all ones', () => {
    const issue = v.safeParse(v.pipe(v.string(), v.maxLength(3, 'too_long')), 'abcd').issues?.[0];
    expect(issue && issueMessage(issue)).toEqual({ code: 'text_too_long', params: { max: 3 } });
    const own = v.safeParse(v.pipe(v.string(), v.regex(/^\d{6}$/, 'otp_invalid_format')), 'x');
    expect(own.issues?.[0] && issueMessage(own.issues[0])).toEqual({ code: 'otp_invalid_format' });
  });

  it('shows bounds with dot thousands (spec §9)', () => {
    expect(
      fieldTexts({ v: { code: 'too_large', params: { max: 100_000_000_000 } } }, 'vi'),
    ).toEqual({
      v: 'Giá trị không được lớn hơn 100.000.000.000',
    });
  });
});

describe('the forms’ resolver', () => {
  const options = { fields: {}, names: [], shouldUseNativeValidation: false };

  it('shows the same texts as the server, in the form’s language', async () => {
    const { contractResolver } = await import('../../src/lib/contract-resolver');
    const { loginFormSchema } = await import('../../contract/login');
    const { pointCreateSchema } = await import('../../contract/points');
    const login = await contractResolver(loginFormSchema, 'vi')(
      { email: '', password: '' },
      undefined,
      options,
    );
    expect(login.errors).toMatchObject({
      email: { type: 'invalid_email', message: 'Bạn phải nhập địa chỉ email' },
      password: { type: 'password_required', message: 'Vui lòng nhập mật khẩu' },
    });
    const points = await contractResolver(pointCreateSchema, 'en')(
      {
        id: '',
        sellerGroupId: '',
        buyerMemberId: '',
        invoiceNumber: 'x'.repeat(61),
        invoiceValue: 'abc',
      },
      undefined,
      options,
    );
    expect(points.errors).toMatchObject({
      id: { type: 'invalid_id', message: 'Invalid id' },
      invoiceNumber: { type: 'text_too_long', message: 'Use at most 60 characters' },
      invoiceValue: { type: 'not_a_number', message: 'Please enter a number' },
    });
    const valid = await contractResolver(loginFormSchema, 'en')(
      { email: 'a@b.vn', password: 'secret' },
      undefined,
      options,
    );
    expect(valid).toEqual({ values: { email: 'a@b.vn', password: 'secret' }, errors: {} });
  });
});
