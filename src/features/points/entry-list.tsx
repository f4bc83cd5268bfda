// The list of point entries the history screens share.
import { Link } from '@tanstack/react-router';
import type { PointEntryRow } from '../../db/app-db';
import { formatVnd } from '../../../contract/format';
import { usePointsOutbox } from './points-data';
import { PendingBadge, PointsDelta } from './points-badges';
import { dateTime } from './ledger-time';

/** Point entries, newest first as given, each linking to its detail and marked while it waits. */
export function EntryList({ rows }: { rows: PointEntryRow[] }) {
  const outbox = usePointsOutbox();
  return (
    <ul className="points-list" data-testid="entries">
      {rows.map((e) => (
        <li key={e.id} className="points-list__item">
          <Link to="/action/historyEditHistory/$history" params={{ history: e.id }}>
            <span>{dateTime(e.recordedAt)}</span>
            <span>
              {e.invoiceNumber} · {e.buyerName}
            </span>
            <span>{formatVnd(e.invoiceValue)}</span>
            <PointsDelta earned={e.accumulatedPoints} spent={e.deductedPoints} />
            <PendingBadge pending={outbox?.pendingRowIds.has(e.id)} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
