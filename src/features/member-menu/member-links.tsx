import { Link, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/app-db';
import { cookieNames, hasLoginCookie, readCookie } from '../../lib/cookies';
import { usePageTitle } from '../../ui/page-title';
import './member-menu.css';

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
  return {
    pathname,
    loggedIn,
    memberId: readCookie(cookieNames.memberId),
    urlMinify: readCookie(cookieNames.urlMinify),
    isStaff: staffGroupCount > 0,
  };
}

function MemberLinks({
  memberId,
  urlMinify,
  isStaff,
}: {
  memberId: string;
  urlMinify: string | undefined;
  isStaff: boolean;
}) {
  return (
    <ul>
      {urlMinify && (
        <li>
          <a href={`/me/${encodeURIComponent(urlMinify)}`}>
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
            <Link to="/action/statistical">
              <Trans>Thống kê</Trans>
            </Link>
          </li>
        </>
      )}
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
  const { pathname, memberId, urlMinify, isStaff } = useMemberFacts();
  if (!memberId) return null;
  return (
    <details className="member-menu" key={pathname}>
      <summary aria-label={t`Mở menu`}>
        <Trans>Menu</Trans>
      </summary>
      <nav aria-label={t`Menu thành viên`}>
        <MemberLinks memberId={memberId} urlMinify={urlMinify} isStaff={isStaff} />
      </nav>
    </details>
  );
}

/** `/action`: the member's home in the app, every area one tap away. */
export function MemberHub() {
  const { t } = useLingui();
  const { memberId, urlMinify, isStaff } = useMemberFacts();
  usePageTitle(t`Ứng dụng`);
  if (!memberId) return null;
  return (
    <main className="member-hub">
      <h1>
        <Trans>Ứng dụng m.e Cards</Trans>
      </h1>
      <nav aria-label={t`Các chức năng`}>
        <MemberLinks memberId={memberId} urlMinify={urlMinify} isStaff={isStaff} />
      </nav>
    </main>
  );
}
