import { Trans } from '@lingui/react/macro';
import { formatNumber } from '../../../contract/format';

/** Marks a row still waiting in the outbox. */
export function PendingBadge({ pending }: { pending: boolean | undefined }) {
  if (!pending) return null;
  return (
    <span className="points-badge">
      <Trans>Chờ gửi</Trans>
    </span>
  );
}

/** Marks a check-in that repeats an earlier first visit. */
export function DuplicateBadge({ duplicateOf }: { duplicateOf: string | null }) {
  if (!duplicateOf) return null;
  return (
    <span className="points-badge points-badge--warn">
      <Trans>Trùng</Trans>
    </span>
  );
}

/** Points earned and spent on one entry, each with its label (not a bare "+120 / −100"). */
export function PointsDelta({ earned, spent }: { earned: number; spent: number }) {
  return (
    <span className="points-delta">
      <span className="points-delta__earned" data-testid="points-earned">
        <span className="points-delta__label">
          <Trans>Điểm cộng</Trans>
        </span>{' '}
        +{formatNumber(earned)}
      </span>
      <span className="points-delta__spent" data-testid="points-spent">
        <span className="points-delta__label">
          <Trans>Điểm trừ</Trans>
        </span>{' '}
        −{formatNumber(spent)}
      </span>
    </span>
  );
}
