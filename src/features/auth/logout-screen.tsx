import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSyncStatus } from '../../sync/use-sync-status';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Spinner } from '../../ui/spinner';
import { usePageTitle } from '../../ui/page-title';
import { logOut } from './session-api';
import './auth.css';

/** /logout: ends the session (asking first when changes still wait to be sent). */
export function LogoutScreen() {
  const { t } = useLingui();
  usePageTitle(t`Đăng xuất`);
  const navigate = useNavigate();
  const sync = useSyncStatus();
  const [confirmed, setConfirmed] = useState(false);
  const started = useRef(false);
  // Changes still waiting to be sent: ask first (DESIGN: logout with a non-empty outbox warns).
  const asking = sync.loaded && sync.pendingCount > 0 && !confirmed;

  useEffect(() => {
    if (!sync.loaded || asking || started.current) return;
    started.current = true;
    void logOut().then(() => navigate({ to: '/login', replace: true }));
  }, [sync.loaded, asking, navigate]);

  const cancel = () => {
    if (window.history.length > 1) window.history.back();
    else void navigate({ to: '/', replace: true });
  };

  return (
    <main className="auth-screen center-screen">
      {!asking && (
        <p role="status">
          <Spinner size="small" decorative /> <Trans>Đang đăng xuất…</Trans>
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={t`Đăng xuất?`}
        confirmLabel={t`Vẫn đăng xuất`}
        danger
        onConfirm={() => setConfirmed(true)}
        onCancel={cancel}
      >
        <p>
          <Plural
            value={sync.pendingCount}
            one="Còn # thay đổi chưa được gửi lên máy chủ. Thay đổi này sẽ được gửi khi bạn đăng nhập lại trên thiết bị này."
            other="Còn # thay đổi chưa được gửi lên máy chủ. Các thay đổi này sẽ được gửi khi bạn đăng nhập lại trên thiết bị này."
          />
        </p>
      </ConfirmDialog>
    </main>
  );
}
