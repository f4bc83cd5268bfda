// The shape of one declared mutation (decision 0205). Mutations are declared on the table their
// optimistic change lands in (contract/entities.ts); contract/mutations.ts gathers them.
import type * as v from 'valibot';
import type { Lang } from './messages';

export interface MutationDeclaration<S extends v.GenericSchema, R> {
  /** Payload schema: the server validates with it; the client's payload type is its input. */
  schema: S;
  /** What the sync-status panel calls a queued entry of this mutation. */
  label: Record<Lang, string>;
  /** Type only (never set): what the server's handler answers. */
  readonly result?: R;
  /**
   * The handler answers with the row as the pull gives it (the result is the table's pulled
   * row): the device that pushed it writes that answer, and its pulls leave out the rows its
   * own pushes wrote, so a booth does not download again the entries it just sent (0208).
   */
  answersRow?: true;
}

export type AnyMutationDeclaration = MutationDeclaration<v.GenericSchema, unknown>;

/** Declares a mutation; the result type is given first, the schema's types are inferred. */
export function declare<R>() {
  return <S extends v.GenericSchema>(
    schema: S,
    label: Record<Lang, string>,
    options: { answersRow?: true } = {},
  ): MutationDeclaration<S, R> => ({ schema, label, ...options });
}
