// Demo data of the agency side (decision 0810): an agency admin login, a brand member who may
// get the brand's discount, discount offers, monthly association reports of the agency's two
// groups and its explore directory.
import { randomUUID } from 'node:crypto';
import type { Transaction } from '../db/client';
import { agencyAdmins, members } from '../db/schema';
import { associationReports, discountGroups, exploreCompanies } from '../db/schema-agency';

export const agencyDemoLogin = {
  email: 'agency@mecards.vn',
  password: 'agency12345',
  role: 'quản trị hiệp hội Doanh nghiệp Trẻ Đà Lạt',
} as const;

const sectors = [
  'Cà phê & đồ uống',
  'Du lịch & lưu trú',
  'Nông sản',
  'Công nghệ',
  'Hoa & cây cảnh',
];
const provinces = ['Lâm Đồng', 'TP Hồ Chí Minh', 'Hà Nội', 'Khánh Hoà', 'Đắk Lắk'];
const companyNames = [
  'Cà Phê Sương Mai',
  'Khách sạn Đồi Thông',
  'Nông trại Dâu Tây Cầu Đất',
  'Công ty Phần mềm Langbiang',
  'Vườn Hoa Thái Phiên',
  'Trà Atiso Ngọc Duy',
  'Homestay Mây Lang Thang',
  'Rau sạch Xuân Thọ',
  'Công nghệ Nông nghiệp Cao Nguyên',
  'Cà Phê Mê Linh',
  'Lữ hành Phố Núi',
  'Mứt Đà Lạt Hồng Phát',
];

export async function seedAgencyDemo(
  tx: Transaction,
  ids: {
    agencyId: string;
    brandId: string;
    groupId: string;
    customerId: string;
    brandOwnerId: string;
  },
  agencyPasswordHash: string,
): Promise<void> {
  const [admin] = await tx
    .insert(members)
    .values({
      type: 'agency',
      email: agencyDemoLogin.email,
      phone: '0966777888',
      passwordHash: agencyPasswordHash,
      name: 'Hiệp hội Doanh nghiệp Trẻ Đà Lạt',
      shortName: 'Hiệp hội DNT',
      urlMinify: 'demo-agency-admin',
      theme: 'lightmode',
      agencyId: ids.agencyId,
      jobTitle: 'Văn phòng hiệp hội',
    })
    .returning();
  if (!admin) throw new Error('agency admin not created');
  await tx.insert(agencyAdmins).values({ agencyId: ids.agencyId, memberId: admin.id });
  // ids.customerId is already a member of the brand (demo.ts): members of a group may get its
  // discounts.
  await tx.insert(discountGroups).values([
    {
      id: randomUUID(),
      groupId: ids.brandId,
      title: 'Ưu đãi hội viên 10%',
      description: 'Giảm 10% mọi hoá đơn cho thành viên của Sương Mai.',
      percent: 10,
      validFrom: '2026-01-01',
      validTo: '2030-12-31',
    },
    {
      id: randomUUID(),
      groupId: ids.brandId,
      title: 'Sinh nhật Sương Mai 2025',
      description: 'Giảm 25% nhân dịp sinh nhật (đã kết thúc).',
      percent: 25,
      validFrom: '2025-10-01',
      validTo: '2025-10-31',
    },
  ]);
  const months = ['2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01'];
  await tx.insert(associationReports).values(
    months.flatMap((month, i) => [
      {
        groupId: ids.brandId,
        month,
        turnover: 1_200_000_000 + i * 150_000_000,
        domesticRevenue: 800_000_000 + i * 100_000_000,
        exportRevenue: 400_000_000 + i * 50_000_000,
        exportMarkets: ['Nhật Bản', 'Hàn Quốc'],
        filedBy: ids.brandOwnerId,
      },
      {
        groupId: ids.groupId,
        month,
        turnover: 600_000_000 + i * 80_000_000,
        domesticRevenue: 600_000_000 + i * 80_000_000,
        exportRevenue: 0,
        exportMarkets: [],
        filedBy: ids.brandOwnerId,
      },
    ]),
  );
  await tx.insert(exploreCompanies).values(
    companyNames.map((name, i) => ({
      agencyId: ids.agencyId,
      name,
      sector: sectors[i % sectors.length]!,
      province: provinces[i % provinces.length]!,
      address: `${10 + i} Đường Hoa Hồng, ${provinces[i % provinces.length]}`,
      phone: `0263 38${String(10_000 + i * 137).slice(0, 5)}`,
      description: `${name} — thành viên hiệp hội từ năm ${2015 + (i % 10)}.`,
      cardUrl: i === 0 ? '/mbg/demo-brand' : '',
      ordinal: i,
    })),
  );
}
