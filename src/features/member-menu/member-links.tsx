import { Link, linkOptions, useRouterState, type LinkOptions } from '@tanstack/react-router';
import { BookUser, Gift, House, ScanLine, Users } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/app-db';
import { cookieNames } from '../../../contract/cookie-names';
import type { SessionBrandGroup } from '../../../contract/auth';
import { hasLoginCookie, readCookie } from '../../lib/cookies';
import './member-menu.css';
import { memberCardPath } from '../../../contract/card-prefixes';
import { unreadCount } from '../../../contract/message';

function CountBadge({ count, label }: { count: number; label: string }) {
  if (count === 0) return null;
  return (
    <span className="member-menu__badge" aria-label={label} data-testid="unread-badge">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** What the menu and the hub need to know about the logged-in member. */
function useMemberFacts() {
  // Re-read the login cookies on every navigation (login and logout navigate).
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const loggedIn = hasLoginCookie();
  const staffGroupCount = useLiveQuery(
    () => (loggedIn ? appDb.staffGroups.filter((g) => g.deletedAt === null).count() : 0),
    [loggedIn],
    0,
  );
  const adminGroupCount = useLiveQuery(
    () =>
      loggedIn
        ? appDb.staffGroups.filter((g) => g.deletedAt === null && g.role === 'admin').count()
        : 0,
    [loggedIn],
    0,
  );
  const me = readCookie(cookieNames.memberId);
  // Unread messages and unopened notifications, from the device store (live, offline too).
  const unread = useLiveQuery(
    async () =>
      loggedIn && me
        ? {
            messages: unreadCount(await appDb.messages.toArray(), me),
            notifications: await appDb.notifications
              .filter((n) => n.openedAt === null && n.deletedAt === null)
              .count(),
            contactUs: await appDb.contactUs
              .filter((m) => m.readAt === null && m.deletedAt === null)
              .count(),
          }
        : { messages: 0, notifications: 0, contactUs: 0 },
    [loggedIn, me],
    { messages: 0, notifications: 0, contactUs: 0 },
  );
  return {
    pathname,
    loggedIn,
    unread,
    memberId: readCookie(cookieNames.memberId),
    urlMinify: readCookie(cookieNames.urlMinify),
    isStaff: staffGroupCount > 0,
    isAdmin: adminGroupCount > 0,
    adminBrand: adminBrandOf(readCookie(cookieNames.brandGroup)),
    // Spec §4: a member with an agency gets a light-grey menu (decision 0810).
    hasAgency: Boolean(readCookie(cookieNames.agency)),
  };
}

/** The brand the member runs (owner or admin), from the readable brand-group cookie. */
function adminBrandOf(cookie: string | undefined): { id: string; name: string } | null {
  if (!cookie) return null;
  try {
    const fact = JSON.parse(cookie) as Partial<SessionBrandGroup> | null;
    if (!fact?.id || (fact.role !== 'owner' && fact.role !== 'admin')) return null;
    return { id: fact.id, name: fact.name ?? '' };
  } catch {
    return null;
  }
}

type AreaSection = 'card' | 'people' | 'points' | 'agency' | 'account';

/** Where an area leads: an app route, or a server page (the public card) by its address. */
type AreaLink = LinkOptions | { href: string };

interface MemberArea {
  key: string;
  section: AreaSection;
  label: string;
  link: AreaLink;
  badge?: { count: number; label: string };
}

/**
 * Every area a member can open, declared once: the header menu lists them, the `/action` hub
 * groups them by section; the phone tab bar (below) reaches five of them. Roles decide which
 * appear.
 */
function useMemberAreas(
  facts: ReturnType<typeof useMemberFacts>,
): { areas: MemberArea[]; sections: Record<AreaSection, string> } | null {
  const { t } = useLingui();
  const { memberId, urlMinify, isStaff, isAdmin, adminBrand, unread, hasAgency } = facts;
  if (!memberId) return null;
  const area = (
    key: string,
    section: AreaSection,
    label: string,
    link: AreaLink,
    badge?: MemberArea['badge'],
  ): MemberArea => ({ key, section, label, link, ...(badge && { badge }) });
  const areas: (MemberArea | false)[] = [
    area('profile', 'card', t`Sửa hồ sơ`, linkOptions({ to: '/action/setting' })),
    Boolean(urlMinify) &&
      area('card', 'card', t`Xem thẻ công khai`, { href: memberCardPath(urlMinify ?? '') }),
    area('qr', 'card', t`Mã QR của tôi`, linkOptions({ to: '/action/qrcode' })),
    area(
      'links',
      'card',
      t`Ngân hàng, liên kết và video`,
      linkOptions({ to: '/action/setting/links' }),
    ),
    area(
      'photos',
      'card',
      t`Ảnh đại diện, ảnh bìa, ảnh nền`,
      linkOptions({ to: '/action/setting/photos' }),
    ),
    area('display', 'card', t`Giao diện thẻ`, linkOptions({ to: '/action/setting/display' })),
    area('short-link', 'card', t`Đường dẫn thẻ`, linkOptions({ to: '/action/setting/short-link' })),
    area('shortened', 'card', t`Đường dẫn rút gọn`, linkOptions({ to: '/action/shortenedLink' })),
    area('bio', 'card', t`Trang liên kết (bio link)`, linkOptions({ to: '/action/bio-link' })),
    area(
      'content',
      'card',
      t`Bài viết, sản phẩm, poster`,
      linkOptions({ to: '/action/content/$kind', params: { kind: 'post' } }),
    ),
    area('cv', 'card', t`CV của tôi`, linkOptions({ to: '/action/createCv' })),
    area('diary', 'card', t`Nhật ký công việc`, linkOptions({ to: '/action/jobDiary' })),
    area('wedding', 'card', t`Thiệp cưới`, linkOptions({ to: '/action/wedding' })),
    adminBrand !== null &&
      area(
        'brand',
        'card',
        t`Quản lý thương hiệu`,
        linkOptions({ to: '/action/brand/$id', params: { id: adminBrand.id } }),
      ),
    area('messages', 'people', t`Lời nhắn`, linkOptions({ to: '/messages' }), {
      count: unread.messages,
      label: t`${plural(unread.messages, { other: '# lời nhắn chưa đọc' })}`,
    }),
    area('notifications', 'people', t`Thông báo`, linkOptions({ to: '/notifications' }), {
      count: unread.notifications,
      label: t`${unread.notifications} thông báo chưa xem`,
    }),
    area('contact-us', 'people', t`Hộp thư liên hệ`, linkOptions({ to: '/action/contact-us' }), {
      count: unread.contactUs,
      label: t`${unread.contactUs} liên hệ chưa đọc`,
    }),
    area(
      'friends',
      'people',
      t`Bạn bè`,
      linkOptions({ to: '/friends/$id', params: { id: memberId } }),
    ),
    area('phonebook', 'people', t`Danh bạ`, linkOptions({ to: '/action/phonebook' })),
    area('scan', 'people', t`Quét mã QR`, linkOptions({ to: '/scan-qr' })),
    area('statistics', 'points', t`Thống kê`, linkOptions({ to: '/action/statistical' })),
    area('points', 'points', t`Điểm tích luỹ`, linkOptions({ to: '/action/viewPoint' })),
    isStaff &&
      area(
        'create-point',
        'points',
        t`Tích điểm cho khách`,
        linkOptions({ to: '/action/createPoint' }),
      ),
    isStaff &&
      area('history', 'points', t`Lịch sử tích điểm`, linkOptions({ to: '/action/history' })),
    isStaff &&
      area(
        'check-ins',
        'points',
        t`Lịch sử check-in`,
        linkOptions({ to: '/action/historyCheckIn' }),
      ),
    isStaff &&
      area(
        'registrations',
        'points',
        t`Yêu cầu đăng ký`,
        linkOptions({ to: '/admin/registrations' }),
      ),
    isAdmin &&
      area(
        'members',
        'points',
        t`Quản lý thành viên`,
        linkOptions({ to: '/action/memberManagement' }),
      ),
    area('discover', 'agency', t`Khám phá doanh nghiệp`, linkOptions({ to: '/action/discover' })),
    area('discount', 'agency', t`Ưu đãi`, linkOptions({ to: '/action/discount' })),
    (adminBrand !== null || hasAgency) &&
      area(
        'reports',
        'agency',
        t`Báo cáo hiệp hội`,
        linkOptions({ to: '/action/associationReports' }),
      ),
    hasAgency &&
      area('agency', 'agency', t`Quản lý hiệp hội`, linkOptions({ to: '/action/agency' })),
    area('support', 'account', t`Hỗ trợ`, linkOptions({ to: '/action/support' })),
    area('password', 'account', t`Đổi mật khẩu`, linkOptions({ to: '/change-password' })),
    area('logout', 'account', t`Đăng xuất`, linkOptions({ to: '/logout' })),
  ];
  return {
    areas: areas.filter((item): item is MemberArea => item !== false),
    sections: {
      card: t`Thẻ của tôi`,
      people: t`Kết nối`,
      points: t`Điểm tích luỹ`,
      agency: t`Hiệp hội và ưu đãi`,
      account: t`Tài khoản`,
    },
  };
}

function AreaItem({ area }: { area: MemberArea }) {
  const badge = area.badge && <CountBadge count={area.badge.count} label={area.badge.label} />;
  return (
    <li>
      {'href' in area.link ? (
        <a href={area.link.href}>
          {area.label}
          {badge}
        </a>
      ) : (
        <Link {...area.link}>
          {area.label}
          {badge}
        </Link>
      )}
    </li>
  );
}

/** The logged-in member's dropdown menu; loaded only for members (it reads the device store). */
export function MemberDropdown() {
  const { t } = useLingui();
  // One read of the device store, for the badge and the list alike.
  const facts = useMemberFacts();
  const { pathname, unread, hasAgency } = facts;
  const declared = useMemberAreas(facts);
  if (!declared) return null;
  const total = unread.messages + unread.notifications;
  return (
    <details
      className={hasAgency ? 'member-menu member-menu--agency' : 'member-menu'}
      key={pathname}
    >
      <summary aria-label={total > 0 ? t`Mở menu, ${total} mục mới` : t`Mở menu`}>
        <Trans>Menu</Trans>
        <CountBadge
          count={unread.messages}
          label={t`${plural(unread.messages, { other: '# lời nhắn chưa đọc' })}`}
        />
      </summary>
      <nav aria-label={t`Menu thành viên`}>
        <ul>
          {declared.areas.map((area) => (
            <AreaItem key={area.key} area={area} />
          ))}
        </ul>
      </nav>
    </details>
  );
}

/** The `/action` hub: every area, grouped, under the member's home. */
export function MemberHubGroups() {
  const { t } = useLingui();
  const declared = useMemberAreas(useMemberFacts());
  if (!declared) return null;
  const order: AreaSection[] = ['card', 'people', 'points', 'agency', 'account'];
  return (
    <nav className="member-hub" aria-label={t`Các chức năng`}>
      <h2>
        <Trans>Tất cả chức năng</Trans>
      </h2>
      {order.map((section) => (
        <section key={section} aria-labelledby={`hub-${section}`}>
          <h3 id={`hub-${section}`}>{declared.sections[section]}</h3>
          <ul>
            {declared.areas
              .filter((area) => area.section === section)
              .map((area) => (
                <AreaItem key={area.key} area={area} />
              ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

/** Phones: a bottom tab bar reaching the main areas (the header menu keeps the rest). */
export function MemberTabBar() {
  const { t } = useLingui();
  const { pathname, memberId } = useMemberFacts();
  if (!memberId) return null;
  const current = (match: boolean) => (match ? ('page' as const) : undefined);
  // The router marks a link current on its own, by prefix unless told "exact": without it
  // Home (/action) was current beside every /action/… tab. Our own rule below decides.
  const exact = { exact: true } as const;
  return (
    <nav className="member-tabs" aria-label={t`Thanh điều hướng`}>
      <Link to="/action" activeOptions={exact} aria-current={current(pathname === '/action')}>
        <House aria-hidden="true" size={22} />
        <span>{t`Trang chủ`}</span>
      </Link>
      <Link
        to="/action/phonebook"
        activeOptions={exact}
        aria-current={current(pathname === '/action/phonebook')}
      >
        <BookUser aria-hidden="true" size={22} />
        <span>{t`Danh bạ`}</span>
      </Link>
      <Link to="/scan-qr" activeOptions={exact} aria-current={current(pathname === '/scan-qr')}>
        <ScanLine aria-hidden="true" size={22} />
        <span>{t`Quét`}</span>
      </Link>
      <Link
        to="/friends/$id"
        params={{ id: memberId }}
        activeOptions={exact}
        aria-current={current(pathname.startsWith('/friends/'))}
      >
        <Users aria-hidden="true" size={22} />
        <span>{t`Bạn bè`}</span>
      </Link>
      <Link
        to="/action/viewPoint"
        activeOptions={exact}
        aria-current={current(pathname === '/action/viewPoint')}
      >
        <Gift aria-hidden="true" size={22} />
        <span>{t`Điểm`}</span>
      </Link>
    </nav>
  );
}
