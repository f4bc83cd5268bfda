// /action/historyCheckIn: the check-ins this device mirrors, with the ones the server refused.
import { useLingui, Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../ui/page-title';
import { EmptyState } from '../../ui/empty-state';
import { useAllCheckIns, usePointsOutbox } from './points-data';
import { DuplicateBadge, PendingBadge } from './points-badges';
import { RefusedList } from './refused-list';
import { dateTime } from './ledger-time';
import './points.css';

/** /action/historyCheckIn — check-ins this device mirrors, newest first. */
export function CheckInHistoryScreen() {
  const { t } = useLingui();
  usePageTitle(t`Lịch sử check-in`);
  const rows = useAllCheckIns();
  const outbox = usePointsOutbox();
  const refused = (outbox?.rejected ?? []).filter((e) => e.name === 'checkin.create');
  return (
    <main className="points-page page stack">
      <h1>
        <Trans>Lịch sử check-in</Trans>
      </h1>
      <RefusedList entries={refused} />
      {rows && rows.length === 0 && <EmptyState title={t`Chưa có lượt check-in nào`} />}
      <ul className="points-list" data-testid="checkins">
        {(rows ?? []).map((c) => (
          <li key={c.id} className="points-list__item">
            <Link to="/action/historyCheckIn/$history" params={{ history: c.id }}>
              <span>{dateTime(c.checkedInAt)}</span>
              <span>
                {c.memberName} · {c.groupName}
              </span>
              <DuplicateBadge duplicateOf={c.duplicateOf} />
              <PendingBadge pending={outbox?.pendingRowIds.has(c.id)} />
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
