// Kept conflicts of the per-field merge on content (decision 1062): a field changed on two
// devices offers both values with the form's own field names; an edit of an item deleted on
// another device offers to restore the item with it or let it go.
import { useLingui } from '@lingui/react/macro';
import { DeletedRowBanners, FieldConflictBanners } from '../../ui/field-conflict-banners';
import type { ConflictRow } from '../../db/app-db';
import type { ConflictChoice, FieldValue } from '../../../contract/field-merge';
import type { ContentKind } from '../../../contract/content-writes';
import { chooseOnContentConflict, contentTableOf } from './content-data';
import { useContentLabels } from './content-labels';

const priceFields = new Set(['listedPrice', 'price']);

/** The form's names of the fields and how a coded value (a type, a switch, a price) reads. */
function useContentFieldText(kind: ContentKind) {
  const { t } = useLingui();
  const labels = useContentLabels();
  const names: Record<string, string> = {
    type: t`Loại`,
    title: kind === 'product' ? t`Tên sản phẩm` : t`Tiêu đề`,
    content: kind === 'product' ? t`Mô tả` : t`Nội dung`,
    imageUrl: t`Ảnh`,
    images: t`Hình ảnh`,
    ordinal: t`Thứ tự`,
    startDate: kind === 'poster' ? t`Ngày bắt đầu` : t`Ngày`,
    endDate: t`Ngày kết thúc`,
    outstanding: t`Nổi bật`,
    enabled: t`Bật poster`,
    policy: t`Ai được xem`,
    childType: t`Loại con`,
    childCareer: t`Ngành nghề con`,
    listedPrice: t`Giá niêm yết (VNĐ)`,
    price: t`Giá bán (VNĐ)`,
    quantity: t`Số lượng`,
    contactUrl: t`Liên kết liên hệ`,
    origin: t`Xuất xứ`,
    customsCode: t`Mã HS`,
    certificate: t`Chứng nhận`,
    shopType: t`Loại cửa hàng`,
    shopLink: t`Liên kết cửa hàng`,
    displayName: t`Tên hiển thị`,
    link: t`Liên kết`,
    bankName: t`Tên ngân hàng`,
    ownerName: t`Chủ tài khoản`,
    accountNumber: t`Số tài khoản`,
    qrUrl: t`Mã QR`,
    viewType: t`Kiểu hiển thị`,
  };
  const types: Record<string, string> =
    kind === 'post'
      ? labels.postTypes
      : kind === 'product'
        ? labels.productTypes
        : kind === 'activity'
          ? labels.activityTypes
          : {};
  const fieldLabel = (field: string) => names[field] ?? field;
  const shownValue = (field: string, value: FieldValue | undefined): string | undefined => {
    if (typeof value !== 'string') return undefined;
    if (field === 'type') return types[value];
    if (field === 'viewType') return labels.posterViewTypes[value];
    if (field === 'policy') return labels.policies[value];
    if (field === 'outstanding' || field === 'enabled') return value === 'true' ? t`Có` : t`Không`;
    if (priceFields.has(field)) return Number(value).toLocaleString('vi-VN');
    return undefined;
  };
  return { fieldLabel, shownValue };
}

interface ContentConflictsProps {
  kind: ContentKind;
  /** One item's conflicts (its form); absent: every item of the kind (the list). */
  rowId?: string;
}

/** The conflicts of a kind's items: field clashes, and (on the list) edits of deleted items. */
export function ContentConflicts({ kind, rowId }: ContentConflictsProps) {
  const { t } = useLingui();
  const labels = useContentLabels();
  const { fieldLabel, shownValue } = useContentFieldText(kind);
  const entity = contentTableOf[kind];
  const choose = (conflict: ConflictRow, choice: ConflictChoice) =>
    chooseOnContentConflict(kind, conflict, choice);
  const kindName = labels.kinds[kind];
  return (
    <>
      {!rowId && (
        <DeletedRowBanners
          entity={entity}
          title={(label) => t`${kindName} ${label} đã bị xoá trên thiết bị khác`}
          choose={choose}
        />
      )}
      <FieldConflictBanners
        entity={entity}
        {...(rowId ? { rowId } : {})}
        fieldLabel={fieldLabel}
        shownValue={shownValue}
        choose={choose}
      />
    </>
  );
}
