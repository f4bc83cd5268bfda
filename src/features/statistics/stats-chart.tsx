// The dashboard's chart: uPlot, imported only when a dashboard draws it, so no other screen
// (the card above all) carries its weight.
import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { StatsBucket, StatsGranularity } from '../../../contract/statistics';
import { formatDate, formatMonth, formatNumber } from '../../../contract/format';
import { labelEachOnce } from '../../ui/chart-ticks';

const seriesColors = ['#1d4ed8', '#047857', '#b45309', '#9d174d'];
/** The y axis' possible steps: 1, 2, 5, 10, 20, 50… */
const wholeSteps = Array.from(
  { length: 24 },
  (_, i) => [1, 2, 5][i % 3]! * 10 ** Math.floor(i / 3),
);

function dayOfSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

export function StatsChart({
  series,
  granularity,
}: {
  series: StatsBucket[];
  granularity: StatsGranularity;
}) {
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const labels = [t`Lượt xem`, t`Khách`, t`Lượt bấm`, t`Lưu danh bạ`];
  const timeLabel = granularity === 'month' ? t`Tháng` : t`Ngày`;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let cancelled = false;
    let chart:
      { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let observer: ResizeObserver | undefined;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: UPlot }]) => {
        if (cancelled) return;
        const xs = series.map((b) => Date.parse(`${b.start}T00:00:00Z`) / 1000);
        const data: [number[], ...number[][]] = [
          xs,
          series.map((b) => b.views),
          series.map((b) => b.visitors),
          series.map((b) => b.clicks),
          series.map((b) => b.saves),
        ];
        // The frame's width, whatever the phone: the chart never pushes the page sideways.
        const width = () => Math.max(200, element.clientWidth);
        chart = new UPlot(
          {
            width: width(),
            height: 240,
            scales: { x: { time: true } },
            series: [
              {
                // uPlot's own name for this series is "Time": the legend speaks the UI language.
                label: timeLabel,
                value: (_u, v: number | null) => (v == null ? '' : formatDate(dayOfSeconds(v))),
              },
              ...labels.map((label, i) => ({
                label,
                stroke: seriesColors[i],
                width: 2,
                value: (_u: unknown, v: number | null) => (v == null ? '' : formatNumber(v)),
              })),
            ],
            axes: [
              {
                values: (_u, ticks) =>
                  labelEachOnce(
                    ticks.map((s) =>
                      granularity === 'month'
                        ? formatMonth(dayOfSeconds(s))
                        : formatDate(dayOfSeconds(s)).slice(0, 5),
                    ),
                  ),
              },
              {
                // Counts are whole: whole steps only, or a small range reads "0 1 1 2 2".
                incrs: wholeSteps,
                values: (_u, ticks) =>
                  ticks.map((v) => (Number.isInteger(v) ? formatNumber(v) : '')),
              },
            ],
          },
          data,
          element,
        );
        observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: 240 }));
        observer.observe(element);
        setDrawn(true);
      },
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
    // labels follow the language, which re-renders the screen with new series anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series, granularity]);

  return (
    <figure className="stats-chart chart-frame">
      <div
        ref={box}
        className="stats-chart__plot"
        role="img"
        aria-label={t`Biểu đồ lượt xem, khách, lượt bấm và lưu danh bạ theo thời gian`}
        data-testid="stats-chart"
        data-drawn={drawn ? 'true' : 'false'}
      />
    </figure>
  );
}
