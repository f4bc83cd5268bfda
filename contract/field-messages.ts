// The one mapping from a valibot issue to a field message (docs/decisions/0025-field-messages.md).
// The server's 400 answers, the sync push's rejected entries and the forms all use it, so a
// field never answers with the generic "something went wrong".
import * as v from 'valibot';
import { isMessageCode, messageText, type Lang, type MessageCode } from './messages';

/** A message code and the values of its `{name}` placeholders (e.g. `{ max: 120 }`). */
export interface FieldMessage {
  code: MessageCode;
  params?: Record<string, string | number>;
}

/** Field path (dot path; `_` for the whole input) → its first message. */
export type FieldMessages = Record<string, FieldMessage>;

type Issue = v.BaseIssue<unknown>;
type AnySchema = v.GenericSchema;

/** Schema codes that name no reason: a more exact message of the issue's kind replaces them. */
const vagueCodes: ReadonlySet<string> = new Set([
  'generic',
  'too_long',
  'invalid_value',
  'invalid_number',
]);
/** Mapped codes too weak to replace even a vague schema code. */
const weakCodes: ReadonlySet<string> = new Set(['invalid_value', 'invalid_format']);

function specificCode(message: string): MessageCode | undefined {
  return isMessageCode(message) && !vagueCodes.has(message) ? message : undefined;
}

function bound(requirement: unknown): string | number {
  if (typeof requirement === 'number') return requirement;
  if (requirement instanceof Date) return requirement.toISOString().slice(0, 10);
  return String(requirement);
}

/** The parts of a schema object the walk reads; valibot's pipes spread their first schema. */
interface SchemaShape {
  type?: string;
  wrapped?: unknown;
  entries?: Record<string, unknown>;
  options?: unknown[];
  item?: unknown;
  value?: unknown;
  pipe?: readonly { kind?: string; type?: string; message?: unknown }[];
}

function shape(schema: unknown): SchemaShape | undefined {
  return typeof schema === 'object' && schema !== null ? schema : undefined;
}

/** Strips optional/nullable/nullish wrappers down to the schema that checks the value. */
function unwrap(schema: unknown): SchemaShape | undefined {
  let s = shape(schema);
  for (let depth = 0; s?.wrapped !== undefined && depth < 10; depth += 1) s = shape(s.wrapped);
  return s;
}

/** The schema of a child value (object key, array item, record value, union option). */
function childSchema(schema: unknown, key: unknown): unknown {
  const s = unwrap(schema);
  if (!s) return undefined;
  if (s.entries && typeof key === 'string' && Object.hasOwn(s.entries, key)) return s.entries[key];
  if (s.item !== undefined && typeof key === 'number') return s.item;
  if (s.type === 'record') return s.value;
  for (const option of s.options ?? []) {
    const child = childSchema(option, key);
    if (child !== undefined) return child;
  }
  return undefined;
}

/** The schema at an issue's path inside the root schema, when it can be found. */
export function schemaAtPath(root: unknown, issue: Issue): AnySchema | undefined {
  let schema: unknown = root;
  for (const item of issue.path ?? []) {
    schema = childSchema(schema, item.key);
    if (schema === undefined) return undefined;
  }
  return schema as AnySchema;
}

const formatByType: Record<string, MessageCode> = {
  uuid: 'invalid_id',
  cuid2: 'invalid_id',
  ulid: 'invalid_id',
  nanoid: 'invalid_id',
  email: 'invalid_email',
  rfc_email: 'invalid_email',
  url: 'invalid_link',
  iso_date: 'invalid_date',
  iso_date_time: 'invalid_date',
  iso_timestamp: 'invalid_date',
  iso_week: 'invalid_date',
  iso_time: 'invalid_time',
  iso_time_second: 'invalid_time',
  digits: 'not_a_number',
  decimal: 'not_a_number',
  integer: 'not_a_number',
};

/**
 * What a text field holds, read from its pipe: a wrong-typed value for an id field says
 * "invalid id", not "please enter text". A validation's own specific code wins.
 */
function formatOf(schema: unknown): MessageCode | undefined {
  const s = unwrap(schema);
  if (!s) return undefined;
  for (const action of s.pipe ?? []) {
    // A pipe's first item is its schema, itself a pipe when pipes are nested.
    if (action.kind === 'schema') {
      const inner = formatOf(action);
      if (inner) return inner;
      continue;
    }
    if (action.kind !== 'validation' || !action.type) continue;
    const own = typeof action.message === 'string' ? specificCode(action.message) : undefined;
    if (own && !/_required$/.test(own)) return own;
    const mapped = formatByType[action.type];
    if (mapped) return mapped;
  }
  for (const option of s.options ?? []) {
    const found = formatOf(option);
    if (found) return found;
  }
  return undefined;
}

/** The message an issue's kind gives, whatever the schema said. */
function messageOfKind(issue: Issue, fieldSchema: unknown): FieldMessage {
  const isList = Array.isArray(issue.input);
  switch (issue.type) {
    case 'string':
      return { code: formatOf(fieldSchema) ?? 'not_text' };
    case 'number':
    case 'bigint':
    case 'finite':
    case 'decimal':
    case 'hexadecimal':
      return { code: 'not_a_number' };
    case 'integer':
    case 'safe_integer':
      return { code: 'not_whole_number' };
    case 'boolean':
      return { code: 'not_yes_no' };
    case 'array':
    case 'tuple':
    case 'strict_tuple':
    case 'loose_tuple':
    case 'tuple_with_rest':
      return { code: 'not_a_list' };
    case 'object':
    case 'strict_object':
    case 'loose_object':
    case 'object_with_rest':
    case 'record':
      return { code: issue.expected === 'never' ? 'unknown_field' : 'not_a_group' };
    case 'picklist':
    case 'enum':
    case 'literal':
    case 'variant':
    case 'value':
    case 'values':
    case 'not_value':
    case 'not_values':
      return { code: 'not_allowed_value' };
    case 'union': {
      // An option that accepted the value's type and refused it later says most.
      const reached = issue.issues?.find((sub) => sub.kind !== 'schema');
      if (reached) return issueMessage(reached, fieldSchema);
      const first = issue.issues?.[0];
      if (first) return messageOfKind(first, fieldSchema);
      return { code: formatOf(fieldSchema) ?? 'not_allowed_value' };
    }
    case 'date':
      return { code: 'invalid_date' };
    case 'min_value':
    case 'gt_value':
      return { code: 'too_small', params: { min: bound(issue.requirement) } };
    case 'max_value':
    case 'lt_value':
      return { code: 'too_large', params: { max: bound(issue.requirement) } };
    case 'non_empty':
      return { code: 'required' };
    case 'min_length':
    case 'min_graphemes':
    case 'min_words': {
      const min = bound(issue.requirement);
      if (isList) return { code: 'too_few_items', params: { min } };
      return min === 1 ? { code: 'required' } : { code: 'text_too_short', params: { min } };
    }
    case 'max_length':
    case 'max_graphemes':
    case 'max_words': {
      const max = bound(issue.requirement);
      return { code: isList ? 'too_many_items' : 'text_too_long', params: { max } };
    }
    case 'length':
      return { code: 'text_wrong_length', params: { length: bound(issue.requirement) } };
    case 'digits':
      return { code: 'digits_only' };
    case 'regex':
      return { code: 'invalid_format' };
    default:
      return { code: formatByType[issue.type] ?? 'invalid_value' };
  }
}

function isMissing(issue: Issue): boolean {
  return issue.kind === 'schema' && (issue.input === undefined || issue.input === null);
}

/**
 * The message of one issue. A schema's own specific code stays; a missing value is
 * "required" unless the field's schema names its own required message; otherwise the
 * issue's kind decides (with its bound: `{ max: 120 }`). Never the generic text.
 */
export function issueMessage(issue: Issue, fieldSchema?: unknown): FieldMessage {
  const own = specificCode(issue.message);
  if (own) return { code: own };
  if (isMissing(issue)) {
    // A missing object key is reported by the object, not by the field: ask the field.
    if (fieldSchema !== undefined) {
      const probe = v.safeParse(fieldSchema as AnySchema, undefined);
      const code = probe.issues?.[0] ? specificCode(probe.issues[0].message) : undefined;
      if (code) return { code };
    }
    return { code: 'required' };
  }
  // An empty text refused by a check that names no reason: nothing was entered.
  if (typeof issue.input === 'string' && issue.input.trim() === '') return { code: 'required' };
  const exact = messageOfKind(issue, fieldSchema);
  if (isMessageCode(issue.message) && issue.message !== 'generic' && weakCodes.has(exact.code)) {
    // A number field's text that is no number at all ("abc") says so.
    if (issue.message === 'invalid_number' && Number.isNaN(Number(issue.input))) {
      return { code: 'not_a_number' };
    }
    return { code: issue.message };
  }
  return exact;
}

/** Field → message for every field with an issue (the first issue per field). */
export function fieldMessages(schema: unknown, issues: readonly Issue[]): FieldMessages {
  const fields: FieldMessages = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    fields[key] ??= issueMessage(issue, schemaAtPath(schema, issue));
  }
  return fields;
}

export function fieldMessageText(message: FieldMessage, lang: Lang): string {
  return messageText(message.code, lang, message.params);
}

/** Field → text in one language: the `fields` of error answers and push results. */
export function fieldTexts(fields: FieldMessages, lang: Lang): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, message]) => [key, fieldMessageText(message, lang)]),
  );
}

/**
 * A form field's error as shown: a message code is translated, a text (from the server or a
 * resolver that already rendered it in the form's language) is shown as it came.
 */
export function shownFieldText(message: string | undefined, lang: Lang): string | undefined {
  if (!message) return undefined;
  return isMessageCode(message) ? messageText(message, lang) : message;
}
