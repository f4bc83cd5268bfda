// The per-field merge of decision 1062, for any entity: which changed fields to write and which
// stored values another device's write had put since the edit's base (they lose, and are kept).
import { sameFieldValue, type FieldValues } from '../../contract/field-merge';

export interface FieldMergeResult {
  /** Every changed field with its new value: the later server write wins. */
  set: FieldValues;
  /** Fields another device wrote since the base: the value they held (the losing value). */
  lost: FieldValues;
  /** For the same fields, what this write puts. */
  written: FieldValues;
}

/**
 * Merges an edit into the stored row. `changed` holds only the fields the edit changed; `base`
 * what the editing device held for them (absent: an edit with no base, which never conflicts).
 * A field conflicts when its stored value is neither the base nor the new value.
 */
export function mergeFields(
  stored: FieldValues,
  changed: FieldValues,
  base: FieldValues | undefined,
): FieldMergeResult {
  const result: FieldMergeResult = { set: {}, lost: {}, written: {} };
  for (const [field, value] of Object.entries(changed)) {
    result.set[field] = value;
    if (!base || !Object.hasOwn(base, field)) continue;
    const now = stored[field] ?? null;
    if (!sameFieldValue(now, base[field]) && !sameFieldValue(now, value)) {
      result.lost[field] = now;
      result.written[field] = value;
    }
  }
  return result;
}
