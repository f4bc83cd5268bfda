import { useLingui, Trans } from '@lingui/react/macro';
import type { OutboxEntry } from '../../db/app-db';
import { useSyncStatus } from '../../sync/use-sync-status';
import { formatNumber, formatVnd } from '../../../contract/format';
import { Button } from '../../ui/button';
import { refusedCheckInOf, refusedEntryOf } from './points-data';

/**
 * Point entries and check-ins the server refused, each with its reason, until the staffer
 * sends it again (e.g. after correcting the balance) or drops it.
 */
export function RefusedList({ entries }: { entries: OutboxEntry[] }) {
  const { t } = useLingui();
  const sync = useSyncStatus();
  if (entries.length === 0) return null;
  return (
    <section className="points-refused" aria-label={t`Bị từ chối`}>
      <h2>
        <Trans>Bị máy chủ từ chối ({entries.length})</Trans>
      </h2>
      <ul>
        {entries.map((entry) => {
          const point = refusedEntryOf(entry);
          const checkIn = refusedCheckInOf(entry);
          return (
            <li key={entry.id} className="points-refused__item" data-testid="refused-entry">
              <p>
                {point && (
                  <Trans>
                    Hoá đơn {point.invoiceNumber}: {formatVnd(Number(point.invoiceValue))}, trừ{' '}
                    {formatNumber(Number(point.deductedPoints ?? 0))} điểm
                  </Trans>
                )}
                {checkIn && <Trans>Check-in</Trans>}
              </p>
              <p className="points-refused__reason" role="alert">
                {entry.error?.message || t`Đã có lỗi xảy ra. Vui lòng thử lại sau!`}
              </p>
              <div className="points-refused__actions cluster">
                <Button variant="secondary" onClick={() => void sync.retry(entry.id)}>
                  <Trans>Gửi lại</Trans>
                </Button>
                <Button variant="danger" onClick={() => void sync.discard(entry.id)}>
                  <Trans>Bỏ qua</Trans>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
