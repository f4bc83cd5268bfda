// How many multi-device fault scenarios (tests/client/sync-multi-device.test.ts: 3-5 devices,
// faults, restarts, healing and the four checks) run a minute on this machine: the pace of
// `npm run fuzz`. Prints `convergence-runs-per-min: N runs/min`. Eight seeded runs, timed inside
// the test (starting vitest is not counted), and the CPU seconds a run took.
import { runMultiDeviceFuzz } from '../tests/support/multi-device-fuzz';
import type { Figure } from './run';

const runs = 8;
const seed = 20_261_126;

export async function run(): Promise<Figure[]> {
  const report = await runMultiDeviceFuzz(runs, seed);
  if (report.runs !== runs) throw new Error(`ran ${report.runs} of ${runs}`);
  const perMinute = (report.runs / report.ms) * 60_000;
  return [
    { name: 'convergence-runs-per-min', value: Math.round(perMinute * 10) / 10, unit: 'runs/min' },
    // The test process's own CPU time a run: what the pace would be on an idle core.
    {
      name: 'convergence-cpu-per-run',
      value: Math.round(report.cpuMs / report.runs) / 1000,
      unit: 's',
    },
  ];
}
