// /action/statistical: totals per day of the groups the staffer works for.
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, formatNumber } from '../../../contract/format';
import { totalsPerDay } from '../../lib/points-math';
import { useAllEntries, useStaffGroups } from './points-data';
import './points.css';

/** /action/statistical — points totals per day of the groups the staffer works for. */
export function PointsTotalsSection() {
  const { t } = useLingui();
  const groups = useStaffGroups();
  const entries = useAllEntries();
  const staffed = new Set((groups ?? []).map((g) => g.groupId));
  const days = totalsPerDay((entries ?? []).filter((e) => staffed.has(e.sellerGroupId)));
  // Members who sell for no group have no points figures.
  if (!groups || groups.length === 0) return null;
  return (
    <section className="points-stats stack stack--tight" aria-labelledby="points-stats-title">
      <h2 id="points-stats-title">
        <Trans>Điểm theo ngày</Trans>
      </h2>
      {days.length > 0 && (
        <table className="points-table stacked-table" data-testid="stats">
          <thead>
            <tr>
              <th>
                <Trans>Ngày</Trans>
              </th>
              <th>
                <Trans>Số hoá đơn</Trans>
              </th>
              <th>
                <Trans>Doanh thu (VNĐ)</Trans>
              </th>
              <th>
                <Trans>Điểm tích luỹ</Trans>
              </th>
              <th>
                <Trans>Điểm trừ</Trans>
              </th>
              <th>
                <Trans>Thanh toán (VNĐ)</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td data-label={t`Ngày`}>{formatDate(d.day)}</td>
                <td data-label={t`Số hoá đơn`}>{formatNumber(d.entries)}</td>
                <td data-label={t`Doanh thu (VNĐ)`}>{formatNumber(d.invoiceValue)}</td>
                <td data-label={t`Điểm tích luỹ`}>{formatNumber(d.accumulatedPoints)}</td>
                <td data-label={t`Điểm trừ`}>{formatNumber(d.deductedPoints)}</td>
                <td data-label={t`Thanh toán (VNĐ)`}>{formatNumber(d.paymentAmount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
