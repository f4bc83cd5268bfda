// Axis labels for time charts: uPlot may put several ticks inside one month (or day); a label
// is written at its first tick only, so the axis never reads "07/2026 07/2026 08/2026".
export function labelEachOnce(labels: string[]): string[] {
  return labels.map((label, i) => (i > 0 && labels[i - 1] === label ? '' : label));
}
