// /action — the member's home after login: their card as visitors see it with "Edit", what the
// card still lacks, what waits to be sent, and quick actions; the grouped hub below.
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { BookUser, Pencil, QrCode, ScanLine, Share2 } from 'lucide-react';
import { useSyncStatus } from '../../sync/use-sync-status';
import { openSyncPanel } from '../../sync/sync-panel-signal';
import { currentMemberId } from '../../api/current-member';
import { usePageTitle } from '../../ui/page-title';
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
  // Every queued type (outbox entries, pictures) and what the server refused (decision 1061).
  const sync = useSyncStatus();
  if (!memberId) return null;
  return (
    <main className="member-home">
      <h1>{profile ? <Trans>Xin chào, {profile.name}</Trans> : <Trans>Trang chủ</Trans>}</h1>
      <p className="member-home__status" data-testid="outbox-status">
        {sync.pendingCount === 0 && sync.rejected.length === 0 && (
          <Trans>Mọi thay đổi đã được gửi</Trans>
        )}
        {sync.pendingCount > 0 && <Trans>{sync.pendingCount} thay đổi đang chờ gửi</Trans>}
        {sync.rejected.length > 0 && (
          <button
            type="button"
            className="member-home__refused"
            data-testid="home-refused"
            onClick={openSyncPanel}
          >
            <Trans>{sync.rejected.length} thay đổi bị từ chối — xem và xử lý</Trans>
          </button>
        )}
      </p>
      <QuickActions profile={profile ?? null} />
      {profile === undefined && <Spinner />}
      {profile && <Completeness profile={profile} />}
      {profile && (
        <section className="member-home__card" aria-labelledby="home-card-title">
          <h2 id="home-card-title">
            <Trans>Thẻ của tôi</Trans>
          </h2>
          <p>
            <Link to="/action/setting" className="button">
              <Pencil aria-hidden="true" size={16} /> <Trans>Sửa</Trans>
            </Link>{' '}
            <a href={memberCardPath(profile.urlMinify)}>
              <Trans>Mở trang thẻ công khai</Trans>
            </a>
          </p>
          {renderPreview(profile)}
        </section>
      )}
      {hub}
    </main>
  );
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
        <li>
          <button type="button" onClick={() => void share()} disabled={!profile}>
            <Share2 aria-hidden="true" />
            <Trans>Chia sẻ thẻ</Trans>
          </button>
        </li>
        <li>
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
  return (
    <section className="member-home__missing" aria-labelledby="home-missing-title">
      <h2 id="home-missing-title">
        <Trans>Thẻ đã hoàn thiện {percent}%</Trans>
      </h2>
      {missing.length === 0 ? (
        <p>
          <Trans>Thẻ của bạn đã đầy đủ thông tin.</Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>Còn thiếu:</Trans>
          </p>
          <ul>
            {missing.map((part) => (
              <li key={part}>
                <a href={fillPath[part]}>{label[part]}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
