import { Trans } from '@lingui/react/macro';

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
