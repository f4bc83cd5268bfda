// The member's and staffer's ledger screens, all read from the local mirror (offline too):
// balances per group, entry history and detail, check-in history and detail, order points of
// a member, and per-day statistics.
import { useMemo } from 'react';
import { useLingui, Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { ledgerBalance } from '../../../contract/points';
import { appDb } from '../../db/app-db';
import { formatDate, formatNumber } from '../../lib/format';
import { totalsPerDay, vietnamDay, vietnamTime } from '../../lib/points-math';
import { usePageTitle } from '../../ui/page-title';
import { EmptyState } from '../../ui/empty-state';
import {
  currentMemberId,
  useAllCheckIns,
  useAllEntries,
  usePointsOutbox,
  useStaffGroups,
} from './points-data';
import { DuplicateBadge, PendingBadge } from './points-badges';
import { RefusedList } from './refused-list';
import './points.css';

const dateTime = (iso: string) => `${formatDate(vietnamDay(iso))} ${vietnamTime(iso)}`;

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
  if (entries === undefined) return <main className="points-page" />;
  return (
    <main className="points-page">
      <h1>
        <Trans>Điểm của tôi</Trans>
      </h1>
      {perGroup.length === 0 && <EmptyState title={t`Bạn chưa có điểm tích luỹ nào`} />}
      <ul className="points-groups" data-testid="balances">
        {perGroup.map((g) => (
          <li key={g.id} className="points-groups__item">
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

function EntryList({ rows }: { rows: NonNullable<ReturnType<typeof useAllEntries>> }) {
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
            <span>
              {formatNumber(e.invoiceValue)} VNĐ · +{formatNumber(e.accumulatedPoints)} / −
              {formatNumber(e.deductedPoints)}
            </span>
            <PendingBadge pending={outbox?.pendingRowIds.has(e.id)} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /action/history — every entry this device mirrors (own and the staffed groups'). */
export function HistoryScreen() {
  const { t } = useLingui();
  usePageTitle(t`Lịch sử tích điểm`);
  const entries = useAllEntries();
  const outbox = usePointsOutbox();
  const refused = (outbox?.rejected ?? []).filter((e) => e.name === 'point.create');
  return (
    <main className="points-page">
      <h1>
        <Trans>Lịch sử tích điểm</Trans>
      </h1>
      <RefusedList entries={refused} />
      {entries && entries.length === 0 && <EmptyState title={t`Chưa có giao dịch nào`} />}
      <EntryList rows={entries ?? []} />
    </main>
  );
}

/** /action/historyEditHistory/{history} — one entry and its history on its way to the server. */
export function EntryDetailScreen({ entryId }: { entryId: string }) {
  const { t } = useLingui();
  usePageTitle(t`Chi tiết giao dịch`);
  const entry = useLiveQuery(() => appDb.pointEntries.get(entryId), [entryId]);
  const outbox = useLiveQuery(
    () => appDb.outbox.where('[table+rowKey]').equals(['pointEntries', entryId]).toArray(),
    [entryId],
  );
  const refused = (outbox ?? []).filter((e) => e.state === 'rejected');
  const waiting = (outbox ?? []).some((e) => e.state === 'pending');
  if (entry === undefined && refused.length === 0) {
    return (
      <main className="points-page">
        <EmptyState title={t`Không tìm thấy giao dịch`} />
      </main>
    );
  }
  return (
    <main className="points-page">
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
            <dd>{formatNumber(entry.invoiceValue)} VNĐ</dd>
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
            <dd>{formatNumber(entry.paymentAmount)} VNĐ</dd>
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

/** /action/historyCheckIn — check-ins this device mirrors, newest first. */
export function CheckInHistoryScreen() {
  const { t } = useLingui();
  usePageTitle(t`Lịch sử check-in`);
  const rows = useAllCheckIns();
  const outbox = usePointsOutbox();
  const refused = (outbox?.rejected ?? []).filter((e) => e.name === 'checkin.create');
  return (
    <main className="points-page">
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

/** /action/historyCheckIn/{history} — one check-in. */
export function CheckInDetailScreen({ checkInId }: { checkInId: string }) {
  const { t } = useLingui();
  usePageTitle(t`Chi tiết check-in`);
  const row = useLiveQuery(() => appDb.checkIns.get(checkInId), [checkInId]);
  const outbox = usePointsOutbox();
  if (!row) {
    return (
      <main className="points-page">
        <EmptyState title={t`Không tìm thấy lượt check-in`} />
      </main>
    );
  }
  return (
    <main className="points-page">
      <h1>
        <Trans>Chi tiết check-in</Trans>
      </h1>
      <dl className="points-detail">
        <dt>
          <Trans>Thành viên</Trans>
        </dt>
        <dd>{row.memberName}</dd>
        <dt>
          <Trans>Nhóm</Trans>
        </dt>
        <dd>{row.groupName}</dd>
        <dt>
          <Trans>Thời gian</Trans>
        </dt>
        <dd>{dateTime(row.checkedInAt)}</dd>
        <dt>
          <Trans>Nhân viên</Trans>
        </dt>
        <dd>{row.staffName}</dd>
        <dt>
          <Trans>Trạng thái</Trans>
        </dt>
        <dd>
          {outbox?.pendingRowIds.has(row.id) ? (
            <Trans>Đang chờ gửi</Trans>
          ) : (
            <Trans>Đã lưu trên máy chủ</Trans>
          )}
        </dd>
      </dl>
      {row.duplicateOf && (
        <p className="points-hint" role="note">
          <Trans>
            Lượt này lặp lại một lượt check-in trong vòng 10 phút:{' '}
            <Link to="/action/historyCheckIn/$history" params={{ history: row.duplicateOf }}>
              xem lượt đầu
            </Link>
          </Trans>
        </p>
      )}
    </main>
  );
}

/** /order-points/{id} — the entries of one member (their own, or at the staffer's groups). */
export function OrderPointsScreen({ memberId }: { memberId: string }) {
  const { t } = useLingui();
  usePageTitle(t`Điểm đơn hàng`);
  const entries = useAllEntries();
  const orders = useLiveQuery(
    () => appDb.orderGroups.where('buyerMemberId').equals(memberId).toArray(),
    [memberId],
  );
  const rows = (entries ?? []).filter((e) => e.buyerMemberId === memberId);
  const name = rows[0]?.buyerName;
  return (
    <main className="points-page">
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
                      {formatNumber(inOrder.reduce((s, r) => s + r.invoiceValue, 0))} VNĐ
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

/** /action/statistical — totals per day of the groups the staffer works for. */
export function StatisticalScreen() {
  const { t } = useLingui();
  usePageTitle(t`Thống kê`);
  const groups = useStaffGroups();
  const entries = useAllEntries();
  const staffed = new Set((groups ?? []).map((g) => g.groupId));
  const days = totalsPerDay((entries ?? []).filter((e) => staffed.has(e.sellerGroupId)));
  return (
    <main className="points-page">
      <h1>
        <Trans>Thống kê theo ngày</Trans>
      </h1>
      {groups && groups.length === 0 && (
        <EmptyState title={t`Chỉ nhân viên bán hàng và quản trị viên của nhóm xem được thống kê`} />
      )}
      {days.length > 0 && (
        <table className="points-table" data-testid="stats">
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
                <td>{formatDate(d.day)}</td>
                <td>{formatNumber(d.entries)}</td>
                <td>{formatNumber(d.invoiceValue)}</td>
                <td>{formatNumber(d.accumulatedPoints)}</td>
                <td>{formatNumber(d.deductedPoints)}</td>
                <td>{formatNumber(d.paymentAmount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
