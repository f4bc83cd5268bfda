import { useLingui } from '@lingui/react/macro';
import type { ContentKind } from '../../../contract/content-writes';

/** Names of the content kinds, types and choices in the interface language. */
export function useContentLabels() {
  const { t } = useLingui();
  const kinds: Record<ContentKind, string> = {
    post: t`Bài viết`,
    product: t`Sản phẩm`,
    activity: t`Hoạt động`,
    relic: t`Kỷ vật`,
    poster: t`Poster`,
  };
  return {
    kinds,
    formTitle: (kind: ContentKind, editing: boolean) =>
      editing ? t`Sửa ${kinds[kind]}` : t`Thêm ${kinds[kind]}`,
    policies: { public: t`Công khai`, friend: t`Bạn bè`, private: t`Chỉ mình tôi` } as Record<
      string,
      string
    >,
    postTypes: {
      news: t`Tin tức`,
      opportunity: t`Cơ hội`,
      event: t`Sự kiện`,
      document: t`Tài liệu`,
    } as Record<string, string>,
    productTypes: {
      sell: t`Bán`,
      buy: t`Mua`,
      service: t`Dịch vụ`,
      ma: t`M&A`,
      product: t`Sản phẩm`,
      project: t`Dự án`,
      exhibition: t`Triển lãm`,
      achievement: t`Thành tựu`,
    } as Record<string, string>,
    activityTypes: {
      bankAccount: t`Tài khoản ngân hàng`,
      banks: t`Ngân hàng`,
      education: t`Học vấn`,
      experiences: t`Kinh nghiệm`,
      certificates: t`Chứng chỉ`,
      projects: t`Dự án`,
      support: t`Hỗ trợ`,
      partner: t`Đối tác`,
      leaders: t`Lãnh đạo`,
      society: t`Xã hội`,
      targets: t`Mục tiêu`,
      awards: t`Giải thưởng`,
      history: t`Lịch sử`,
      skills: t`Kỹ năng`,
      networks: t`Mạng xã hội`,
      websites: t`Trang web`,
      youtube: t`YouTube`,
      registrationLink: t`Liên kết đăng ký`,
      productLink: t`Liên kết m.e Cards`,
    } as Record<string, string>,
    posterViewTypes: {
      showroom: t`Showroom`,
      activities: t`Hoạt động`,
      posts: t`Bài viết`,
      other: t`Khác`,
    } as Record<string, string>,
  };
}
