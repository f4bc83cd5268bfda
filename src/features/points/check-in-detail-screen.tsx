// /action/historyCheckIn/{history}: one check-in.
import { useLingui, Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../ui/page-title';
import { EmptyState } from '../../ui/empty-state';
import { useCheckIn, usePointsOutbox } from './points-data';
import { dateTime } from './ledger-time';
import './points.css';

/** /action/historyCheckIn/{history} — one check-in. */
export function CheckInDetailScreen({ checkInId }: { checkInId: string }) {
  const { t } = useLingui();
  usePageTitle(t`Chi tiết check-in`);
  const row = useCheckIn(checkInId);
  const outbox = usePointsOutbox();
  if (!row) {
    return (
      <main className="points-page page stack">
        <EmptyState title={t`Không tìm thấy lượt check-in`} />
      </main>
    );
  }
  return (
    <main className="points-page page stack">
      <h1>
        <Trans>Chi tiết check-in</Trans>
      </h1>
      <dl className="points-detail">
        <dt>
          <Trans>Thành viên</Trans>
        </dt>
        <dd>{row.memberName}</dd>
        <dt>
          <Trans>Nhóm</Trans>
        </dt>
        <dd>{row.groupName}</dd>
        <dt>
          <Trans>Thời gian</Trans>
        </dt>
        <dd>{dateTime(row.checkedInAt)}</dd>
        <dt>
          <Trans>Nhân viên</Trans>
        </dt>
        <dd>{row.staffName}</dd>
        <dt>
          <Trans>Trạng thái</Trans>
        </dt>
        <dd>
          {outbox?.pendingRowIds.has(row.id) ? (
            <Trans>Đang chờ gửi</Trans>
          ) : (
            <Trans>Đã lưu trên máy chủ</Trans>
          )}
        </dd>
      </dl>
      {row.duplicateOf && (
        <p className="points-hint" role="note">
          <Trans>
            Lượt này lặp lại một lượt check-in trong vòng 10 phút:{' '}
            <Link to="/action/historyCheckIn/$history" params={{ history: row.duplicateOf }}>
              xem lượt đầu
            </Link>
          </Trans>
        </p>
      )}
    </main>
  );
}
