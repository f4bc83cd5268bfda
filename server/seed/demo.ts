import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers } from '../db/schema-member-management';
import {
  accountLinks,
  activities,
  agencies,
  agencyAdmins,
  contacts,
  friendships,
  groupMembers,
  groups,
  members,
  posts,
  products,
  relics,
  themeStyles,
} from '../db/schema';
import { hashPassword, passwordHashCost } from '../auth/password';
import { demoPasswordHashes } from './demo-password-hashes';
import { themeCatalogue } from '../../contract/theme';
import { seedDemoPoints } from './demo-points';
import { seedDemoPictures } from './demo-pictures';
import { agencyDemoLogin, seedAgencyDemo } from './demo-agency';

export const demoLogins = [
  {
    email: 'demo@mecards.vn',
    password: 'demo12345',
    role: 'thành viên cá nhân, short link /me/demo',
  },
  {
    email: 'staff@mecards.vn',
    password: 'staff12345',
    role: 'nhân viên bán hàng của Cà Phê Sương Mai',
  },
  {
    email: 'brand@mecards.vn',
    password: 'brand12345',
    role: 'quản trị thương hiệu /mbg/demo-brand',
  },
] as const;

/** Loads the Vietnamese demo data once; returns false when it is already there. */
export async function seedDemoData(db: Database): Promise<boolean> {
  const existing = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.email, 'demo@mecards.vn'));
  if (existing.length > 0) return false;

  const [demoHash, staffHash, brandHash, agencyHash] = await Promise.all(
    [...demoLogins, agencyDemoLogin].map(async ({ password }) => {
      const made = demoPasswordHashes[password];
      return made && passwordHashCost() === 'owasp' ? made : hashPassword(password);
    }),
  );
  if (!agencyHash) throw new Error('agency password not hashed');

  await db.transaction(async (tx) => {
    const [agency] = await tx
      .insert(agencies)
      .values({
        name: 'Hiệp hội Doanh nghiệp Trẻ Đà Lạt',
        urlMinify: 'demo-agency',
        theme: 'trendymode',
      })
      .returning();
    if (!agency) throw new Error('agency not created');

    const [demo, staff, brandOwner] = await tx
      .insert(members)
      .values([
        {
          type: 'personal',
          email: 'demo@mecards.vn',
          phone: '0901234567',
          passwordHash: demoHash,
          name: 'Nguyễn Thị Minh Anh',
          shortName: 'Minh Anh',
          urlMinify: 'demo',
          theme: 'lightmode',
          language: 'VN',
          intro: 'Kết nối để cùng phát triển — cà phê, du lịch và công nghệ.',
          jobTitle: 'Giám đốc Kinh doanh',
          workplace: 'Công ty TNHH Cà Phê Sương Mai',
          address: '12 Trần Hưng Đạo, Phường Xuân Hương - Đà Lạt, Tỉnh Lâm Đồng',
          aboutMe:
            'Tôi có hơn 10 năm kinh nghiệm phát triển thị trường cà phê đặc sản Việt Nam, từ nông trại Cầu Đất đến các quán cà phê ở Sài Gòn và Hà Nội. Tôi yêu thích kết nối những người cùng chí hướng.',
          avatarUrl: '/demo/avatar-minh-anh.svg',
          bannerUrl: '/demo/banner-suong-mai.svg',
          backgroundUrl: '/demo/background-doi-che.svg',
          contactPhone: '0901234567',
          otherPhone: '02633812345',
          contactEmail: 'minhanh@suongmai.vn',
          website: 'https://suongmai.vn',
          zalo: '0901234567',
          interests: ['Cà phê đặc sản', 'Du lịch', 'Chạy bộ', 'Sách kinh doanh'],
          businessSectors: ['Thực phẩm & đồ uống', 'Xuất khẩu nông sản'],
          companyInfo:
            'Công ty TNHH Cà Phê Sương Mai — MST 5801234567 — rang xay và xuất khẩu cà phê Arabica Cầu Đất.',
        },
        {
          type: 'personal',
          email: 'staff@mecards.vn',
          phone: '0912345678',
          passwordHash: staffHash,
          name: 'Trần Văn Bình',
          shortName: 'Bình',
          urlMinify: 'binh-tran',
          theme: 'darkmode',
          jobTitle: 'Nhân viên bán hàng',
          workplace: 'Cà Phê Sương Mai',
          contactPhone: '0912345678',
          contactEmail: 'binh@suongmai.vn',
        },
        {
          type: 'organization',
          email: 'brand@mecards.vn',
          phone: '0987654321',
          passwordHash: brandHash,
          name: 'Cà Phê Sương Mai',
          urlMinify: 'suong-mai',
          theme: 'blackgold',
          agencyId: agency.id,
          jobTitle: 'Quản trị thương hiệu',
          contactPhone: '02633812345',
          contactEmail: 'hello@suongmai.vn',
          website: 'https://suongmai.vn',
        },
      ])
      .returning();
    if (!demo || !staff || !brandOwner) throw new Error('members not created');

    await tx.insert(accountLinks).values([
      {
        id: randomUUID(),
        memberId: demo.id,
        kind: 'bank' as const,
        bankBin: '970436',
        bankName: 'Vietcombank',
        ownerName: 'NGUYEN THI MINH ANH',
        accountNumber: '0071000123456',
        ordinal: 0,
      },
      {
        id: randomUUID(),
        memberId: demo.id,
        kind: 'link' as const,
        title: 'Facebook',
        url: 'https://facebook.com/suongmai.coffee',
        ordinal: 1,
      },
      {
        id: randomUUID(),
        memberId: demo.id,
        kind: 'link' as const,
        title: 'Cửa hàng trực tuyến',
        url: 'https://shop.suongmai.vn',
        ordinal: 2,
      },
      {
        id: randomUUID(),
        memberId: demo.id,
        kind: 'video' as const,
        url: 'https://youtu.be/dQw4w9WgXcQ',
        ordinal: 3,
      },
    ]);

    const friendsData = [
      ['Lê Hoàng Nam', 'le-hoang-nam', 'Kiến trúc sư', 'Studio Nhà Xanh'],
      ['Phạm Thu Hà', 'pham-thu-ha', 'Chuyên viên Marketing', 'Du Lịch Langbiang'],
      ['Võ Quốc Bảo', 'vo-quoc-bao', 'Kỹ sư phần mềm', 'Công ty Công nghệ Đà Lạt'],
      ['Đặng Ngọc Lan', 'dang-ngoc-lan', 'Chủ cửa hàng', 'Tiệm Hoa Lan'],
    ] as const;
    const others = await tx
      .insert(members)
      .values(
        friendsData.map(([name, url, jobTitle, workplace]) => ({
          type: 'personal' as const,
          name,
          urlMinify: url,
          jobTitle,
          workplace,
          theme: 'lightmode',
        })),
      )
      .returning();

    await tx.insert(friendships).values([
      { fromMemberId: demo.id, toMemberId: others[0]!.id, status: 'accepted' as const },
      { fromMemberId: others[1]!.id, toMemberId: demo.id, status: 'accepted' as const },
      { fromMemberId: others[2]!.id, toMemberId: demo.id, status: 'pending' as const },
      { fromMemberId: demo.id, toMemberId: others[3]!.id, status: 'pending' as const },
      { fromMemberId: demo.id, toMemberId: staff.id, status: 'accepted' as const },
    ]);

    await tx.insert(contacts).values([
      {
        id: randomUUID(),
        ownerMemberId: demo.id,
        cardMemberId: others[0]!.id,
        name: 'Lê Hoàng Nam',
        phone: '0933111222',
        email: 'nam@nhaxanh.vn',
        company: 'Studio Nhà Xanh',
        jobTitle: 'Kiến trúc sư',
      },
      {
        id: randomUUID(),
        ownerMemberId: demo.id,
        name: 'Hoàng Thị Mai',
        phone: '0944555666',
        email: 'mai.hoang@gmail.com',
        company: 'Nhà hàng Hương Rừng',
        jobTitle: 'Quản lý',
        note: 'Gặp ở hội chợ Đà Lạt 2026',
      },
      {
        id: randomUUID(),
        ownerMemberId: demo.id,
        name: 'Bùi Đức Thắng',
        phone: '0977888999',
        company: 'Vận tải Cao Nguyên',
        jobTitle: 'Giám đốc',
      },
    ]);

    const [brand, agencyGroup] = await tx
      .insert(groups)
      .values([
        {
          kind: 'brand' as const,
          name: 'Cà Phê Sương Mai',
          note: 'Cà phê Arabica Cầu Đất rang mộc, từ nông trại đến tách cà phê.',
          imagesUrl: '/demo/logo-suong-mai.svg',
          urlMinify: 'demo-brand',
          agencyId: agency.id,
          ownerMemberId: brandOwner.id,
          layoutPermission: 'LIMIT' as const,
          theme: 'blackgold',
          profile: {
            address: '45 Hai Bà Trưng, Phường Cam Ly - Đà Lạt, Tỉnh Lâm Đồng',
            phone: '02633812345',
            email: 'hello@suongmai.vn',
            website: 'https://suongmai.vn',
            aboutMe:
              'Sương Mai thu mua cà phê chín đỏ từ hơn 200 hộ nông dân Cầu Đất, rang mộc tại Đà Lạt và giao khắp Việt Nam.',
          },
        },
        {
          kind: 'group' as const,
          name: 'Câu lạc bộ Doanh nhân Trẻ Lâm Đồng',
          note: 'Nơi các doanh nhân trẻ chia sẻ cơ hội.',
          urlMinify: 'demo-group',
          agencyId: agency.id,
          theme: 'trendymode',
        },
      ])
      .returning();
    if (!brand || !agencyGroup) throw new Error('groups not created');

    await tx.insert(groupMembers).values([
      { groupId: brand.id, memberId: brandOwner.id, role: 'admin' as const },
      { groupId: brand.id, memberId: staff.id, role: 'seller' as const },
      { groupId: agencyGroup.id, memberId: demo.id, role: 'member' as const },
      { groupId: agencyGroup.id, memberId: brandOwner.id, role: 'admin' as const },
    ]);
    // Member management (decision 0801): two members of the brand, one asking to join, and
    // customers, one linked to the demo card so the booth staffer finds it by short link.
    await tx.insert(groupMembers).values([
      { groupId: brand.id, memberId: others[1]!.id, role: 'member' as const },
      { groupId: brand.id, memberId: others[2]!.id, role: 'member' as const },
      {
        groupId: brand.id,
        memberId: others[3]!.id,
        role: 'member' as const,
        status: 'requested' as const,
      },
    ]);
    await tx.insert(customers).values([
      {
        groupId: brand.id,
        memberId: demo.id,
        name: 'Nguyễn Thị Minh Anh',
        phone: '0901234567',
        note: 'Khách quen, mua cà phê hạt mỗi tháng',
        createdBy: brandOwner.id,
      },
      {
        groupId: brand.id,
        name: 'Trương Văn Hậu',
        phone: '0938111333',
        email: 'hau.truong@gmail.com',
        createdBy: brandOwner.id,
      },
    ]);
    await tx.insert(agencyAdmins).values({ agencyId: agency.id, memberId: brandOwner.id });

    await tx.insert(themeStyles).values(
      themeCatalogue.map((t) => ({
        code: t.code,
        scope: t.code === 'OrganizationMode' ? ('organization' as const) : ('personal' as const),
        name: t.name,
        color: t.color,
        colorName: t.colorName,
        value: { ...t.value },
      })),
    );
    const blackgold = themeCatalogue.find((t) => t.code === 'blackgold');
    if (blackgold) {
      await tx.insert(themeStyles).values({
        code: 'blackgold',
        scope: 'organization',
        groupId: brand.id,
        name: 'Sương Mai Classic',
        color: blackgold.color,
        colorName: blackgold.colorName,
        value: { ...blackgold.value },
      });
    }

    await tx.insert(posts).values([
      {
        groupId: brand.id,
        type: 'news' as const,
        title: 'Khai trương cửa hàng thứ ba tại Đà Lạt',
        content: 'Sương Mai chính thức mở cửa hàng mới tại chợ Đà Lạt, giảm 20% tuần đầu tiên.',
        startDate: '2026-10-01',
        ordinal: 1,
        outstanding: true,
      },
      {
        groupId: brand.id,
        type: 'opportunity' as const,
        title: 'Tìm đại lý phân phối tại Hà Nội',
        content: 'Chúng tôi tìm đối tác phân phối cà phê đặc sản tại các quận nội thành Hà Nội.',
        startDate: '2026-09-15',
        ordinal: 2,
      },
      {
        groupId: brand.id,
        type: 'event' as const,
        title: 'Workshop pha chế cà phê thủ công',
        content: 'Buổi học miễn phí vào sáng Chủ nhật, đăng ký trước để giữ chỗ.',
        startDate: '2026-12-06',
        ordinal: 3,
      },
      {
        groupId: brand.id,
        type: 'document' as const,
        title: 'Hồ sơ năng lực 2026',
        content: 'Tài liệu giới thiệu năng lực sản xuất và chứng nhận chất lượng của Sương Mai.',
        startDate: '2026-01-10',
        ordinal: 4,
      },
      {
        memberId: demo.id,
        type: 'news' as const,
        title: 'Chia sẻ tại hội thảo cà phê Việt',
        content: 'Cảm ơn ban tổ chức đã mời tôi chia sẻ về thị trường cà phê đặc sản.',
        startDate: '2026-08-20',
      },
      {
        memberId: demo.id,
        type: 'event' as const,
        title: 'Gặp gỡ bạn bè cuối tuần',
        content: 'Chỉ dành cho bạn bè: cà phê sáng thứ Bảy tại Sương Mai.',
        startDate: '2026-11-28',
        policy: 'friend' as const,
      },
    ]);

    await tx.insert(products).values([
      {
        groupId: brand.id,
        type: 'sell' as const,
        childType: 'Cà phê hạt',
        title: 'Arabica Cầu Đất rang mộc 500g',
        content: 'Hạt chín đỏ, sơ chế ướt, rang vừa. Hương trái cây, hậu vị ngọt.',
        listedPrice: 320000,
        price: 280000,
        quantity: 120,
        origin: 'Cầu Đất, Lâm Đồng',
        outstanding: true,
      },
      {
        groupId: brand.id,
        type: 'product' as const,
        childType: 'Cà phê phin',
        title: 'Bộ phin nhôm và cà phê xay 250g',
        content: 'Quà tặng cho người mới bắt đầu.',
        listedPrice: 190000,
        price: 165000,
        quantity: 60,
      },
      {
        groupId: brand.id,
        type: 'service' as const,
        childType: 'Tư vấn',
        title: 'Tư vấn mở quán cà phê',
        content: 'Thiết kế thực đơn, đào tạo barista và cung cấp nguyên liệu.',
        price: 5000000,
      },
      {
        groupId: brand.id,
        type: 'exhibition' as const,
        childType: 'Hội chợ',
        title: 'Gian hàng tại Hội chợ Nông sản Lâm Đồng 2026',
        content: 'Gian số 12, khu A.',
      },
      {
        memberId: demo.id,
        type: 'project' as const,
        childType: 'Phát triển vùng trồng',
        title: 'Dự án cà phê bền vững Cầu Đất',
        content: 'Hỗ trợ 50 hộ nông dân chuyển đổi canh tác hữu cơ.',
      },
    ]);

    await tx.insert(activities).values([
      {
        memberId: demo.id,
        type: 'experiences',
        displayName: 'Giám đốc Kinh doanh — Cà Phê Sương Mai (2019 – nay)',
      },
      {
        memberId: demo.id,
        type: 'education',
        displayName: 'Cử nhân Quản trị Kinh doanh — Đại học Kinh tế TP.HCM',
      },
      {
        memberId: demo.id,
        type: 'youtube',
        displayName: 'Video giới thiệu nông trại',
        link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
      {
        memberId: demo.id,
        type: 'websites',
        displayName: 'Blog cá nhân',
        link: 'https://minhanh.blog',
      },
      {
        groupId: brand.id,
        type: 'awards',
        displayName: 'Top 10 cà phê đặc sản Việt Nam 2025',
      },
      { groupId: brand.id, type: 'partner', displayName: 'Hợp tác xã Cà phê Cầu Đất' },
      {
        groupId: brand.id,
        type: 'history',
        displayName: 'Thành lập năm 2015 tại Đà Lạt',
      },
    ]);

    await tx.insert(relics).values([
      {
        groupId: brand.id,
        title: 'Máy rang cà phê đầu tiên (2015)',
        content: 'Chiếc máy rang 5kg đã cùng Sương Mai từ những ngày đầu.',
      },
      {
        memberId: demo.id,
        title: 'Giấy chứng nhận Q-Grader',
        content: 'Chứng chỉ chuyên gia thử nếm cà phê Arabica.',
      },
    ]);
    await seedAgencyDemo(
      tx,
      {
        agencyId: agency.id,
        brandId: brand.id,
        groupId: agencyGroup.id,
        customerId: others[1]!.id,
        brandOwnerId: brandOwner.id,
      },
      agencyHash,
    );
  });
  await seedDemoPoints(db);
  const [demoMember] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.email, 'demo@mecards.vn'));
  if (demoMember) await seedDemoPictures(db, demoMember.id);
  return true;
}
