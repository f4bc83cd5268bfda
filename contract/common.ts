import * as v from 'valibot';
import { visibleWhenPresent } from './visible-text';

export const uuidSchema = v.pipe(v.string(), v.uuid('invalid_id'));

/** A UUID in any case, as a pattern to build other patterns from (paths, picture addresses). */
export const uuidPatternSource = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const uuidPattern = new RegExp(`^${uuidPatternSource}$`, 'i');

/** A member's, brand's or row's id (rather than a short link or any other text). */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

export const policies = ['public', 'friend', 'private'] as const;
export type Policy = (typeof policies)[number];
export const policySchema = v.optional(v.picklist(policies, 'invalid_value'), 'public');

/** A required, trimmed, non-empty text field with a length cap. */
export function requiredText(code: string, max = 2000) {
  return v.pipe(
    v.string(code),
    v.trim(),
    v.nonEmpty(code),
    visibleWhenPresent,
    v.maxLength(max, 'too_long'),
  );
}

/** An optional trimmed text field; empty means absent. */
export function optionalText(max = 2000) {
  return v.optional(
    v.pipe(v.string('invalid_value'), v.trim(), visibleWhenPresent, v.maxLength(max, 'too_long')),
  );
}

/** Page numbers start at 1 (spec §9). */
export const pageSchema = v.optional(
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.decimal('invalid_number'), v.transform(Number))]),
    v.integer('invalid_number'),
    v.minValue(1, 'invalid_number'),
  ),
  1,
);

export const isoDateSchema = v.pipe(v.string('invalid_date'), v.isoDate('invalid_date'));

/** Columns every mirrored row carries. */
export interface SyncedRow {
  id: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}
