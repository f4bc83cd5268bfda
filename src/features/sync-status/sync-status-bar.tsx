import { useEffect, useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { lightFormat } from 'date-fns/lightFormat';
import type { OutboxEntry } from '../../db/app-db';
import { mutationLabel } from '../../../contract/mutations';
import type { Lang } from '../../../contract/messages';
import { startSync } from '../../sync/sync-engine';
import { startLivePokes } from '../../sync/live-pokes';
import { useSyncStatus } from '../../sync/use-sync-status';
import { Button } from '../../ui/button';
import { screensWithConflicts } from '../../ui/conflict-screens';
import { onOpenSyncPanel } from '../../sync/sync-panel-signal';
import './sync-status.css';

function formatSyncedAt(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : lightFormat(date, 'dd/MM/yyyy HH:mm');
}

/** What a queued change was, in words: the label its declaration in contract/entities.ts gives. */
function useMutationLabel(): (entry: OutboxEntry) => string {
  const { i18n } = useLingui();
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'vi';
  return (entry) => mutationLabel(entry.name, lang);
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

/** A change the server held under a fair-use limit: kept here, sent on its own later. */
function HeldEntry({ entry }: { entry: OutboxEntry }) {
  const label = useMutationLabel();
  return (
    <li className="sync-status__rejected" data-testid="sync-held-entry">
      <strong>{label(entry)}</strong>
      <p className="sync-status__reason">{entry.error?.message}</p>
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

  useEffect(() => onOpenSyncPanel(() => setOpen(true)), []);
  useEffect(() => {
    const stopSync = startSync();
    const stopLive = startLivePokes();
    return () => {
      stopSync();
      stopLive();
    };
  }, []);

  const rejectedCount = sync.rejected.length;
  const syncedAt = formatSyncedAt(sync.lastSyncedAt);
  // A paused session matters only with changes waiting (the notice says how many); without
  // them the badge would have nothing to say.
  const conflictCount = sync.conflicts.total;
  const attention = rejectedCount > 0 || sync.pendingCount > 0 || conflictCount > 0;
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
        {conflictCount > 0 && (
          <span data-testid="sync-conflict-count">
            <Plural value={conflictCount} other="# cần bạn chọn" />
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
          {sync.held.length > 0 && (
            <>
              <h2 className="sync-status__heading">
                <Trans>Đang chờ vì vượt mức sử dụng</Trans>
              </h2>
              <ul className="sync-status__list">
                {sync.held.map((entry) => (
                  <HeldEntry key={entry.id} entry={entry} />
                ))}
              </ul>
            </>
          )}
          {conflictCount > 0 && (
            <>
              <h2 className="sync-status__heading">
                <Trans>Sửa trên hai thiết bị — cần bạn chọn</Trans>
              </h2>
              <ul className="sync-status__list">
                {screensWithConflicts(sync.conflicts).map((screen) => (
                  <li key={screen.key}>
                    <Link {...screen.link} onClick={() => setOpen(false)}>
                      {screen.line}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
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
