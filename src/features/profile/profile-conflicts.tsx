// The own profile's kept conflicts (decision 1062): a field of the card changed on two devices;
// the member keeps one of the two values.
import { useLingui } from '@lingui/react/macro';
import type { ConflictRow } from '../../db/app-db';
import { ConflictBanner } from '../../ui/conflict-banner';
import { toastWriteFailed } from '../../ui/write-failed';
import { resolveConflict } from '../../sync/field-edit';
import { conflictSides, useConflicts, useThisClientId } from '../../sync/use-conflicts';
import type { ConflictChoice, FieldValue } from '../../../contract/field-merge';

function shown(value: FieldValue | undefined): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : value.join(', ');
}

function useFieldLabel(): (field: string) => string {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    name: t`Họ và tên`,
    shortName: t`Tên ngắn`,
    intro: t`Câu giới thiệu`,
    jobTitle: t`Chức danh`,
    workplace: t`Nơi làm việc`,
    address: t`Địa chỉ`,
    aboutMe: t`Về tôi`,
    phone: t`Điện thoại`,
    otherPhone: t`Điện thoại khác`,
    contactEmail: t`Email liên hệ`,
    website: t`Trang web`,
    zalo: t`Zalo`,
    interests: t`Sở thích`,
    businessSectors: t`Lĩnh vực kinh doanh`,
    companyInfo: t`Thông tin công ty`,
    language: t`Ngôn ngữ`,
  };
  return (field) => labels[field] ?? field;
}

/** Same-field clashes on the member's card, each with "keep mine / keep theirs". */
export function ProfileConflictBanners({ memberId }: { memberId: string }) {
  const { t } = useLingui();
  const conflicts = useConflicts('profile', memberId);
  const thisClient = useThisClientId();
  const label = useFieldLabel();
  const choose = (conflict: ConflictRow, choice: ConflictChoice) => async () => {
    try {
      await resolveConflict(conflict, choice);
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được lựa chọn. Vui lòng thử lại!`);
    }
  };
  if (!conflicts || conflicts.length === 0) return null;
  return (
    <>
      {conflicts.map((conflict) => {
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
