// /order-points/{id}: the entries and order groups of one member, from the local mirror.
import { useLingui, Trans } from '@lingui/react/macro';
import { ledgerBalance } from '../../../contract/points';
import { formatDate, formatNumber, formatVnd } from '../../../contract/format';
import { vietnamDay } from '../../../contract/vietnam-time';
import { usePageTitle } from '../../ui/page-title';
import { EmptyState } from '../../ui/empty-state';
import { useAllEntries, useBuyerOrderGroups } from './points-data';
import { EntryList } from './entry-list';
import './points.css';

/** /order-points/{id} — the entries of one member (their own, or at the staffer's groups). */
export function OrderPointsScreen({ memberId }: { memberId: string }) {
  const { t } = useLingui();
  usePageTitle(t`Điểm đơn hàng`);
  const entries = useAllEntries();
  const orders = useBuyerOrderGroups(memberId);
  const rows = (entries ?? []).filter((e) => e.buyerMemberId === memberId);
  const name = rows[0]?.buyerName;
  return (
    <main className="points-page page stack">
      <h1>{name ? <Trans>Điểm đơn hàng của {name}</Trans> : <Trans>Điểm đơn hàng</Trans>}</h1>
      <p>
        <Trans>
          Số dư: <strong>{formatNumber(ledgerBalance(rows))}</strong> điểm
        </Trans>
      </p>
      {(orders ?? []).length > 0 && (
        <>
          <h2>
            <Trans>Đơn hàng</Trans>
          </h2>
          <ul className="points-list">
            {(orders ?? []).map((o) => {
              const inOrder = rows.filter((r) => r.orderGroupId === o.id);
              return (
                <li key={o.id} className="points-list__item">
                  <span>{o.title || formatDate(vietnamDay(o.createdAt))}</span>
                  <span>
                    <Trans>
                      {inOrder.length} hoá đơn ·{' '}
                      {formatVnd(inOrder.reduce((s, r) => s + r.invoiceValue, 0))}
                    </Trans>
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <h2>
        <Trans>Giao dịch</Trans>
      </h2>
      {rows.length === 0 && <EmptyState title={t`Chưa có giao dịch nào`} />}
      <EntryList rows={rows} />
    </main>
  );
}
