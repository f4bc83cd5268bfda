// /action/viewPoint: the member's balance per group, from the local mirror (offline too).
import { useMemo } from 'react';
import { useLingui, Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ledgerBalance } from '../../../contract/points';
import { formatNumber } from '../../../contract/format';
import { usePageTitle } from '../../ui/page-title';
import { PulledEmptyState } from '../../ui/pulled-empty-state';
import { currentMemberId } from '../../api/current-member';
import { useAllEntries } from './points-data';
import './points.css';

/** /action/viewPoint — the member's balance per group and their own entries. */
export function ViewPointScreen() {
  const { t } = useLingui();
  usePageTitle(t`Điểm của tôi`);
  const me = currentMemberId();
  const entries = useAllEntries();
  const mine = useMemo(() => (entries ?? []).filter((e) => e.buyerMemberId === me), [entries, me]);
  const perGroup = useMemo(() => {
    const groups = new Map<string, { name: string; rows: typeof mine }>();
    for (const e of mine) {
      const g = groups.get(e.sellerGroupId) ?? { name: e.sellerGroupName, rows: [] };
      g.rows.push(e);
      groups.set(e.sellerGroupId, g);
    }
    return [...groups.entries()].map(([id, g]) => ({
      id,
      name: g.name,
      balance: ledgerBalance(g.rows),
      earned: g.rows.reduce((s, r) => s + r.accumulatedPoints, 0),
      spent: g.rows.reduce((s, r) => s + r.deductedPoints, 0),
    }));
  }, [mine]);
  if (entries === undefined) return <main className="points-page page stack" />;
  return (
    <main className="points-page page stack">
      <h1>
        <Trans>Điểm của tôi</Trans>
      </h1>
      {perGroup.length === 0 && <PulledEmptyState title={t`Bạn chưa có điểm tích luỹ nào`} />}
      <ul className="points-groups" data-testid="balances">
        {perGroup.map((g) => (
          <li key={g.id} className="points-groups__item stack stack--tight">
            <strong>{g.name}</strong>
            <span data-testid="balance">
              <Trans>{formatNumber(g.balance)} điểm</Trans>
            </span>
            <small>
              <Trans>
                Đã tích {formatNumber(g.earned)} · đã dùng {formatNumber(g.spent)}
              </Trans>
            </small>
          </li>
        ))}
      </ul>
      {me && (
        <p>
          <Link to="/order-points/$id" params={{ id: me }}>
            <Trans>Xem lịch sử giao dịch</Trans>
          </Link>
        </p>
      )}
    </main>
  );
}
