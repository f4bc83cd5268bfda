// Kept conflicts of an invitation (decision 1062): a field changed on two devices, with both
// values as the form names and shows them. A family, a bank or a moment is one field, kept as
// its JSON text: shown here as the member wrote it.
import { useLingui } from '@lingui/react/macro';
import { FieldConflictBanners } from '../../ui/field-conflict-banners';
import type { ShapeRow } from '../../sync/field-edit';
import {
  isWeddingGroupField,
  weddingGroupOf,
  weddingMomentText,
  weekdayOf,
  weekdaysVi,
} from '../../../contract/wedding';
import type { BankInfo } from '../../../contract/account-link';
import type { FieldValue } from '../../../contract/field-merge';

interface WeddingConflictBannersProps {
  weddingId: string;
  banks: readonly BankInfo[];
}

export function WeddingConflictBanners({ weddingId, banks }: WeddingConflictBannersProps) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale === 'en' ? 'en' : 'vi';
  const bankName = (bin: unknown) => banks.find((b) => b.bin === bin)?.shortName ?? '';

  const fieldLabel = (field: string) =>
    ({
      groomsFamily: t`Nhà trai`,
      bridesFamily: t`Nhà gái`,
      groomsBank: t`Tài khoản mừng cưới nhà trai`,
      bridesBank: t`Tài khoản mừng cưới nhà gái`,
      weddingDay: t`Lễ thành hôn`,
      weddingPartyDay: t`Tiệc cưới`,
      venue: t`Địa điểm`,
      partyVenue: t`Nơi đãi tiệc`,
      message: t`Lời mời`,
      status: t`Cho khách xem thiệp`,
    })[field] ?? field;

  const shownValue = (field: string, value: FieldValue | undefined) => {
    if (field === 'status') return value === 'INACTIVE' ? t`Không` : t`Có`;
    if (!isWeddingGroupField(field)) return undefined;
    const group = weddingGroupOf(value);
    if (!group) return t`Không có`;
    if (field === 'weddingDay' || field === 'weddingPartyDay') {
      const [d, m, y] = [Number(group.d), Number(group.m), Number(group.y)];
      return weddingMomentText({ h: String(group.h ?? ''), th: '', d, m, y }, lang);
    }
    if (field === 'groomsBank' || field === 'bridesBank') {
      return [bankName(group.bankBin), group.ownerName, group.accountNumber]
        .filter(Boolean)
        .join(' · ');
    }
    return [group.name, group.father, group.mother, group.address].filter(Boolean).join(' · ');
  };

  // A kept group goes back into the device's row as the object the screens read.
  const shapeRow: ShapeRow = (kept) => {
    if (!kept) return undefined;
    const row: Record<string, unknown> = { ...kept };
    for (const [field, value] of Object.entries(kept)) {
      if (!isWeddingGroupField(field) || typeof value !== 'string') continue;
      const group = weddingGroupOf(value);
      if (field === 'groomsBank' || field === 'bridesBank') {
        row[field] = group ? { ...group, bankName: bankName(group.bankBin) } : null;
      } else if (field === 'weddingDay' || field === 'weddingPartyDay') {
        if (!group) continue;
        const [d, m, y] = [Number(group.d), Number(group.m), Number(group.y)];
        row[field] = { ...group, th: weekdaysVi[weekdayOf(d, m, y)] ?? '' };
      } else if (group) row[field] = group;
    }
    return row;
  };

  return (
    <FieldConflictBanners
      entity="weddings"
      rowId={weddingId}
      fieldLabel={fieldLabel}
      shownValue={shownValue}
      shapeRow={shapeRow}
    />
  );
}
