// Per-field merge (decision 1062): an edit carries the fields it changed and, as `base`, what the
// device held for them when the edit was made. The server writes only those fields; where the
// stored value is neither the base nor the new value, another device's write lost and is kept
// as a conflict the member chooses on.
import * as v from 'valibot';
import { uuidSchema } from './common';

/** A field's value as a base or a kept value: text, a list of texts, or none. */
const fieldValueSchema = v.nullable(
  v.union(
    [
      v.pipe(v.string('invalid_value'), v.maxLength(5000, 'too_long')),
      v.pipe(
        v.array(v.pipe(v.string('invalid_value'), v.maxLength(300, 'too_long'))),
        v.maxLength(100, 'too_long'),
      ),
    ],
    'invalid_value',
  ),
);

/**
 * The `base` of an edit: for each changed field, the value the device's mirror held. Only the
 * named fields are accepted; a field outside them is refused as `base_field_unknown`.
 */
export function fieldBaseSchema<const F extends string>(fields: readonly F[]) {
  const entries = Object.fromEntries(
    fields.map((field) => [field, v.optional(fieldValueSchema)]),
  ) as Record<F, v.OptionalSchema<typeof fieldValueSchema, undefined>>;
  return v.optional(v.strictObject(entries, 'base_field_unknown'));
}

export type FieldValue = string | readonly string[] | null;
export type FieldValues = Record<string, FieldValue>;

/** The same stored value: blank text is none, lists compare item by item. */
export function sameFieldValue(a: unknown, b: unknown): boolean {
  const norm = (value: unknown) => (value === undefined || value === '' ? null : value);
  const x = norm(a);
  const y = norm(b);
  if (Array.isArray(x) || Array.isArray(y)) return JSON.stringify(x) === JSON.stringify(y);
  return x === y;
}

/** Entities whose edits are merged per field and may leave conflicts. */
export const mergedEntities = [
  'contacts',
  'profile',
  'jobDiary',
  'cvs',
  // Content (decision 1062): each kind's Dexie table.
  'posts',
  'products',
  'activities',
  'relics',
  'posters',
  'weddings',
  'accountLinks',
] as const;
export type MergedEntity = (typeof mergedEntities)[number];

/**
 * How a conflict is settled. A field conflict: keep what the later write put (`written`) or
 * put back the value it replaced (`lost`). An edit of a deleted row: `restore` the row with the
 * edit's values, or `dismiss` the edit.
 */
export const conflictChoices = ['written', 'lost', 'restore', 'dismiss'] as const;
export type ConflictChoice = (typeof conflictChoices)[number];

/** conflict.resolve: settles one conflict, once (a settled one answers as it is). */
export const conflictResolveSchema = v.object({
  id: uuidSchema,
  choice: v.picklist(conflictChoices, 'invalid_value'),
});
export type ConflictResolveInput = v.InferOutput<typeof conflictResolveSchema>;

/** A conflict as the API returns it and as the member's devices mirror it (Dexie `conflicts`). */
export interface SyncConflict {
  id: string;
  memberId: string;
  entity: MergedEntity;
  /** The id of the row in its entity's table. */
  rowId: string;
  /** field: a value another write replaced; deleted: an edit that found the row deleted. */
  kind: 'field' | 'deleted';
  /** What the row is called (a contact's name), to name it when the row is gone. */
  label: string;
  /** field: the replaced values; deleted: the edit's values. */
  lost: FieldValues;
  /** field: the values the later write put; deleted: null. */
  written: FieldValues | null;
  /** The device whose write won (its sync client id), when it said. */
  writerClientId: string | null;
  resolution: ConflictChoice | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  changeSeq?: number;
}
