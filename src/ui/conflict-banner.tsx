import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from './button';

export interface ConflictBannerRow {
  label: string;
  mine: string;
  theirs: string;
}

interface ConflictBannerProps {
  title: string;
  /** Field by field, this device's value and the other one (a field conflict). */
  rows?: ConflictBannerRow[];
  keepMineLabel: string;
  keepTheirsLabel: string;
  onKeepMine: () => Promise<void>;
  onKeepTheirs: () => Promise<void>;
}

/** A kept conflict and the member's two choices (decision 1062). */
export function ConflictBanner({
  title,
  rows,
  keepMineLabel,
  keepTheirsLabel,
  onKeepMine,
  onKeepTheirs,
}: ConflictBannerProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const choose = (pick: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await pick();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      className="conflict-banner surface stack stack--tight"
      role="alert"
      data-testid="conflict-banner"
    >
      <p className="conflict-banner__title">{title}</p>
      {rows && rows.length > 0 && (
        <dl className="conflict-banner__rows">
          {rows.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>
                {t`Của tôi:`} <strong>{row.mine || '—'}</strong>
              </dd>
              <dd>
                {t`Bản kia:`} <strong>{row.theirs || '—'}</strong>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="button-row">
        <Button disabled={busy} onClick={() => void choose(onKeepMine)()}>
          {keepMineLabel}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => void choose(onKeepTheirs)()}>
          {keepTheirsLabel}
        </Button>
      </div>
    </section>
  );
}
