// The phonebook's kept conflicts (decision 1062): a clash on a contact's field shows on that
// contact; an edit of a contact deleted on another device shows above the list, since the
// contact is gone from it.
import { useLingui } from '@lingui/react/macro';
import type { ConflictRow } from '../../db/app-db';
import { DeletedRowBanners, FieldConflictBanners } from '../../ui/field-conflict-banners';
import type { ConflictChoice } from '../../../contract/field-merge';
import type { ContactMergedField } from '../../../contract/contact';
import { chooseOnContactConflict } from './phonebook-data';

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

const chooseFor = (ownerId: string) => (conflict: ConflictRow, choice: ConflictChoice) =>
  chooseOnContactConflict(ownerId, conflict, choice);

/** Same-field clashes on one contact, each with "keep mine / keep theirs". */
export function ContactConflictBanners({
  ownerId,
  contactId,
}: {
  ownerId: string;
  contactId: string;
}) {
  const label = useFieldLabel();
  return (
    <FieldConflictBanners
      entity="contacts"
      rowId={contactId}
      fieldLabel={label}
      choose={chooseFor(ownerId)}
    />
  );
}

/** Edits that found their contact deleted on another device: restore with them, or let go. */
export function DeletedContactBanners({ ownerId }: { ownerId: string }) {
  const { t } = useLingui();
  return (
    <DeletedRowBanners
      entity="contacts"
      title={(label) => t`Liên hệ ${label} đã bị xoá trên thiết bị khác`}
      choose={chooseFor(ownerId)}
    />
  );
}
