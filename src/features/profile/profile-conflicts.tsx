// The own profile's kept conflicts (decision 1062): a field of the card changed on two devices;
// the member keeps one of the two values.
import { useLingui } from '@lingui/react/macro';
import { FieldConflictBanners } from '../../ui/field-conflict-banners';

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
  const label = useFieldLabel();
  return <FieldConflictBanners entity="profile" rowId={memberId} fieldLabel={label} />;
}
