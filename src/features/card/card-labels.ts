// Names of post, product and activity types (spec §3), in the reader's language.
import { useLingui } from '@lingui/react/macro';

export function useTypeLabels() {
  const { t } = useLingui();
  const post: Record<string, string> = {
    news: t`Tin tức`,
    opportunity: t`Cơ hội`,
    event: t`Sự kiện`,
    document: t`Tài liệu`,
  };
  const product: Record<string, string> = {
    sell: t`Cần bán`,
    buy: t`Cần mua`,
    service: t`Dịch vụ`,
    ma: t`M&A`,
    product: t`Sản phẩm`,
    project: t`Dự án`,
    exhibition: t`Triển lãm`,
    achievement: t`Thành tựu`,
  };
  const activity: Record<string, string> = {
    bankAccount: t`Tài khoản ngân hàng`,
    education: t`Học vấn`,
    experiences: t`Kinh nghiệm`,
    certificates: t`Chứng chỉ`,
    projects: t`Dự án`,
    support: t`Hỗ trợ`,
    partner: t`Đối tác`,
    leaders: t`Lãnh đạo`,
    society: t`Hoạt động xã hội`,
    targets: t`Mục tiêu`,
    awards: t`Giải thưởng`,
    history: t`Lịch sử`,
    skills: t`Kỹ năng`,
    networks: t`Mạng lưới`,
    banks: t`Ngân hàng`,
    websites: t`Trang web`,
    youtube: t`YouTube`,
    registrationLink: t`Liên kết đăng ký`,
    productLink: t`Liên kết m.e Cards`,
  };
  return { post, product, activity };
}

/** Items grouped by type, types in first-seen order. */
export function groupByType<T extends { type: string }>(items: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(item.type);
    if (list) list.push(item);
    else groups.set(item.type, [item]);
  }
  return [...groups];
}
