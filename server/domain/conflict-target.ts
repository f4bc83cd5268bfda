// What an entity with per-field merge gives conflict.resolve (decision 1062).
import type { Transaction } from '../db/client';
import type { MutationContext } from '../sync/registry';
import type { FieldValues } from '../../contract/field-merge';

export interface ConflictTarget {
  /** Writes kept values back through the entity's per-field write, merged against `base`. */
  writeFields(
    tx: Transaction,
    ctx: MutationContext,
    rowId: string,
    values: FieldValues,
    base: FieldValues | undefined,
  ): Promise<void>;
  /** Brings a deleted row back with an edit's values (entities that delete rows). */
  restore?(
    tx: Transaction,
    ctx: MutationContext,
    rowId: string,
    values: FieldValues,
  ): Promise<void>;
}
