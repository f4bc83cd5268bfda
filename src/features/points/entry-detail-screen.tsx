// /action/historyEditHistory/{history}: one point entry and its way to the server.
import { useLingui, Trans } from '@lingui/react/macro';
import { formatNumber, formatVnd } from '../../../contract/format';
import { usePageTitle } from '../../ui/page-title';
import { EmptyState } from '../../ui/empty-state';
import { usePointEntry, usePointEntryOutbox } from './points-data';
import { RefusedList } from './refused-list';
import { dateTime } from './ledger-time';
import './points.css';

/** /action/historyEditHistory/{history} — one entry and its history on its way to the server. */
export function EntryDetailScreen({ entryId }: { entryId: string }) {
  const { t } = useLingui();
  usePageTitle(t`Chi tiết giao dịch`);
  const entry = usePointEntry(entryId);
  const outbox = usePointEntryOutbox(entryId);
  const refused = (outbox ?? []).filter((e) => e.state === 'rejected');
  const waiting = (outbox ?? []).some((e) => e.state === 'pending');
  if (entry === undefined && refused.length === 0) {
    return (
      <main className="points-page page stack">
        <EmptyState title={t`Không tìm thấy giao dịch`} />
      </main>
    );
  }
  return (
    <main className="points-page page stack">
      <h1>
        <Trans>Chi tiết giao dịch</Trans>
      </h1>
      <RefusedList entries={refused} />
      {entry && (
        <>
          <dl className="points-detail">
            <dt>
              <Trans>Số hoá đơn</Trans>
            </dt>
            <dd>{entry.invoiceNumber}</dd>
            <dt>
              <Trans>Thành viên</Trans>
            </dt>
            <dd>{entry.buyerName}</dd>
            <dt>
              <Trans>Nhóm</Trans>
            </dt>
            <dd>{entry.sellerGroupName}</dd>
            <dt>
              <Trans>Giá trị hoá đơn</Trans>
            </dt>
            <dd>{formatVnd(entry.invoiceValue)}</dd>
            <dt>
              <Trans>Điểm tích luỹ</Trans>
            </dt>
            <dd>{formatNumber(entry.accumulatedPoints)}</dd>
            <dt>
              <Trans>Điểm trừ</Trans>
            </dt>
            <dd>{formatNumber(entry.deductedPoints)}</dd>
            <dt>
              <Trans>Thanh toán</Trans>
            </dt>
            <dd>{formatVnd(entry.paymentAmount)}</dd>
            <dt>
              <Trans>Nhân viên</Trans>
            </dt>
            <dd>{entry.staffName}</dd>
            {entry.note && (
              <>
                <dt>
                  <Trans>Ghi chú</Trans>
                </dt>
                <dd>{entry.note}</dd>
              </>
            )}
          </dl>
          <h2>
            <Trans>Lịch sử</Trans>
          </h2>
          <ol className="points-timeline">
            <li>
              <Trans>Ghi nhận trên thiết bị lúc {dateTime(entry.recordedAt)}</Trans>
            </li>
            {waiting ? (
              <li>
                <Trans>Đang chờ gửi lên máy chủ</Trans>
              </li>
            ) : (
              entry.changeSeq !== undefined && (
                <li>
                  <Trans>Máy chủ đã nhận lúc {dateTime(entry.createdAt)}</Trans>
                </li>
              )
            )}
          </ol>
          <p className="points-hint">
            <Trans>
              Giao dịch điểm không sửa được: để điều chỉnh, hãy ghi một giao dịch mới bù lại.
            </Trans>
          </p>
        </>
      )}
    </main>
  );
}
