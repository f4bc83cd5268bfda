// /action — the member's home after login, card first (decision 0950): an organisation's admin
// sees the organisation, then everyone their own card with big Edit / Share / QR actions, what
// the card still lacks with the next step as a button, what waits to be sent only when there
// is something to say; the grouped hub below.
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { BookUser, Pencil, QrCode, ScanLine, Share2 } from 'lucide-react';
import { useSyncStatus } from '../../sync/use-sync-status';
import { openSyncPanel } from '../../sync/sync-panel-signal';
import { readCookie } from '../../lib/cookies';
import { cookieNames } from '../../../contract/cookie-names';
import type { SessionBrandGroup } from '../../../contract/auth';
import { currentMemberId } from '../../api/current-member';
import { usePageTitle } from '../../ui/page-title';
import { firstConflictLink } from '../../ui/conflict-screens';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { memberCardPath } from '../../../contract/card-prefixes';
import type { MirroredProfile } from '../../../contract/member';
import {
  completeness,
  missingParts,
  useHasAccountLinks,
  useMyProfile,
  type MissingPart,
} from './profile-data';
import './profile.css';

export interface MemberHomeProps {
  renderPreview: (profile: MirroredProfile) => ReactNode;
  /** The grouped list of every area (the member menu's hub). */
  hub: ReactNode;
}

export function MemberHome({ renderPreview, hub }: MemberHomeProps) {
  const { t } = useLingui();
  usePageTitle(t`Trang chủ`);
  const memberId = currentMemberId();
  const profile = useMyProfile(memberId);
  if (!memberId) return null;
  return (
    <main className="member-home page stack">
      <h1>{profile ? <Trans>Xin chào, {profile.name}</Trans> : <Trans>Trang chủ</Trans>}</h1>
      <SyncNote />
      <OrganisationHome />
      <section className="member-home__card surface stack" aria-labelledby="home-card-title">
        <h2 id="home-card-title" className="visually-hidden">
          <Trans>Thẻ của tôi</Trans>
        </h2>
        {profile === undefined && <Spinner />}
        {profile && <ClippedPreview>{renderPreview(profile)}</ClippedPreview>}
        <QuickActions profile={profile ?? null} />
        {profile && (
          <a className="member-home__public" href={memberCardPath(profile.urlMinify)}>
            <Trans>Mở trang thẻ công khai</Trans>
          </a>
        )}
      </section>
      {profile && <Completeness profile={profile} />}
      {hub}
    </main>
  );
}

/**
 * The card as visitors see it, cut at a fixed height. Where it is cut its foot fades out, so it
 * reads as "more below" and not as buttons sliced in half.
 */
function ClippedPreview({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [clipped, setClipped] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    // The card renders after its messages load: watch the box, and the card once it is there.
    const observer = new ResizeObserver(() => {
      if (element.firstElementChild) observer.observe(element.firstElementChild);
      setClipped(element.scrollHeight > element.clientHeight + 1);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="member-home__preview" data-clipped={clipped || undefined}>
      {children}
    </div>
  );
}

/**
 * What the device still has to send, only when there is something to say: changes waiting,
 * changes the server refused (one tap to the sync panel), or no connection.
 */
function SyncNote() {
  const sync = useSyncStatus();
  const online = useOnline();
  const pending = sync.pendingCount;
  const refused = sync.rejected.length;
  const conflicts = sync.conflicts;
  if (!sync.loaded || (pending === 0 && refused === 0 && conflicts.total === 0 && online)) {
    return null;
  }
  return (
    <p className="member-home__status cluster" data-testid="outbox-status" role="status">
      {!online && (
        <span className="badge badge--warning">
          <Trans>Đang ngoại tuyến</Trans>
        </span>
      )}
      {pending > 0 && (
        <span className="badge badge--warning">
          <Plural value={pending} other="# thay đổi đang chờ gửi" />
        </span>
      )}
      {refused > 0 && (
        <button
          type="button"
          className="badge badge--danger member-home__action-badge member-home__refused"
          data-testid="home-refused"
          onClick={openSyncPanel}
        >
          <Plural value={refused} other="# thay đổi bị từ chối — xem và xử lý" />
        </button>
      )}
      {conflicts.total > 0 && (
        <Link
          className="badge badge--warning member-home__action-badge"
          data-testid="home-conflicts"
          {...firstConflictLink(conflicts)}
        >
          <Plural value={conflicts.total} other="# thay đổi cần bạn chọn bản giữ lại" />
        </Link>
      )}
    </p>
  );
}

function useOnline(): boolean {
  return useSyncExternalStore(
    (change) => {
      window.addEventListener('online', change);
      window.addEventListener('offline', change);
      return () => {
        window.removeEventListener('online', change);
        window.removeEventListener('offline', change);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

/** A brand's or an agency's admin lands on their organisation first. */
function OrganisationHome() {
  const brand = adminBrandOf(readCookie(cookieNames.brandGroup));
  const hasAgency = Boolean(readCookie(cookieNames.agency));
  if (!brand && !hasAgency) return null;
  return (
    <section className="member-home__org surface stack stack--tight" aria-labelledby="home-org">
      <h2 id="home-org">
        {brand ? <Trans>Thương hiệu {brand.name}</Trans> : <Trans>Hiệp hội của tôi</Trans>}
      </h2>
      <ul className="member-home__org-links grid">
        {brand && (
          <>
            <li>
              <Link className="button" to="/action/brand/$id" params={{ id: brand.id }}>
                <Trans>Quản lý thương hiệu</Trans>
              </Link>
            </li>
            <li>
              <Link className="button button--secondary" to="/action/memberManagement">
                <Trans>Quản lý thành viên</Trans>
              </Link>
            </li>
            <li>
              <Link className="button button--secondary" to="/action/statistical">
                <Trans>Thống kê</Trans>
              </Link>
            </li>
          </>
        )}
        {hasAgency && (
          <>
            <li>
              <Link className="button" to="/action/agency">
                <Trans>Quản lý hiệp hội</Trans>
              </Link>
            </li>
            <li>
              <Link className="button button--secondary" to="/action/associationReports">
                <Trans>Báo cáo hiệp hội</Trans>
              </Link>
            </li>
          </>
        )}
      </ul>
    </section>
  );
}

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

function QuickActions({ profile }: { profile: MirroredProfile | null }) {
  const { t } = useLingui();
  const share = async () => {
    if (!profile) return;
    const url = `${window.location.origin}${memberCardPath(profile.urlMinify)}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: profile.name, url });
      } catch {
        // Closed the share sheet.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t`Đã sao chép đường dẫn thẻ`);
    } catch {
      toast.info(t`Không hỗ trợ chia sẻ trên thiết bị này`);
    }
  };
  return (
    <nav aria-label={t`Thao tác nhanh`}>
      <ul className="member-home__quick">
        <li className="member-home__main-action">
          <Link to="/action/setting">
            <Pencil aria-hidden="true" />
            <Trans>Sửa thẻ</Trans>
          </Link>
        </li>
        <li className="member-home__main-action">
          <button type="button" onClick={() => void share()} disabled={!profile}>
            <Share2 aria-hidden="true" />
            <Trans>Chia sẻ thẻ</Trans>
          </button>
        </li>
        <li className="member-home__main-action">
          <Link to="/action/qrcode">
            <QrCode aria-hidden="true" />
            <Trans>Mã QR</Trans>
          </Link>
        </li>
        <li>
          <Link to="/scan-qr">
            <ScanLine aria-hidden="true" />
            <Trans>Quét mã</Trans>
          </Link>
        </li>
        <li>
          <Link to="/action/phonebook">
            <BookUser aria-hidden="true" />
            <Trans>Danh bạ</Trans>
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** Where each missing part is filled in. */
const fillPath: Record<MissingPart, string> = {
  avatar: '/action/setting/photos',
  jobTitle: '/action/setting',
  phone: '/action/setting',
  contactEmail: '/action/setting',
  address: '/action/setting',
  intro: '/action/setting',
  aboutMe: '/action/setting',
  interests: '/action/setting',
  links: '/action/setting/links',
};

function Completeness({ profile }: { profile: MirroredProfile }) {
  const { t } = useLingui();
  const hasAccountLinks = useHasAccountLinks(profile.id);
  const missing = missingParts(profile, hasAccountLinks);
  const percent = completeness(profile, hasAccountLinks);
  const label: Record<MissingPart, string> = {
    avatar: t`Ảnh đại diện`,
    jobTitle: t`Chức danh hoặc nơi làm việc`,
    phone: t`Số điện thoại liên hệ`,
    contactEmail: t`Email liên hệ`,
    address: t`Địa chỉ`,
    intro: t`Câu giới thiệu`,
    aboutMe: t`Về tôi`,
    interests: t`Sở thích hoặc lĩnh vực kinh doanh`,
    links: t`Liên kết hoặc tài khoản ngân hàng`,
  };
  const [next, ...rest] = missing;
  return (
    <section
      className="member-home__missing surface stack stack--tight"
      aria-labelledby="home-missing-title"
    >
      <div className="progress">
        <h2 id="home-missing-title">
          <Trans>Thẻ đã hoàn thiện {percent}%</Trans>
        </h2>
        <div
          className="progress__track"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-labelledby="home-missing-title"
        >
          <div className="progress__bar" style={{ width: `${percent}%` }} />
        </div>
      </div>
      {next === undefined ? (
        <p>
          <Trans>Thẻ của bạn đã đầy đủ thông tin.</Trans>
        </p>
      ) : (
        <>
          <a className="button member-home__next" href={fillPath[next]}>
            <Trans>Thêm: {label[next]}</Trans>
          </a>
          {rest.length > 0 && (
            <details className="member-home__rest">
              <summary>
                <Plural value={rest.length} one="Còn # mục nữa" other="Còn # mục nữa" />
              </summary>
              <ul className="cluster">
                {rest.map((part) => (
                  <li key={part}>
                    <a className="button button--secondary" href={fillPath[part]}>
                      {label[part]}
                    </a>
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  );
}
