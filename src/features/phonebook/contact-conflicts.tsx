// The phonebook's kept conflicts (decision 1062): a clash on a contact's field shows on that
// contact; an edit of a contact deleted on another device shows above the list, since the
// contact is gone from it.
import { useLingui } from '@lingui/react/macro';
import type { ConflictRow } from '../../db/app-db';
import { ConflictBanner } from '../../ui/conflict-banner';
import { toastWriteFailed } from '../../ui/write-failed';
import { conflictSides, useConflicts, useThisClientId } from '../../sync/use-conflicts';
import type { ConflictChoice, FieldValue } from '../../../contract/field-merge';
import type { ContactMergedField } from '../../../contract/contact';
import { chooseOnContactConflict } from './phonebook-data';

function shown(value: FieldValue | undefined): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : value.join(', ');
}

function useFieldLabel(): (field: string) => string {
  const { t } = useLingui();
  const labels: Record<ContactMergedField, string> = {
    name: t`Họ tên`,
    phone: t`Số điện thoại`,
    email: t`Email`,
    company: t`Công ty`,
    jobTitle: t`Chức danh`,
    address: t`Địa chỉ`,
    note: t`Ghi chú`,
  };
  return (field) => labels[field as ContactMergedField] ?? field;
}

function useChoose(ownerId: string) {
  const { t } = useLingui();
  return (conflict: ConflictRow, choice: ConflictChoice) => async () => {
    try {
      await chooseOnContactConflict(ownerId, conflict, choice);
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được lựa chọn. Vui lòng thử lại!`);
    }
  };
}

/** Same-field clashes on one contact, each with "keep mine / keep theirs". */
export function ContactConflictBanners({
  ownerId,
  contactId,
}: {
  ownerId: string;
  contactId: string;
}) {
  const { t } = useLingui();
  const conflicts = useConflicts('contacts', contactId);
  const thisClient = useThisClientId();
  const label = useFieldLabel();
  const choose = useChoose(ownerId);
  const fieldConflicts = (conflicts ?? []).filter((c) => c.kind === 'field');
  if (fieldConflicts.length === 0) return null;
  return (
    <>
      {fieldConflicts.map((conflict) => {
        const sides = conflictSides(conflict, thisClient);
        return (
          <ConflictBanner
            key={conflict.id}
            title={t`Đã được sửa trên thiết bị khác`}
            rows={Object.keys(conflict.lost).map((field) => ({
              label: label(field),
              mine: shown(sides.mine[field]),
              theirs: shown(sides.theirs[field]),
            }))}
            keepMineLabel={t`Giữ bản của tôi`}
            keepTheirsLabel={t`Giữ bản kia`}
            onKeepMine={choose(conflict, sides.keepMine)}
            onKeepTheirs={choose(conflict, sides.keepTheirs)}
          />
        );
      })}
    </>
  );
}

/** Edits that found their contact deleted on another device: restore with them, or let go. */
export function DeletedContactBanners({ ownerId }: { ownerId: string }) {
  const { t } = useLingui();
  const conflicts = useConflicts('contacts');
  const choose = useChoose(ownerId);
  const deleted = (conflicts ?? []).filter((c) => c.kind === 'deleted');
  if (deleted.length === 0) return null;
  return (
    <div className="stack stack--tight">
      {deleted.map((conflict) => (
        <ConflictBanner
          key={conflict.id}
          title={t`Liên hệ ${conflict.label} đã bị xoá trên thiết bị khác`}
          keepMineLabel={t`Khôi phục với thay đổi của tôi`}
          keepTheirsLabel={t`Bỏ qua`}
          onKeepMine={choose(conflict, 'restore')}
          onKeepTheirs={choose(conflict, 'dismiss')}
        />
      ))}
    </div>
  );
}
