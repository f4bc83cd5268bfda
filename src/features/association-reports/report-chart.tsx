// The agency's totals per month as a line chart. uPlot and its styles are loaded by this
// component only, so no other screen pays for them.
import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { MonthTotals } from '../../../contract/association-report';
import { formatMonth } from '../../../contract/format';
import { labelEachOnce } from '../../ui/chart-ticks';

export function ReportChart({ totals }: { totals: MonthTotals[] }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'vi-VN';
  const box = useRef<HTMLDivElement>(null);
  const labels = {
    turnover: t`Doanh thu`,
    domestic: t`Nội địa`,
    export: t`Xuất khẩu`,
    month: t`Tháng`,
  };
  useEffect(() => {
    const element = box.current;
    if (!element || totals.length === 0) return;
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void (async () => {
      const [{ default: UPlot }] = await Promise.all([
        import('uplot'),
        import('uplot/dist/uPlot.min.css'),
      ]);
      if (cancelled) return;
      // Axis figures short ("2,5 T", "550 Tr"; "2.5B" in English): a long figure was cut at the
      // left edge of a phone's chart. The table above gives them in full.
      const short = new Intl.NumberFormat(locale, {
        notation: 'compact',
        maximumFractionDigits: 1,
      });
      const xs = totals.map((m) => Date.parse(`${m.month}T00:00:00Z`) / 1000);
      // The frame's width, whatever the phone: the chart never pushes the page sideways.
      const width = Math.max(200, Math.min(element.clientWidth || 640, 720));
      chart = new UPlot(
        {
          width,
          height: 240,
          scales: { x: { time: true } },
          axes: [
            {
              values: (_u, ticks) =>
                labelEachOnce(ticks.map((s) => formatMonth(new Date(s * 1000).toISOString()))),
            },
            { size: 64, values: (_u, ticks) => labelEachOnce(ticks.map((v) => short.format(v))) },
          ],
          series: [
            {
              label: labels.month,
              value: (_u, v: number | null) =>
                v == null ? '' : formatMonth(new Date(v * 1000).toISOString()),
            },
            { label: labels.turnover, stroke: '#1d4ed8', width: 2 },
            { label: labels.domestic, stroke: '#15803d', width: 2 },
            { label: labels.export, stroke: '#b45309', width: 2 },
          ],
        },
        [
          xs,
          totals.map((m) => m.turnover),
          totals.map((m) => m.domesticRevenue),
          totals.map((m) => m.exportRevenue),
        ],
        element,
      );
    })();
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [totals, locale, labels.turnover, labels.domestic, labels.export, labels.month]);
  return (
    <div
      ref={box}
      className="report-chart chart-frame"
      role="img"
      aria-label={t`Biểu đồ doanh thu theo tháng`}
      data-testid="report-chart"
    />
  );
}
