import { useEffect, useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { format } from 'date-fns';
import type { OutboxEntry } from '../../db/app-db';
import { startSync } from '../../sync/sync-engine';
import { useSyncStatus } from '../../sync/use-sync-status';
import { Button } from '../../ui/button';
import './sync-status.css';

function formatSyncedAt(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : format(date, 'dd/MM/yyyy HH:mm');
}

/** What a queued change was, in words (mutation names are the server's). */
function useMutationLabel(): (entry: OutboxEntry) => string {
  const { t } = useLingui();
  return (entry) => {
    switch (entry.name) {
      case 'contact.upsert':
        return t`Lưu liên hệ`;
      case 'contact.delete':
        return t`Xoá liên hệ`;
      case 'friend.add':
        return t`Gửi lời mời kết bạn`;
      case 'friend.accept':
        return t`Chấp nhận kết bạn`;
      case 'friend.reject':
        return t`Từ chối kết bạn`;
      case 'friend.cancel':
        return t`Huỷ lời mời kết bạn`;
      case 'friend.unfriend':
        return t`Huỷ kết bạn`;
      case 'point.create':
        return t`Tích điểm`;
      case 'checkin.create':
        return t`Check-in`;
      case 'orderGroup.upsert':
        return t`Lưu nhóm đơn hàng`;
      case 'profile.update':
        return t`Cập nhật hồ sơ`;
      default:
        return t`Thay đổi`;
    }
  };
}

function RejectedEntry({ entry }: { entry: OutboxEntry }) {
  const { t } = useLingui();
  const sync = useSyncStatus();
  const label = useMutationLabel();
  const [busy, setBusy] = useState<'retry' | 'discard' | null>(null);
  const run = (kind: 'retry' | 'discard') => {
    setBusy(kind);
    void (kind === 'retry' ? sync.retry(entry.id) : sync.discard(entry.id)).finally(() =>
      setBusy(null),
    );
  };
  const fields = Object.values(entry.error?.fields ?? {});
  return (
    <li className="sync-status__rejected" data-testid="sync-rejected-entry">
      <strong>{label(entry)}</strong>
      <p className="sync-status__reason">
        {entry.error?.message || t`Đã có lỗi xảy ra. Vui lòng thử lại sau!`}
      </p>
      {fields.length > 0 && (
        <ul className="sync-status__fields">
          {fields.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ul>
      )}
      <div className="sync-status__actions">
        <Button variant="secondary" busy={busy === 'retry'} onClick={() => run('retry')}>
          <Trans>Gửi lại</Trans>
        </Button>
        <Button variant="danger" busy={busy === 'discard'} onClick={() => run('discard')}>
          <Trans>Bỏ qua</Trans>
        </Button>
      </div>
    </li>
  );
}

/**
 * The sync status of this device, mounted once in the root layout; it also starts the sync
 * triggers of the page. A small badge (offline, waiting changes, refused changes), a notice
 * when the session expired with changes waiting, and a panel with the details.
 */
export function SyncStatusBar() {
  const { t } = useLingui();
  const sync = useSyncStatus();
  const [open, setOpen] = useState(false);
  const panelId = useId();

  useEffect(() => startSync(), []);

  const rejectedCount = sync.rejected.length;
  const syncedAt = formatSyncedAt(sync.lastSyncedAt);
  const attention = rejectedCount > 0 || sync.pendingCount > 0 || sync.pausedForLogin;
  if (!sync.loaded || (!attention && !open)) return null;

  return (
    <div className="sync-status" data-testid="sync-status">
      {sync.pausedForLogin && sync.pendingCount > 0 && (
        <p className="sync-status__notice" role="alert">
          <Plural
            value={sync.pendingCount}
            one="Phiên đăng nhập đã hết hạn — đăng nhập để gửi # thay đổi đang chờ."
            other="Phiên đăng nhập đã hết hạn — đăng nhập để gửi # thay đổi đang chờ."
          />{' '}
          <Link to="/login" className="sync-status__login">
            <Trans>Đăng nhập</Trans>
          </Link>
        </p>
      )}
      <button
        type="button"
        className={`sync-status__badge${rejectedCount > 0 ? ' sync-status__badge--error' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {!sync.online && (
          <span className="sync-status__offline">
            <Trans>Ngoại tuyến</Trans>
          </span>
        )}
        {sync.pendingCount > 0 && (
          <span role="status" data-testid="sync-pending-count">
            <Plural value={sync.pendingCount} one="# thay đổi chờ gửi" other="# thay đổi chờ gửi" />
          </span>
        )}
        {rejectedCount > 0 && (
          <span>
            <Plural value={rejectedCount} one="# bị từ chối" other="# bị từ chối" />
          </span>
        )}
        {!attention && <Trans>Đã đồng bộ</Trans>}
      </button>
      {open && (
        <section id={panelId} className="sync-status__panel" aria-label={t`Trạng thái đồng bộ`}>
          <p>
            {syncedAt ? (
              <Trans>Đồng bộ lần cuối: {syncedAt}</Trans>
            ) : (
              <Trans>Chưa đồng bộ lần nào trên máy này</Trans>
            )}
          </p>
          {sync.pendingCount > 0 && (
            <p>
              {sync.online ? (
                <Trans>Các thay đổi đang chờ sẽ được gửi tự động.</Trans>
              ) : (
                <Trans>Các thay đổi được lưu trên máy và sẽ gửi khi có mạng.</Trans>
              )}
            </p>
          )}
          {sync.online && !sync.pausedForLogin && (
            <Button variant="secondary" onClick={() => void sync.syncNow()}>
              <Trans>Đồng bộ ngay</Trans>
            </Button>
          )}
          {rejectedCount > 0 && (
            <>
              <h2 className="sync-status__heading">
                <Trans>Thay đổi bị máy chủ từ chối</Trans>
              </h2>
              <ul className="sync-status__list">
                {sync.rejected.map((entry) => (
                  <RejectedEntry key={entry.id} entry={entry} />
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </div>
  );
}
