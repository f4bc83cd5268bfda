import { Link, useRouterState } from '@tanstack/react-router';
import { BookUser, Gift, House, ScanLine, Users } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
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

function MemberLinks({
  memberId,
  urlMinify,
  isStaff,
  isAdmin,
  adminBrand,
  unread,
}: {
  memberId: string;
  urlMinify: string | undefined;
  isStaff: boolean;
  isAdmin: boolean;
  adminBrand: { id: string; name: string } | null;
  unread: { messages: number; notifications: number; contactUs: number };
}) {
  const { t } = useLingui();
  return (
    <ul>
      <li>
        <Link to="/messages">
          <Trans>Lời nhắn</Trans>
          <CountBadge count={unread.messages} label={t`${unread.messages} lời nhắn chưa đọc`} />
        </Link>
      </li>
      <li>
        <Link to="/notifications">
          <Trans>Thông báo</Trans>
          <CountBadge
            count={unread.notifications}
            label={t`${unread.notifications} thông báo chưa xem`}
          />
        </Link>
      </li>
      <li>
        <Link to="/action/contact-us">
          <Trans>Hộp thư liên hệ</Trans>
          <CountBadge count={unread.contactUs} label={t`${unread.contactUs} liên hệ chưa đọc`} />
        </Link>
      </li>
      <li>
        <Link to="/action/wedding">
          <Trans>Thiệp cưới</Trans>
        </Link>
      </li>
      {urlMinify && (
        <li>
          <a href={memberCardPath(urlMinify)}>
            <Trans>Thẻ của tôi</Trans>
          </a>
        </li>
      )}
      <li>
        <Link to="/action/qrcode">
          <Trans>Mã QR của tôi</Trans>
        </Link>
      </li>
      <li>
        <Link to="/action/setting/display">
          <Trans>Giao diện thẻ</Trans>
        </Link>
      </li>
      <li>
        <Link to="/action/setting/short-link">
          <Trans>Đường dẫn thẻ</Trans>
        </Link>
      </li>
      <li>
        <Link to="/action/shortenedLink">
          <Trans>Đường dẫn rút gọn</Trans>
        </Link>
      </li>
      <li>
        <Link to="/action/bio-link">
          <Trans>Trang liên kết (bio link)</Trans>
        </Link>
      </li>
      {adminBrand && (
        <li>
          <Link to="/action/brand/$id" params={{ id: adminBrand.id }}>
            <Trans>Quản lý thương hiệu</Trans>
          </Link>
        </li>
      )}
      {isAdmin && (
        <li>
          <Link to="/action/memberManagement">
            <Trans>Quản lý thành viên</Trans>
          </Link>
        </li>
      )}
      <li>
        <Link to="/friends/$id" params={{ id: memberId }}>
          <Trans>Bạn bè</Trans>
        </Link>
      </li>
      <li>
        <Link to="/action/setting/links">
          <Trans>Ngân hàng, liên kết và video</Trans>
        </Link>
      </li>
      <li>
        <Link to="/action/phonebook">
          <Trans>Danh bạ</Trans>
        </Link>
      </li>
      <li>
        <Link to="/action/content/$kind" params={{ kind: 'post' }}>
          <Trans>Bài viết, sản phẩm, poster</Trans>
        </Link>
      </li>
      <li>
        <Link to="/action/jobDiary">
          <Trans>Nhật ký công việc</Trans>
        </Link>
      </li>
      <li>
        <Link to="/action/createCv">
          <Trans>CV của tôi</Trans>
        </Link>
      </li>
      <li>
        <Link to="/scan-qr">
          <Trans>Quét mã QR</Trans>
        </Link>
      </li>
      <li>
        <Link to="/action/statistical">
          <Trans>Thống kê</Trans>
        </Link>
      </li>
      <li>
        <Link to="/action/viewPoint">
          <Trans>Điểm tích luỹ</Trans>
        </Link>
      </li>
      {isStaff && (
        <>
          <li>
            <Link to="/action/createPoint">
              <Trans>Tích điểm cho khách</Trans>
            </Link>
          </li>
          <li>
            <Link to="/action/history">
              <Trans>Lịch sử tích điểm</Trans>
            </Link>
          </li>
          <li>
            <Link to="/action/historyCheckIn">
              <Trans>Lịch sử check-in</Trans>
            </Link>
          </li>
          <li>
            <Link to="/admin/registrations">
              <Trans>Yêu cầu đăng ký</Trans>
            </Link>
          </li>
        </>
      )}
      <li>
        <Link to="/action/support">
          <Trans>Hỗ trợ</Trans>
        </Link>
      </li>
      <li>
        <Link to="/change-password">
          <Trans>Đổi mật khẩu</Trans>
        </Link>
      </li>
      <li>
        <Link to="/logout">
          <Trans>Đăng xuất</Trans>
        </Link>
      </li>
    </ul>
  );
}

/** The logged-in member's dropdown menu; loaded only for members (it reads the device store). */
export function MemberDropdown() {
  const { t } = useLingui();
  const { pathname, memberId, urlMinify, isStaff, isAdmin, adminBrand, unread, hasAgency } =
    useMemberFacts();
  if (!memberId) return null;
  const total = unread.messages + unread.notifications;
  return (
    <details
      className={hasAgency ? 'member-menu member-menu--agency' : 'member-menu'}
      key={pathname}
    >
      <summary aria-label={total > 0 ? t`Mở menu, ${total} mục mới` : t`Mở menu`}>
        <Trans>Menu</Trans>
        <CountBadge count={unread.messages} label={t`${unread.messages} lời nhắn chưa đọc`} />
      </summary>
      <nav aria-label={t`Menu thành viên`}>
        <MemberLinks
          memberId={memberId}
          urlMinify={urlMinify}
          isStaff={isStaff}
          isAdmin={isAdmin}
          adminBrand={adminBrand}
          unread={unread}
        />
      </nav>
    </details>
  );
}

/** The `/action` hub: every area, grouped, under the member's home. */
export function MemberHubGroups() {
  const { t } = useLingui();
  const { memberId, urlMinify, isStaff, isAdmin, adminBrand, unread, hasAgency } = useMemberFacts();
  if (!memberId) return null;
  return (
    <nav className="member-hub" aria-label={t`Các chức năng`}>
      <h2>
        <Trans>Tất cả chức năng</Trans>
      </h2>
      <section aria-labelledby="hub-card">
        <h3 id="hub-card">
          <Trans>Thẻ của tôi</Trans>
        </h3>
        <ul>
          <li>
            <Link to="/action/setting">
              <Trans>Sửa hồ sơ</Trans>
            </Link>
          </li>
          {urlMinify && (
            <li>
              <a href={memberCardPath(urlMinify)}>
                <Trans>Xem thẻ công khai</Trans>
              </a>
            </li>
          )}
          <li>
            <Link to="/action/qrcode">
              <Trans>Mã QR của tôi</Trans>
            </Link>
          </li>
          <li>
            <Link to="/action/setting/links">
              <Trans>Ngân hàng, liên kết và video</Trans>
            </Link>
          </li>
          <li>
            <Link to="/action/setting/photos">
              <Trans>Ảnh đại diện, ảnh bìa, ảnh nền</Trans>
            </Link>
          </li>
          <li>
            <Link to="/action/setting/display">
              <Trans>Giao diện thẻ</Trans>
            </Link>
          </li>
          <li>
            <Link to="/action/setting/short-link">
              <Trans>Đường dẫn thẻ</Trans>
            </Link>
          </li>
          <li>
            <Link to="/action/bio-link">
              <Trans>Trang liên kết (bio link)</Trans>
            </Link>
          </li>
          <li>
            <Link to="/action/createCv">
              <Trans>CV của tôi</Trans>
            </Link>
          </li>
          <li>
            <Link to="/action/jobDiary">
              <Trans>Nhật ký công việc</Trans>
            </Link>
          </li>
          {adminBrand && (
            <li>
              <Link to="/action/brand/$id" params={{ id: adminBrand.id }}>
                <Trans>Quản lý thương hiệu</Trans>
              </Link>
            </li>
          )}
        </ul>
      </section>
      <section aria-labelledby="hub-people">
        <h3 id="hub-people">
          <Trans>Kết nối</Trans>
        </h3>
        <ul>
          <li>
            <Link to="/messages">
              <Trans>Lời nhắn</Trans>
              <CountBadge count={unread.messages} label={t`${unread.messages} lời nhắn chưa đọc`} />
            </Link>
          </li>
          <li>
            <Link to="/notifications">
              <Trans>Thông báo</Trans>
              <CountBadge
                count={unread.notifications}
                label={t`${unread.notifications} thông báo chưa xem`}
              />
            </Link>
          </li>
          <li>
            <Link to="/friends/$id" params={{ id: memberId }}>
              <Trans>Bạn bè</Trans>
            </Link>
          </li>
          <li>
            <Link to="/action/phonebook">
              <Trans>Danh bạ</Trans>
            </Link>
          </li>
          <li>
            <Link to="/scan-qr">
              <Trans>Quét mã QR</Trans>
            </Link>
          </li>
        </ul>
      </section>
      <section aria-labelledby="hub-points">
        <h3 id="hub-points">
          <Trans>Điểm tích luỹ</Trans>
        </h3>
        <ul>
          <li>
            <Link to="/action/statistical">
              <Trans>Thống kê</Trans>
            </Link>
          </li>
          <li>
            <Link to="/action/viewPoint">
              <Trans>Điểm tích luỹ</Trans>
            </Link>
          </li>
          {isStaff && (
            <>
              <li>
                <Link to="/action/createPoint">
                  <Trans>Tích điểm cho khách</Trans>
                </Link>
              </li>
              <li>
                <Link to="/action/history">
                  <Trans>Lịch sử tích điểm</Trans>
                </Link>
              </li>
              <li>
                <Link to="/action/historyCheckIn">
                  <Trans>Lịch sử check-in</Trans>
                </Link>
              </li>
            </>
          )}
          {isAdmin && (
            <li>
              <Link to="/action/memberManagement">
                <Trans>Quản lý thành viên</Trans>
              </Link>
            </li>
          )}
        </ul>
      </section>
      <section aria-labelledby="hub-agency">
        <h3 id="hub-agency">
          <Trans>Hiệp hội và ưu đãi</Trans>
        </h3>
        <ul>
          <li>
            <Link to="/action/discover">
              <Trans>Khám phá doanh nghiệp</Trans>
            </Link>
          </li>
          <li>
            <Link to="/action/discount">
              <Trans>Ưu đãi</Trans>
            </Link>
          </li>
          {(adminBrand || hasAgency) && (
            <li>
              <Link to="/action/associationReports">
                <Trans>Báo cáo hiệp hội</Trans>
              </Link>
            </li>
          )}
          {hasAgency && (
            <li>
              <Link to="/action/agency">
                <Trans>Quản lý hiệp hội</Trans>
              </Link>
            </li>
          )}
        </ul>
      </section>
      <section aria-labelledby="hub-account">
        <h3 id="hub-account">
          <Trans>Tài khoản</Trans>
        </h3>
        <ul>
          <li>
            <Link to="/change-password">
              <Trans>Đổi mật khẩu</Trans>
            </Link>
          </li>
          <li>
            <Link to="/logout">
              <Trans>Đăng xuất</Trans>
            </Link>
          </li>
        </ul>
      </section>
    </nav>
  );
}

/** Phones: a bottom tab bar reaching the main areas (the header menu keeps the rest). */
export function MemberTabBar() {
  const { t } = useLingui();
  const { pathname, memberId } = useMemberFacts();
  if (!memberId) return null;
  const current = (match: boolean) => (match ? ('page' as const) : undefined);
  return (
    <nav className="member-tabs" aria-label={t`Thanh điều hướng`}>
      <Link to="/action" aria-current={current(pathname === '/action')}>
        <House aria-hidden="true" size={22} />
        <span>{t`Trang chủ`}</span>
      </Link>
      <Link to="/action/phonebook" aria-current={current(pathname === '/action/phonebook')}>
        <BookUser aria-hidden="true" size={22} />
        <span>{t`Danh bạ`}</span>
      </Link>
      <Link to="/scan-qr" aria-current={current(pathname === '/scan-qr')}>
        <ScanLine aria-hidden="true" size={22} />
        <span>{t`Quét`}</span>
      </Link>
      <Link
        to="/friends/$id"
        params={{ id: memberId }}
        aria-current={current(pathname.startsWith('/friends/'))}
      >
        <Users aria-hidden="true" size={22} />
        <span>{t`Bạn bè`}</span>
      </Link>
      <Link to="/action/viewPoint" aria-current={current(pathname === '/action/viewPoint')}>
        <Gift aria-hidden="true" size={22} />
        <span>{t`Điểm`}</span>
      </Link>
    </nav>
  );
}
