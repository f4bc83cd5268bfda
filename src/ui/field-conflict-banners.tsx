// Kept conflicts of the per-field merge on any edited row (decision 1062), one banner each: a
// field changed on two devices offers both values ("keep mine / keep theirs"); an edit that found
// its row deleted elsewhere offers to restore the row with it or let it go. Every screen that
// edits a merged entity shows these, with its own field names.
import { useLingui } from '@lingui/react/macro';
import type { ConflictRow } from '../db/app-db';
import { resolveConflict, type ShapeRow } from '../sync/field-edit';
import { conflictSides, useConflicts, useThisClientId } from '../sync/use-conflicts';
import { ConflictBanner } from './conflict-banner';
import { toastWriteFailed } from './write-failed';
import type { ConflictChoice, FieldValue, MergedEntity } from '../../contract/field-merge';

function shown(value: FieldValue | undefined): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : value.join(', ');
}

/** How a choice is written: by default one queued conflict.resolve, the row shaped by `shapeRow`. */
export type ChooseOnConflict = (conflict: ConflictRow, choice: ConflictChoice) => Promise<void>;

function useChoose(choose: ChooseOnConflict | undefined, shapeRow: ShapeRow | undefined) {
  const { t } = useLingui();
  return (conflict: ConflictRow, choice: ConflictChoice) => async () => {
    try {
      if (choose) await choose(conflict, choice);
      else await resolveConflict(conflict, choice, shapeRow);
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được lựa chọn. Vui lòng thử lại!`);
    }
  };
}

interface FieldConflictBannersProps {
  entity: MergedEntity;
  /** One row's conflicts; absent: every row of the entity. */
  rowId?: string;
  /** What the screen calls a field (its form's label). */
  fieldLabel: (field: string) => string;
  /** A value as the screen shows it, for fields holding a code (a gender, a visibility). */
  shownValue?: (field: string, value: FieldValue | undefined) => string | undefined;
  choose?: ChooseOnConflict;
  shapeRow?: ShapeRow;
}

/** Same-field clashes on a row, each with "keep mine / keep theirs". */
export function FieldConflictBanners({
  entity,
  rowId,
  fieldLabel,
  shownValue,
  choose,
  shapeRow,
}: FieldConflictBannersProps) {
  const { t } = useLingui();
  const conflicts = useConflicts(entity, rowId);
  const thisClient = useThisClientId();
  const pick = useChoose(choose, shapeRow);
  const fieldConflicts = (conflicts ?? []).filter((c) => c.kind === 'field');
  if (fieldConflicts.length === 0) return null;
  return (
    <>
      {fieldConflicts.map((conflict) => {
        const sides = conflictSides(conflict, thisClient);
        return (
          <ConflictBanner
            key={conflict.id}
            title={
              rowId || !conflict.label
                ? t`Đã được sửa trên thiết bị khác`
                : t`${conflict.label}: đã được sửa trên thiết bị khác`
            }
            rows={Object.keys(conflict.lost).map((field) => ({
              label: fieldLabel(field),
              mine: shownValue?.(field, sides.mine[field]) ?? shown(sides.mine[field]),
              theirs: shownValue?.(field, sides.theirs[field]) ?? shown(sides.theirs[field]),
            }))}
            keepMineLabel={t`Giữ bản của tôi`}
            keepTheirsLabel={t`Giữ bản kia`}
            onKeepMine={pick(conflict, sides.keepMine)}
            onKeepTheirs={pick(conflict, sides.keepTheirs)}
          />
        );
      })}
    </>
  );
}

interface DeletedRowBannersProps {
  entity: MergedEntity;
  /** "<the row> was deleted on another device", naming the row by its label. */
  title: (label: string) => string;
  choose?: ChooseOnConflict;
  shapeRow?: ShapeRow;
}

/** Edits that found their row deleted on another device: restore with them, or let them go. */
export function DeletedRowBanners({ entity, title, choose, shapeRow }: DeletedRowBannersProps) {
  const { t } = useLingui();
  const conflicts = useConflicts(entity);
  const pick = useChoose(choose, shapeRow);
  const deleted = (conflicts ?? []).filter((c) => c.kind === 'deleted');
  if (deleted.length === 0) return null;
  return (
    <div className="stack stack--tight">
      {deleted.map((conflict) => (
        <ConflictBanner
          key={conflict.id}
          title={title(conflict.label)}
          keepMineLabel={t`Khôi phục với thay đổi của tôi`}
          keepTheirsLabel={t`Bỏ qua`}
          onKeepMine={pick(conflict, 'restore')}
          onKeepTheirs={pick(conflict, 'dismiss')}
        />
      ))}
    </div>
  );
}
