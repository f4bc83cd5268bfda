// conflict.resolve (decision 1062): the member's choice on a kept conflict, applied once. Keeping
// the replaced value or restoring a deleted row goes through the entity's own per-field write.
import { eq } from 'drizzle-orm';
import { syncConflicts } from '../db/schema-conflicts';
import { ApiError } from '../http/errors';
import type { MutationHandler } from '../sync/registry';
import { conflictForClient } from './conflicts';
import type { ConflictTarget } from './conflict-target';
import { contactConflictTarget } from './contacts';
import { profileConflictTarget } from './profile';
import { jobDiaryConflictTarget } from './job-diary';
import { cvConflictTarget } from './cv';
import {
  activityConflictTarget,
  postConflictTarget,
  posterConflictTarget,
  productConflictTarget,
  relicConflictTarget,
} from './content';
import { weddingConflictTarget } from './wedding';
import { accountLinkConflictTarget } from './account-links';
import type { FieldValues, MergedEntity } from '../../contract/field-merge';

const conflictTargets: Record<MergedEntity, ConflictTarget> = {
  contacts: contactConflictTarget,
  profile: profileConflictTarget,
  jobDiary: jobDiaryConflictTarget,
  cvs: cvConflictTarget,
  posts: postConflictTarget,
  products: productConflictTarget,
  activities: activityConflictTarget,
  relics: relicConflictTarget,
  posters: posterConflictTarget,
  weddings: weddingConflictTarget,
  accountLinks: accountLinkConflictTarget,
};

const choicesOf = {
  field: ['written', 'lost'],
  deleted: ['restore', 'dismiss'],
} as const;

/** Settles a conflict of the caller's; one settled already answers as it is (another device). */
export const resolveConflict: MutationHandler<'conflict.resolve'> = {
  async run(tx, ctx, input) {
    const [row] = await tx
      .select()
      .from(syncConflicts)
      .where(eq(syncConflicts.id, input.id))
      .for('update');
    if (!row || row.memberId !== ctx.memberId) throw new ApiError(404, 'not_found');
    if (row.deletedAt !== null) return conflictForClient(row);
    if (!(choicesOf[row.kind] as readonly string[]).includes(input.choice)) {
      throw new ApiError(400, 'validation_failed', { choice: 'conflict_choice_invalid' });
    }
    const target = conflictTargets[row.entity as MergedEntity];
    if (input.choice === 'lost') {
      // Put back the replaced values, merged against what the later write put.
      await target.writeFields(
        tx,
        ctx,
        row.rowId,
        row.lost as FieldValues,
        (row.written as FieldValues | null) ?? undefined,
      );
    } else if (input.choice === 'restore') {
      if (!target.restore)
        throw new ApiError(400, 'validation_failed', { choice: 'conflict_choice_invalid' });
      await target.restore(tx, ctx, row.rowId, row.lost as FieldValues);
    }
    const [settled] = await tx
      .update(syncConflicts)
      .set({ resolution: input.choice, deletedAt: ctx.now.toISOString() })
      .where(eq(syncConflicts.id, row.id))
      .returning();
    if (!settled) throw new ApiError(409, 'conflict');
    return conflictForClient(settled);
  },
};
