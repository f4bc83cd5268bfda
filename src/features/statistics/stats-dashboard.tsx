// A card's or a brand's dashboard (spec §1, §2; decision 0910): a range of days (DD/MM/YYYY)
// by day, week or month, headline figures against the previous period, a chart, clicks per
// link, where visitors came from; for a brand its members ranked and its points per day.
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { fieldMessages, fieldTexts } from '../../../contract/field-messages';
import { formatDate, formatNumber } from '../../../contract/format';
import {
  addDaysToDay,
  clickThroughRate,
  periodChange,
  statsQuerySchema,
  type BrandStatsReport,
  type StatsCount,
  type StatsGranularity,
  type StatsQuery,
  type StatsReport,
  type StatsTotals,
} from '../../../contract/statistics';
import { vietnamDateTime, vietnamDay } from '../../../contract/vietnam-time';
import { ApiRequestError } from '../../api/http-client';
import { QueryScope } from '../../api/query-client';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { useStats, type StatsTarget } from './statistics-data';
import './statistics.css';

// uPlot comes with the chart, only on these screens.
const StatsChart = lazy(() => import('./stats-chart').then((m) => ({ default: m.StatsChart })));

/** 0.125 → '12,5%' (Vietnamese decimal comma). */
function formatPercent(fraction: number): string {
  const rounded = Math.round(fraction * 1000) / 10;
  return `${String(rounded).replace('.', ',')}%`;
}

function defaultQuery(): StatsQuery {
  const today = vietnamDay(new Date());
  return { from: addDaysToDay(today, -29), to: today, granularity: 'day' };
}

function RangePicker({
  query,
  onChange,
}: {
  query: StatsQuery;
  onChange: (query: StatsQuery) => void;
}) {
  const { t, i18n } = useLingui();
  const [from, setFrom] = useState(formatDate(query.from));
  const [to, setTo] = useState(formatDate(query.to));
  const [granularity, setGranularity] = useState<StatsGranularity>(query.granularity);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const apply = (next: { from: string; to: string; granularity: StatsGranularity }) => {
    const result = v.safeParse(statsQuerySchema, next);
    if (!result.success) {
      setErrors(
        fieldTexts(
          fieldMessages(statsQuerySchema, result.issues),
          i18n.locale === 'en' ? 'en' : 'vi',
        ),
      );
      return;
    }
    setErrors({});
    onChange(result.output);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply({ from, to, granularity });
  };

  const preset = (days: number, grain: StatsGranularity) => {
    const today = vietnamDay(new Date());
    const start = addDaysToDay(today, -(days - 1));
    setFrom(formatDate(start));
    setTo(formatDate(today));
    setGranularity(grain);
    apply({ from: start, to: today, granularity: grain });
  };

  return (
    <form className="stats-range stack stack--tight" onSubmit={onSubmit} noValidate>
      <div className="stats-range__presets cluster">
        <button type="button" className="button button--secondary" onClick={() => preset(7, 'day')}>
          <Trans>7 ngày</Trans>
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => preset(30, 'day')}
        >
          <Trans>30 ngày</Trans>
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => preset(365, 'month')}
        >
          <Trans>12 tháng</Trans>
        </button>
      </div>
      <div className="stats-range__fields">
        <TextField
          label={t`Từ ngày`}
          name="from"
          inputMode="numeric"
          placeholder="DD/MM/YYYY"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          error={errors.from}
        />
        <TextField
          label={t`Đến ngày`}
          name="to"
          inputMode="numeric"
          placeholder="DD/MM/YYYY"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={errors.to}
        />
        <div className="field">
          <label className="field__label" htmlFor="stats-granularity">
            <Trans>Theo</Trans>
          </label>
          <select
            id="stats-granularity"
            className="field__input"
            value={granularity}
            onChange={(e) => setGranularity(e.target.value as StatsGranularity)}
          >
            <option value="day">{t`Ngày`}</option>
            <option value="week">{t`Tuần`}</option>
            <option value="month">{t`Tháng`}</option>
          </select>
        </div>
        <button type="submit" className="button">
          <Trans>Xem</Trans>
        </button>
      </div>
    </form>
  );
}

function Change({ current, previous }: { current: number; previous: number }) {
  const { t } = useLingui();
  const change = periodChange(current, previous);
  if (change === null) return <span className="stats-change">{t`mới`}</span>;
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  const text = `${sign}${formatPercent(Math.abs(change))}`;
  return (
    <span
      className={`stats-change ${change > 0 ? 'stats-change--up' : change < 0 ? 'stats-change--down' : ''}`}
    >
      {t`${text} so với kỳ trước (${formatNumber(previous)})`}
    </span>
  );
}

function Totals({ totals, previous }: { totals: StatsTotals; previous: StatsTotals }) {
  const { t } = useLingui();
  const figures: { key: string; label: string; value: string; current: number; before: number }[] =
    [
      {
        key: 'views',
        label: t`Lượt xem`,
        value: formatNumber(totals.views),
        current: totals.views,
        before: previous.views,
      },
      {
        key: 'visitors',
        label: t`Khách (mỗi ngày)`,
        value: formatNumber(totals.visitors),
        current: totals.visitors,
        before: previous.visitors,
      },
      {
        key: 'clicks',
        label: t`Lượt bấm`,
        value: formatNumber(totals.clicks),
        current: totals.clicks,
        before: previous.clicks,
      },
      {
        key: 'saves',
        label: t`Lưu danh bạ`,
        value: formatNumber(totals.saves),
        current: totals.saves,
        before: previous.saves,
      },
      {
        key: 'ctr',
        label: t`Tỷ lệ bấm`,
        value: formatPercent(clickThroughRate(totals)),
        current: clickThroughRate(totals),
        before: clickThroughRate(previous),
      },
    ];
  return (
    <dl className="stats-totals grid">
      {figures.map((f) => (
        <div key={f.key} className="stats-total stat-card" data-testid={`stats-${f.key}`}>
          <dt className="stat-card__label">{f.label}</dt>
          <dd>
            <strong className="stats-total__value stat-card__value">{f.value}</strong>
            <Change current={f.current} previous={f.before} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function useActionLabels(): (action: string) => string {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    link: t`Liên kết`,
    tap_phone: t`Gọi điện`,
    tap_other: t`Gọi số khác`,
    tap_email: t`Email`,
    tap_web: t`Website`,
    tap_zalo: t`Zalo`,
    share: t`Chia sẻ`,
    qr_shown: t`Mã QR được xem`,
    vietqr_shown: t`VietQR được xem`,
    'shortlink-click': t`Link rút gọn`,
    'biolink-click': t`Bio link`,
  };
  return (action) => labels[action] ?? action;
}

function CountTable({
  caption,
  nameHeader,
  rows,
  nameOf,
  testId,
}: {
  caption: string;
  nameHeader: string;
  rows: StatsCount[];
  nameOf?: (name: string) => string;
  testId: string;
}) {
  const { t } = useLingui();
  if (rows.length === 0) return null;
  return (
    <div className="stats-table-wrap">
      <table className="stats-table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{nameHeader}</th>
            <th scope="col" className="stats-num">
              {t`Lượt xem`}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <td>{nameOf ? nameOf(row.name) : row.name}</td>
              <td className="stats-num">{formatNumber(row.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReportBody({ report }: { report: StatsReport }) {
  const { t } = useLingui();
  const actionLabel = useActionLabels();
  const devices: Record<string, string> = {
    mobile: t`Điện thoại`,
    tablet: t`Máy tính bảng`,
    desktop: t`Máy tính`,
    bot: t`Máy dò tìm`,
  };
  return (
    <>
      <p className="stats-period">
        <Trans>
          Từ {formatDate(report.from)} đến {formatDate(report.to)} · kỳ trước:{' '}
          {formatDate(report.previous.from)} – {formatDate(report.previous.to)}
        </Trans>
      </p>
      <Totals totals={report.totals} previous={report.previous} />
      <Suspense fallback={<Spinner label={t`Đang tải biểu đồ`} />}>
        <StatsChart series={report.series} granularity={report.granularity} />
      </Suspense>
      <div className="stats-grid grid">
        {report.links.length > 0 && (
          <div className="stats-table-wrap">
            <table className="stats-table" data-testid="stats-links">
              <caption>{t`Lượt bấm theo liên kết`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Loại`}</th>
                  <th scope="col">{t`Liên kết`}</th>
                  <th scope="col" className="stats-num">
                    {t`Lượt`}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.links.map((link) => (
                  <tr key={`${link.action}|${link.value}`}>
                    <td>{actionLabel(link.action)}</td>
                    <td className="stats-link-value">{link.value}</td>
                    <td className="stats-num">{formatNumber(link.clicks)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <CountTable
          caption={t`Nguồn truy cập`}
          nameHeader={t`Trang giới thiệu`}
          rows={report.referrers}
          nameOf={(name) => name || t`Trực tiếp`}
          testId="stats-referrers"
        />
        <CountTable
          caption={t`Chiến dịch (utm_source)`}
          nameHeader={t`Nguồn`}
          rows={report.utmSources}
          testId="stats-utm"
        />
        <CountTable
          caption={t`Thiết bị`}
          nameHeader={t`Loại thiết bị`}
          rows={report.devices}
          nameOf={(name) => devices[name] ?? name}
          testId="stats-devices"
        />
      </div>
    </>
  );
}

function BrandExtras({ report }: { report: BrandStatsReport }) {
  const { t } = useLingui();
  return (
    <div className="stats-grid grid">
      <div className="stats-table-wrap">
        <table className="stats-table" data-testid="stats-members">
          <caption>
            {t`Thẻ của thành viên (tổng: ${formatNumber(report.membersTotals.views)} lượt xem)`}
          </caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t`Thành viên`}</th>
              <th scope="col" className="stats-num">
                {t`Lượt xem`}
              </th>
              <th scope="col" className="stats-num">
                {t`Khách`}
              </th>
              <th scope="col" className="stats-num">
                {t`Lượt bấm`}
              </th>
              <th scope="col" className="stats-num">
                {t`Lưu`}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.members.map((m, i) => (
              <tr key={m.memberId}>
                <td>{i + 1}</td>
                <td>{m.name}</td>
                <td className="stats-num">{formatNumber(m.views)}</td>
                <td className="stats-num">{formatNumber(m.visitors)}</td>
                <td className="stats-num">{formatNumber(m.clicks)}</td>
                <td className="stats-num">{formatNumber(m.saves)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="stats-table-wrap">
        <table className="stats-table" data-testid="stats-points">
          <caption>{t`Điểm và check-in theo ngày`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Ngày`}</th>
              <th scope="col" className="stats-num">
                {t`Điểm tích`}
              </th>
              <th scope="col" className="stats-num">
                {t`Điểm đổi`}
              </th>
              <th scope="col" className="stats-num">
                {t`Check-in`}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.points.length === 0 && (
              <tr>
                <td colSpan={4}>{t`Chưa có điểm hay check-in trong khoảng này`}</td>
              </tr>
            )}
            {report.points.map((p) => (
              <tr key={p.day}>
                <td>{formatDate(p.day)}</td>
                <td className="stats-num">{formatNumber(p.issued)}</td>
                <td className="stats-num">{formatNumber(p.redeemed)}</td>
                <td className="stats-num">{formatNumber(p.checkIns)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The dashboard of a member's card or of a brand, with its range picker. */
export function StatsDashboard({ target }: { target: StatsTarget }) {
  return (
    <QueryScope>
      <Dashboard target={target} />
    </QueryScope>
  );
}

function Dashboard({ target }: { target: StatsTarget }) {
  const { t } = useLingui();
  const [query, setQuery] = useState<StatsQuery>(defaultQuery);
  const stats = useStats(target, query);
  const answer = stats.data;
  const forbidden = stats.error instanceof ApiRequestError && stats.error.status === 403;
  const missing = stats.error instanceof ApiRequestError && stats.error.status === 404;

  return (
    <section className="stats stack" aria-labelledby={`stats-title-${target.kind}`}>
      <h2 id={`stats-title-${target.kind}`}>
        {target.kind === 'brand' ? t`Thống kê thương hiệu` : t`Thống kê danh thiếp`}
        {answer && 'member' in answer.report && (
          <span className="stats-owner">
            {' '}
            · {(answer.report as { member: { name: string } }).member.name}
          </span>
        )}
        {answer && target.kind === 'brand' && (
          <span className="stats-owner"> · {(answer.report as BrandStatsReport).brand.name}</span>
        )}
      </h2>
      <RangePicker query={query} onChange={setQuery} />
      {stats.isPending && <Spinner label={t`Đang tải số liệu`} />}
      {forbidden && <EmptyState title={t`Bạn không có quyền xem thống kê này`} />}
      {missing && <EmptyState title={t`Không tìm thấy`} />}
      {stats.isError && !forbidden && !missing && (
        <EmptyState title={t`Chưa tải được số liệu`}>
          <p>{t`Kiểm tra kết nối mạng rồi thử lại.`}</p>
        </EmptyState>
      )}
      {answer && (
        <>
          {answer.offline && (
            <p className="stats-offline" role="status" data-testid="stats-offline">
              {t`Đang ngoại tuyến: số liệu lần tải cuối lúc ${vietnamDateTime(answer.fetchedAt).time} ${vietnamDateTime(answer.fetchedAt).date}`}
            </p>
          )}
          <ReportBody report={answer.report} />
          {target.kind === 'brand' && <BrandExtras report={answer.report as BrandStatsReport} />}
        </>
      )}
    </section>
  );
}
