// Kept conflicts of the member's banks, links and videos (decision 1062): a field changed on two
// devices, named as the forms name it, and an edit of a row deleted on another device, to
// restore with it or let go.
import { useLingui } from '@lingui/react/macro';
import { DeletedRowBanners, FieldConflictBanners } from '../../ui/field-conflict-banners';
import type { ShapeRow } from '../../sync/field-edit';
import type { BankInfo } from '../../../contract/account-link';
import type { FieldValue } from '../../../contract/field-merge';

export function AccountLinkConflictBanners({ banks }: { banks: readonly BankInfo[] }) {
  const { t } = useLingui();
  const bankName = (bin: unknown) => banks.find((b) => b.bin === bin)?.shortName ?? null;

  const fieldLabel = (field: string) =>
    ({
      kind: t`Loại liên kết`,
      title: t`Tên hiển thị`,
      url: t`Đường dẫn`,
      bankBin: t`Ngân hàng`,
      ownerName: t`Tên chủ tài khoản`,
      accountNumber: t`Số tài khoản`,
      ordinal: t`Thứ tự`,
      hidden: t`Hiện trên danh thiếp`,
    })[field] ?? field;

  const shownValue = (field: string, value: FieldValue | undefined) => {
    if (field === 'hidden') return value === 'true' ? t`Không` : t`Có`;
    if (field === 'bankBin') return bankName(value) ?? undefined;
    if (field === 'ordinal' && typeof value === 'string') return String(Number(value) + 1);
    if (field === 'kind') {
      return { bank: t`Tài khoản ngân hàng`, link: t`Liên kết`, video: t`Video` }[String(value)];
    }
    return undefined;
  };

  // The kept texts go back into the device's row as the columns the screens read.
  const shapeRow: ShapeRow = (kept) => {
    if (!kept) return undefined;
    const row: Record<string, unknown> = { ...kept };
    if (typeof kept.ordinal === 'string') row.ordinal = Number(kept.ordinal) || 0;
    if (typeof kept.hidden === 'string') row.hidden = kept.hidden === 'true';
    if (typeof kept.bankBin === 'string') row.bankName = bankName(kept.bankBin);
    return row;
  };

  return (
    <>
      <DeletedRowBanners
        entity="accountLinks"
        title={(label) => t`${label} đã bị xoá trên thiết bị khác`}
        shapeRow={shapeRow}
      />
      <FieldConflictBanners
        entity="accountLinks"
        fieldLabel={fieldLabel}
        shownValue={shownValue}
        shapeRow={shapeRow}
      />
    </>
  );
}
